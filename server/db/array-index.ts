import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from './database';

// "Which rows list this value" on a JSON array of integers (a presentation's activities, its
// sub-missions), answered from an index instead of reading and parsing every row's array:
// - PostgreSQL: a GIN index (jsonb_path_ops) on the column, used by `column @> '[value]'`;
// - SQLite, which indexes no JSON: a side table of (value, pk) pairs, one per element, kept in step
//   by triggers on the table (so every write, the generic one, a workflow's copy or a seed's plain
//   insert, updates it in the same transaction), read by its primary key.
// At 10,000 directory sheets the json_each scan it replaces cost half of a search's CPU
// (docs/directory.md, benchmarks).

/** SQLite: the side table listing the elements of `table.column`. */
export const arrayItemsTable = (table: string, column: string): string => `${table}_${column}_items`;

/** A row's array for json_each: anything not a JSON array (null, a damaged text) lists nothing, never fails. */
function arrayOf(row: 'new' | 'r', column: string): RawBuilder<unknown> {
  const c = sql.ref(`${row}.${column}`);
  return sql`case when json_valid(${c}) and json_type(${c}) = 'array' then ${c} else '[]' end`;
}

/** The new row's elements as (value, pk) rows: integers only. */
function elementsOf(column: string): RawBuilder<unknown> {
  return sql`select distinct j.value, new.pk from json_each(${arrayOf('new', column)}) as j where j.type = 'integer'`;
}

/** Creates the index of `table.column` (a JSON array of integers) and fills it from the rows already there. */
export async function createArrayIndex(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  column: string,
): Promise<void> {
  const t = sql.table(table);
  if (dialect === 'postgres') {
    // Without fastupdate: new entries otherwise wait in an unsorted pending list until a vacuum, and
    // the planner, costing that list, kept reading the whole table after a bulk load (EXPLAIN ANALYZE
    // on the bench database). These lists change when a presentation is published, rarely.
    await sql`create index if not exists ${sql.id(`${table}_${column}_gin`)} on ${t}
      using gin (${sql.ref(column)} jsonb_path_ops) with (fastupdate = off)`.execute(db);
    return;
  }
  const name = arrayItemsTable(table, column);
  const items = sql.table(name);
  const c = sql.ref(column);
  // Primary key (value, pk) without rowid: the pks of one value are one range of the table itself.
  await sql`create table if not exists ${items} (value integer not null, pk integer not null,
    primary key (value, pk)) without rowid`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${name}_insert`)} after insert on ${t} begin
    insert or ignore into ${items} (value, pk) ${elementsOf(column)}; end`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${name}_delete`)} after delete on ${t} begin
    delete from ${items} where pk = old.pk; end`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${name}_update`)} after update of ${c}, pk on ${t} begin
    delete from ${items} where pk = old.pk;
    insert or ignore into ${items} (value, pk) ${elementsOf(column)}; end`.execute(db);
  await sql`delete from ${items}`.execute(db);
  await sql`insert or ignore into ${items} (value, pk) select j.value, r.pk from ${t} as r,
    json_each(${arrayOf('r', column)}) as j where j.type = 'integer'`.execute(db);
}

/**
 * The condition "the row `alias` (of `table`) lists every given value in its column", for a where
 * clause. On SQLite the side tables' pk lists are intersected (a merge of two sorted ranges), and the
 * row is then read by its primary key.
 */
export function containsAll(
  dialect: DialectName,
  table: string,
  alias: string,
  wanted: { column: string; value: number }[],
): RawBuilder<boolean> {
  if (dialect === 'postgres')
    return sql.join(
      wanted.map((w) => sql`${sql.ref(`${alias}.${w.column}`)} @> ${JSON.stringify([w.value])}::jsonb`),
      sql` and `,
    ) as RawBuilder<boolean>;
  const lists = wanted.map(
    (w) => sql`select pk from ${sql.table(arrayItemsTable(table, w.column))} where value = ${w.value}`,
  );
  return sql<boolean>`${sql.ref(`${alias}.pk`)} in (${sql.join(lists, sql` intersect `)})`;
}
