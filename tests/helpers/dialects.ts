import { postgresReachable } from './databases';

/**
 * The databases the API suites run on: SQLite always, PostgreSQL when reachable (the test
 * command says which ran). REQUIRE_POSTGRES=1 turns an unreachable PostgreSQL into a failure.
 */
export async function testDialects(): Promise<('sqlite' | 'postgres')[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error('PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable');
  console.warn('PostgreSQL not reachable: API tests run on SQLite only');
  return ['sqlite'];
}

export const DIALECTS = await testDialects();
