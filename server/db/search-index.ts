import { sql, type Kysely } from 'kysely';
import type { SnapshotSearch } from './migration-types';
import { searchTextOf } from '../../engine/search/normalise';
import { searchValue } from '../../engine/search/phone-words';
import type { DialectName } from './database';

// The normalised search column of an entity's table and its index (engine/schema/search-column.ts).
//
// The column is computed in TypeScript (engine/search/normalise.ts), by the generic write and by
// the seeds, never in SQL: the words of a search are normalised by the same function, so both
// sides always agree, on both databases. The index serves "contains this substring":
// - PostgreSQL: a GIN index with pg_trgm's trigram operator class, used by `like '%…%'`. When the
//   extension cannot be created (no right to), the column is kept without index: searches stay
//   correct, they read the table (a warning says so).
// - SQLite: an FTS5 table with the trigram tokenizer over the column (external content: it stores
//   only the index), kept in step by triggers on the table, queried with MATCH on a quoted phrase.
//   Words shorter than 3 characters have no trigram: they are searched with LIKE on the column.

/** The FTS5 table that indexes a table's search column on SQLite. */
export const searchIndexTable = (table: string): string => `${table}_search`;

const BATCH = 500;

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

/** Computes the search text of every row from its source columns (rows written before the column existed). */
export async function fillSearch(
  db: Kysely<unknown>,
  op: { table: string } & SnapshotSearch,
  textOf: (values: unknown[]) => string = searchTextOf,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom(op.table as never)
      .select(['pk' as never, ...op.sources.map((s) => sql.ref(s.column).as(s.column))] as never)
      .where('pk' as never, '>', after as never)
      .orderBy('pk' as never)
      .limit(BATCH)
      .execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    const values = rows.map((r) => {
      const text = textOf(
        op.sources.map((s) => searchValue(s.kind === 'json' ? parseJson(r[s.column]) : r[s.column], s.phone)),
      );
      return sql`(cast(${r.pk} as integer), cast(${text} as text))`;
    });
    const table = sql.table(op.table);
    await sql`with v(pk, s) as (values ${sql.join(values)})
      update ${table} set ${sql.ref(op.column)} = v.s from v where ${table}.pk = v.pk`.execute(db);
    after = rows[rows.length - 1].pk as number;
    if (rows.length < BATCH) return;
  }
}

/**
 * PostgreSQL: the search column's GIN indexes keep no pending list. With `fastupdate` (the default)
 * each write's trigrams wait in an unsorted list of up to `gin_pending_list_limit` (4 MB) until a
 * vacuum or an insert past the limit merges them, and every search reads that whole list: on the
 * national data set, after a few thousand contact writes, 480 pending pages doubled a structure's
 * search (513 → 1,081 buffers, 11 → 24 ms under load), and the write that crossed the limit waited
 * hundreds of milliseconds for the merge. Without it a write puts its trigrams in the tree at once
 * (a contact's save: about 1 ms more) and a search costs the same whatever was written before
 * (docs/performance.md, « Load (item 5) », fourth round). The global search's dictionary and the
 * array indexes were already built so.
 */
export const SEARCH_GIN_OPTIONS = 'fastupdate = off';

export async function createSearch(
  db: Kysely<unknown>,
  dialect: DialectName,
  op: { table: string } & SnapshotSearch,
): Promise<void> {
  await db.schema.alterTable(op.table).addColumn(op.column, 'text').execute();
  await fillSearch(db, op);
  if (dialect === 'postgres') {
    // A savepoint: on PostgreSQL the migrations run in one transaction, which a failed
    // CREATE EXTENSION would abort.
    await sql`savepoint search_extension`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint search_extension`.execute(db);
    } catch (e) {
      await sql`rollback to savepoint search_extension`.execute(db);
      console.warn(
        `search on ${op.table}: pg_trgm cannot be created (${(e as Error).message}); ` +
          'searches will read the whole table',
      );
      return;
    }
    await sql`create index if not exists ${sql.id(`${op.table}_${op.column}_trgm`)} on ${sql.table(op.table)}
      using gin (${sql.ref(op.column)} gin_trgm_ops) with (${sql.raw(SEARCH_GIN_OPTIONS)})`.execute(db);
    return;
  }
  const fts = searchIndexTable(op.table);
  const t = sql.table(op.table);
  const f = sql.table(fts);
  const c = sql.ref(op.column);
  const options = sql`content=${sql.lit(op.table)}, content_rowid='pk', tokenize='trigram'`;
  await sql`create virtual table if not exists ${f} using fts5(${c}, ${options})`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${fts}_insert`)} after insert on ${t} begin
    insert into ${f}(rowid, ${c}) values (new.pk, new.${c}); end`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${fts}_delete`)} after delete on ${t} begin
    insert into ${f}(${f}, rowid, ${c}) values ('delete', old.pk, old.${c}); end`.execute(db);
  await sql`create trigger if not exists ${sql.id(`${fts}_update`)} after update of ${c} on ${t} begin
    insert into ${f}(${f}, rowid, ${c}) values ('delete', old.pk, old.${c});
    insert into ${f}(rowid, ${c}) values (new.pk, new.${c}); end`.execute(db);
  await sql`insert into ${f}(${f}) values ('rebuild')`.execute(db);
}

const scopedIndexName = (op: { table: string; column: string }) => `${op.table}_${op.column}_scoped_trgm`;

/**
 * PostgreSQL: a trigram index of the search column with the scope column (the structure) as its
 * first key, through btree_gin. A structure's advisor searches its few thousand contacts: GIN then
 * walks the structure's short posting list and skips through the trigrams' long ones, where the
 * unscoped index reads every contact of the country having the word (docs/performance.md). The
 * unscoped index stays for the searches across structures (administrators). SQLite: nothing (its
 * FTS index has no second key; its files are one network's).
 */
export async function createScopedSearch(
  db: Kysely<unknown>,
  dialect: DialectName,
  op: { table: string; column: string; scope: string },
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`savepoint scoped_search`.execute(db);
  try {
    await sql`create extension if not exists btree_gin`.execute(db);
    const keys = sql`${sql.ref(op.scope)}, ${sql.ref(op.column)} gin_trgm_ops`;
    await sql`create index if not exists ${sql.id(scopedIndexName(op))} on ${sql.table(op.table)}
      using gin (${keys}) with (${sql.raw(SEARCH_GIN_OPTIONS)})`.execute(db);
    await sql`release savepoint scoped_search`.execute(db);
  } catch (e) {
    await sql`rollback to savepoint scoped_search`.execute(db);
    console.warn(
      `search on ${op.table}: the index scoped by ${op.scope} cannot be created (${(e as Error).message}); ` +
        'searches use the unscoped index',
    );
  }
}

export async function dropScopedSearch(
  db: Kysely<unknown>,
  dialect: DialectName,
  op: { table: string; column: string },
): Promise<void> {
  if (dialect === 'postgres') await sql`drop index if exists ${sql.id(scopedIndexName(op))}`.execute(db);
}
