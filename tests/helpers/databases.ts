import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** PostgreSQL used by the tests (trust auth on this machine kind); TEST_PG_URL overrides it. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: Promise<boolean> | undefined;

export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: a SQLite file in a temp folder, or a new PostgreSQL database created
 * through `adminUrl` (the benchmarks pass their own server and name prefix).
 */
export async function createTestDatabase(
  dialect: 'sqlite' | 'postgres',
  options: { adminUrl?: string; prefix?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? PG_ADMIN_URL;
  const prefix = options.prefix ?? 'reno_test';
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${prefix.replace(/_/g, '-')}-`));
    return {
      url: `sqlite:${join(dir, 'app.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
