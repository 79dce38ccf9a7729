import type { Kysely } from 'kysely';
import { tableMarkersOf, tablesMarker } from './table-changes';

// A value computed from a few tables, kept while none of them is written (their per-table change
// markers, server/db/table-changes.ts, are unchanged). Made for reads that every visitor repeats
// with the same arguments while the data rarely changes: the directory's matching sheets for a
// search, the names of jobs and key words. The marker is in the database, so a write through
// any process (or psql) makes every process compute again; checking it is one small statement.
//
// The marker is read before the value is computed: a commit in between makes the kept marker
// older than the value, so the next call sees a different marker and computes again (never an
// older value under a newer marker). The value is shared: callers must not change it.

interface Kept {
  marker: string;
  value: Promise<unknown>;
}

const MAX_VALUES = 1_000;

/** Per database handle (tests run several databases in one process), least recently used first. */
const kept = new WeakMap<object, Map<string, Kept>>();

export async function cachedByTables<T>(
  db: Kysely<any>,
  key: string,
  tables: readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  const markers = tableMarkersOf(db);
  // Inside a transaction the reader may see its own uncommitted writes: never kept nor served (a
  // transaction's handle has no markers of its own either).
  if (db.isTransaction || !markers || tables.some((t) => !markers.covered.has(t))) return compute();
  const row = await db.selectNoFrom(tablesMarker(tables).as('marker')).executeTakeFirst();
  const marker = String((row as { marker: unknown } | undefined)?.marker);
  let values = kept.get(db);
  if (!values) kept.set(db, (values = new Map()));
  const hit = values.get(key);
  if (hit && hit.marker === marker) {
    values.delete(key);
    values.set(key, hit);
    return hit.value as Promise<T>;
  }
  // Shared by the callers that ask meanwhile (a campaign's visitors all run the same search).
  const value = compute();
  const entry = { marker, value };
  values.delete(key);
  values.set(key, entry);
  if (values.size > MAX_VALUES) values.delete(values.keys().next().value as string);
  value.catch(() => {
    if (values.get(key) === entry) values.delete(key);
  });
  return value;
}
