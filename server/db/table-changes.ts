import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from './database';

// Per-table change markers (docs/performance.md, "Per-table change markers"): the list snapshots
// of server/operations/find.ts are kept while the tables their query reads are unchanged, instead
// of while nothing at all is written to the database.
//
// `table_change(table_name, tx, version)`: the marker of a set of tables is the sum of `version`
// over their rows, read in the same statement as the data it describes. Every committed write to
// a table makes that sum grow, and never makes it shrink, so an equal sum means no commit touched
// them in between. The rows are written by database triggers, in the writer's transaction, so
// that every write is seen: the generic one, a hook's, a seed's, COPY, another process's, psql.
//
// - PostgreSQL: a trigger FOR EACH STATEMENT (insert, update, delete, truncate) INSERTS a row
//   (table, txid_current(), 1), once per transaction and table. A single counter row per table,
//   updated, would hold its row lock until commit: every writer of a table would wait for the
//   previous one, and two transactions writing two tables in opposite orders could deadlock where
//   they did not before. Inserts of distinct keys never wait. A sequence (nextval) would not wait
//   either, but it moves before the commit: a reader could pair the new value with the old rows.
//   `compactTableChanges` replaces the committed rows of each table by one row carrying their sum
//   (one statement, so the sum a reader sees never changes by it).
// - SQLite: one row per table (tx = 0) updated by a trigger FOR EACH ROW (SQLite has no statement
//   triggers); SQLite has a single writer, so there is nothing to wait for or deadlock on.
//
// The triggers are created at every start (`ensureTableChangeTriggers`, after the migrations),
// for every table that has none yet, so a table added by a later migration is covered too; a
// trigger is a catalogue entry (no table rewrite, instant on a million rows).

export const TABLE_CHANGE = 'table_change';

/** Tables never marked: the marker table itself, the migrator's, SQLite's own. */
const UNMARKED = new Set([TABLE_CHANGE, 'kysely_migration', 'kysely_migration_lock']);

export interface TableMarkers {
  /** Tables whose writes bump their marker. */
  covered: Set<string>;
  /** Every table of the database (a list reading one not covered falls back to the global marker). */
  known: Set<string>;
}

/** Per database handle, filled when its triggers are ensured; absent: global markers only. */
const markers = new WeakMap<object, TableMarkers>();

export const tableMarkersOf = (db: object): TableMarkers | undefined => markers.get(db);

async function createMarkerTable(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const int = dialect === 'postgres' ? sql.raw('bigint') : sql.raw('integer');
  await sql`create table if not exists ${sql.table(TABLE_CHANGE)} (table_name text not null, tx ${int} not null,
    version ${int} not null, primary key (table_name, tx))`.execute(db);
  if (dialect === 'postgres')
    await sql`create or replace function table_change_bump() returns trigger language plpgsql as $$
      begin
        insert into table_change (table_name, tx, version) values (TG_TABLE_NAME, txid_current(), 1)
          on conflict do nothing;
        return null;
      end $$`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<TableMarkers> {
  const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const { rows: existing } = await sql<{ name: string }>`select c.relname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid where t.tgname = 'table_change_write'
    and c.relnamespace = current_schema()::regnamespace`.execute(db);
  const done = new Set(existing.map((r) => r.name));
  const covered = new Set<string>();
  for (const { name } of tables) {
    if (UNMARKED.has(name)) continue;
    covered.add(name);
    if (done.has(name)) continue;
    const t = sql.table(name);
    await sql`create or replace trigger table_change_write after insert or update or delete on ${t}
      for each statement execute function table_change_bump()`.execute(db);
    await sql`create or replace trigger table_change_truncate after truncate on ${t}
      for each statement execute function table_change_bump()`.execute(db);
  }
  return { covered, known: new Set(tables.map((r) => r.name)) };
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<TableMarkers> {
  const { rows } = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master
    where type = 'table'`.execute(db);
  // Virtual tables (FTS) take no trigger, nor do their shadow tables (<name>_data, _idx…).
  const virtual = rows.filter((r) => /^create\s+virtual/i.test(r.sql ?? '')).map((r) => r.name);
  const covered = new Set<string>();
  for (const { name } of rows) {
    if (UNMARKED.has(name) || name.startsWith('sqlite_')) continue;
    if (virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
    covered.add(name);
    const t = sql.table(name);
    const row = sql`(table_name, tx, version) values (${name}, 0, 0)`;
    await sql`insert or ignore into ${sql.table(TABLE_CHANGE)} ${row}`.execute(db);
    const bump = sql.raw(`update ${TABLE_CHANGE} set version = version + 1 where table_name = '${name}' and tx = 0;`);
    for (const event of ['insert', 'update', 'delete'])
      await sql`create trigger if not exists ${sql.id(`${name}__changed_${event}`)} after ${sql.raw(event)} on ${t}
        begin ${bump} end`.execute(db);
  }
  return { covered, known: new Set(rows.map((r) => r.name)) };
}

/** Creates the marker table and the missing triggers; remembers which tables are covered. */
export async function ensureTableChangeTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createMarkerTable(db, dialect);
  const found =
    dialect === 'postgres'
      ? // Several processes start together: one creates the triggers while the others wait.
        await db.transaction().execute(async (tx) => {
          await sql`select pg_advisory_xact_lock(727100)`.execute(tx);
          return postgresTriggers(tx);
        })
      : await sqliteTriggers(db);
  markers.set(db, found);
}

/** The marker of `tables`, as a scalar subquery (evaluated once per statement). */
export function tablesMarker(tables: readonly string[]): RawBuilder<string> {
  return sql<string>`(select coalesce(sum(version), 0) from ${sql.table(TABLE_CHANGE)}
    where table_name in (${sql.join(tables.map((t) => sql.lit(t)))}))`;
}

/**
 * PostgreSQL: folds the committed rows of each table into one (same sum). The rows of transactions
 * still running are invisible to the delete and stay; two compactions at once each delete (and
 * re-insert the sum of) only the rows they could lock.
 */
export async function compactTableChanges(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`with gone as (delete from table_change returning table_name, version)
    insert into table_change (table_name, tx, version)
    select table_name, txid_current(), sum(version) from gone group by table_name`.execute(db);
}
