import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value in COPY's CSV format: unquoted empty is NULL, so every text is quoted (an empty text stays ""). */
export function csvValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  return `"${String(v).replace(/"/g, '""')}"`;
}

/** A PostgreSQL identifier from the schemas (snake case), quoted. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected identifier ${name}`);
  return `"${name}"`;
}

const ROWS_PER_CHUNK = 2000;

/**
 * Streams rows into a table with `COPY … FROM STDIN` (one statement, no per-row round trip or
 * parse); rows are produced lazily, so a million of them never sit in memory. Returns the count.
 */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: string[],
  rows: Iterable<unknown[]>,
): Promise<number> {
  let count = 0;
  function* chunks(): Generator<string> {
    let lines: string[] = [];
    for (const row of rows) {
      lines.push(row.map(csvValue).join(','));
      count += 1;
      if (lines.length === ROWS_PER_CHUNK) {
        yield `${lines.join('\n')}\n`;
        lines = [];
      }
    }
    if (lines.length) yield `${lines.join('\n')}\n`;
  }
  const list = columns.map(quoteIdentifier).join(', ');
  const statement = `copy ${quoteIdentifier(table)} (${list}) from stdin with (format csv)`;
  await pipeline(Readable.from(chunks()), client.query(copyFrom(statement)));
  return count;
}
