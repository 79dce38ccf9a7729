import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database';

export interface TableDigest {
  rows: number;
  /** SHA-256 of the table's rows in a canonical order; absent when only counts were asked for. */
  sha256?: string;
}

function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `base64:${value.toString('base64')}`;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function rowText(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, canonical(row[k])]),
  );
}

/** The tables of the database (the application's schema on PostgreSQL), sorted by name. */
export async function tableNames(database: Database): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables
    .filter((t) => !t.isView)
    .map((t) => t.name)
    .sort();
}

/**
 * Per table, its row count and (unless `counts`) a digest of its rows, independent of the order the
 * database returns them in: what a restore is compared with. Reads each table whole, so digests are
 * meant for databases that fit a backup window; `counts` is for the very large ones.
 */
export async function tableDigests(
  database: Database,
  options: { counts?: boolean } = {},
): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const name of await tableNames(database)) {
    if (options.counts) {
      const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(database.db);
      out[name] = { rows: Number(r.rows[0]?.n ?? 0) };
      continue;
    }
    const r = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db);
    const texts = r.rows.map(rowText).sort();
    const hash = createHash('sha256');
    for (const t of texts) hash.update(t).update('\n');
    out[name] = { rows: texts.length, sha256: hash.digest('hex') };
  }
  return out;
}

/** Tables whose count or digest differ between two digests (by name, with what each side says). */
export function digestDifferences(
  expected: Record<string, TableDigest>,
  actual: Record<string, TableDigest>,
): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  const out: string[] = [];
  for (const name of [...names].sort()) {
    const e = expected[name];
    const a = actual[name];
    if (!e || !a) out.push(`${name} : ${e ? 'absente après restauration' : 'absente de la sauvegarde'}`);
    else if (e.rows !== a.rows) out.push(`${name} : ${e.rows} lignes sauvegardées, ${a.rows} restaurées`);
    else if (e.sha256 && a.sha256 && e.sha256 !== a.sha256) out.push(`${name} : contenu différent`);
  }
  return out;
}
