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

export interface TestDatabase { url: string; drop(): Promise<void> }

/** A fresh, empty database: a SQLite file in a temp folder, or a new PostgreSQL database. */
export async function createTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'reno-test-'));
    return { url: `sqlite:${join(dir, 'app.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `reno_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
