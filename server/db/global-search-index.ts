import { sql, type Kysely } from 'kysely';
import type { SnapshotSearch } from './migration-types';
import type { DialectName } from './database';
import { fillSearch } from './search-index';
import { globalSearchTextOf } from '../../engine/schema/global-search-column';
import { minSharedTrigrams, trigramsOfTrigramText } from '../../engine/search/trigram';

// The global search's index (docs/search.md). Each record of an entity whose list declares
// `globalSearch` keeps, in its `global_search` column, a JSON array of texts (one per field
// value, already in pg_trgm's form: engine/search/trigram.ts). Triggers copy the column into side
// tables that index **distinct values**, not entries: 100,000 contacts hold a few hundred first
// names, surnames and towns, and the index reads each of them once.
// - `<table>_gsearch_value` (the dictionary): one row per distinct text (id, value);
// - `<table>_gsearch_posting` (value_id, pk): which records hold it.
// Then, to find the values close to a query:
// - PostgreSQL: the dictionary also stores n (counted by the trigger as on SQLite) and is indexed by
//   one partial GIN pg_trgm index per band of n (POSTGRES_BANDS); candidates are `value % padded`
//   in the bands that can reach the threshold, the query padded so that the index asks for nearly
//   the trigrams a value of the band needs (paddedQuery), then `similarity(value, query)` ≥ t.
// - SQLite: the dictionary also stores n, the number of distinct trigrams of the value (computed by
//   the trigger over a table of numbers), and each value is indexed by an FTS5 trigram table of its
//   band of n (`<table>_gsearch_b<i>`, bands BANDS): a text of n trigrams can only reach threshold t
//   with a query of q trigrams when t·q ≤ n ≤ q/t, so a search reads only the bands that overlap
//   this interval (e-mails and names no longer share trigram lists). In each band the rarest
//   trigram lists are read (listsToRead, sizes from the band's fts5vocab table) and counted in SQL;
//   a value reaching t shares at least t·(n + q)/(1 + t) trigrams with the query, so it is in at
//   least that many minus the unread lists among the lists read, with its own n.
// Either way the candidates are scored again in TypeScript (engine/search/trigram.ts), which is
// what makes both databases return the same hits in the same order.

/** The first layout (one row per entry: FTS5 on SQLite, a table with GIN on PostgreSQL), dropped by a rebuild. */
const oldSideTable = (table: string): string => `${table}_gsearch`;
const valueTable = (table: string): string => `${table}_gsearch_value`;
const postingTable = (table: string): string => `${table}_gsearch_posting`;
/** SQLite: the FTS5 table of band `i` and its vocabulary. */
const bandTable = (table: string, i: number): string => `${table}_gsearch_b${i}`;
/**
 * SQLite: upper bounds of the bands of n (the last band is open): names and towns (≤ 6 or ≤ 10
 * trigrams), phone numbers (11), addresses, e-mails (20–30) fall in different bands.
 */
export const BANDS = [6, 10, 16, 26];
const bandOf = (i: number, bands = BANDS): { low: number; high: number } => ({
  low: i === 0 ? 1 : bands[i - 1] + 1,
  high: i < bands.length ? bands[i] : Number.POSITIVE_INFINITY,
});
/**
 * PostgreSQL: upper bounds of the bands of n, one partial GIN index each (the last band is open).
 * Finer than SQLite's: a value is in one index whatever their number, and the narrower a band, the
 * more trigrams a padded query (paddedQuery) can ask of its values.
 */
export const POSTGRES_BANDS = [4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 31, 34, 38, 43, 50, 60];
/** SQLite: 1…NUMBERS, the character positions the triggers walk to cut a value into trigrams. */
const NUMBERS_TABLE = 'global_search_numbers';
/**
 * Longest padded value (characters) whose trigrams the SQLite triggers cut: longer ones (none in
 * practice: a value is one field) are kept with n = null and always read as candidates, so the
 * index never misses one.
 */
export const MAX_INDEXED_LENGTH = 2048;

/**
 * PostgreSQL: the dictionary's GIN index keeps no pending list. With `fastupdate` (the default) new
 * entries wait in an unsorted list of up to `gin_pending_list_limit` (4 MB) until a vacuum or an
 * insert past the limit merges them, and every search reads that whole list and tests each entry
 * against the query: on the bench database (autovacuum off, as on the test server) 512 pending
 * pages of 12,668 values, read by every `%` search of the contacts, 122 of its 167 ms (EXPLAIN
 * ANALYZE, docs/performance.md). A value is written once (the dictionary keeps distinct values), so
 * inserting its trigrams into the tree at once costs the writes little.
 */
const GIN_OPTIONS = 'fastupdate = off';

function identifier(name: string): string {
  // Table names come from the schemas (snake case); written raw into trigger and function bodies.
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected table name ${name}`);
  return name;
}

export async function fillGlobalSearch(db: Kysely<unknown>, op: { table: string } & SnapshotSearch): Promise<void> {
  await fillSearch(db, op, globalSearchTextOf);
}

/** The padded form of a value in SQL: "  jean |  martin " (each pg_trgm trigram a window, `|` between words). */
const padded = (value: string): string => `('  ' || replace(${value}, ' ', ' |  ') || ' ')`;

/** SQLite: n of the SQL text `value` (null when too long to be cut by the triggers). */
function trigramCount(value: string): string {
  const p = padded(value);
  return `case when length(${p}) <= ${MAX_INDEXED_LENGTH} then (select count(distinct substr(${p}, i, 3))
    from ${NUMBERS_TABLE} where i <= length(${p}) - 2 and instr(substr(${p}, i, 3), '|') = 0) end`;
}

/** Drops the index of either layout (a rebuild), keeping the column. */
async function dropIndex(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<void> {
  const old = oldSideTable(table);
  if (dialect === 'postgres') {
    await sql.raw(`drop trigger if exists ${old}_sync on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${old}_sync()`).execute(db);
    await sql.raw(`drop trigger if exists ${valueTable(table)}_sync on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${valueTable(table)}_sync()`).execute(db);
    for (const t of [old, postingTable(table), valueTable(table)])
      await sql.raw(`drop table if exists ${t}`).execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists ${old}_${trigger}`).execute(db);
    await sql.raw(`drop trigger if exists ${valueTable(table)}_on_${trigger}`).execute(db);
  }
  const bands = BANDS.flatMap((_, i) => [`${bandTable(table, i)}_vocab`, bandTable(table, i)]);
  bands.push(`${bandTable(table, BANDS.length)}_vocab`, bandTable(table, BANDS.length));
  for (const t of [`${old}_vocab`, old, ...bands, postingTable(table), valueTable(table)])
    await sql.raw(`drop table if exists ${t}`).execute(db);
}

/** PostgreSQL: n of the SQL text `value`, as the SQLite triggers count it (no pg_trgm needed). */
function postgresTrigramCount(value: string): string {
  const p = padded(value);
  return `(select count(distinct substr(${p}, i, 3)) from generate_series(1, length(${p}) - 2) i
    where position('|' in substr(${p}, i, 3)) = 0)::integer`;
}

/** PostgreSQL: the band predicate of a partial GIN index (the same text in the index and the queries). */
function bandPredicate(i: number, alias = ''): string {
  const { low, high } = bandOf(i, POSTGRES_BANDS);
  return `${alias}n >= ${low}${Number.isFinite(high) ? ` and ${alias}n <= ${high}` : ''}`;
}

/** PostgreSQL: the trigger keeping the dictionary (with each value's n) and the postings. */
async function createPostgresSync(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const values = valueTable(table);
  const postings = postingTable(table);
  // Values no record holds any more are left in the dictionary (removing them safely would need to
  // lock against a concurrent insert of the same value); the join with the postings ignores them.
  await sql
    .raw(
      `create or replace function ${values}_sync() returns trigger language plpgsql as $$
      declare
        entry text;
        found_id bigint;
      begin
        if tg_op in ('UPDATE', 'DELETE') then delete from ${postings} where pk = old.pk; end if;
        if tg_op in ('INSERT', 'UPDATE') then
          -- One index lookup per entry (a join would hash the whole dictionary).
          for entry in select distinct e
              from jsonb_array_elements_text(coalesce(new.${column}, '[]')::jsonb) e loop
            select id into found_id from ${values} where md5(value) = md5(entry) and value = entry;
            if found_id is null then
              insert into ${values} (value, n) values (entry, ${postgresTrigramCount('entry')})
                on conflict (md5(value)) do nothing returning id into found_id;
              -- Inserted meanwhile by a concurrent transaction, now committed.
              if found_id is null then
                select id into found_id from ${values} where md5(value) = md5(entry) and value = entry;
              end if;
            end if;
            if found_id is not null then
              insert into ${postings} (value_id, pk) values (found_id, new.pk) on conflict do nothing;
            end if;
          end loop;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql.raw(`drop trigger if exists ${values}_sync on ${table}`).execute(db);
  await sql
    .raw(
      `create trigger ${values}_sync after insert or delete or update of ${column} on ${table}
      for each row execute function ${values}_sync()`,
    )
    .execute(db);
}

/**
 * PostgreSQL: one partial GIN pg_trgm index per band of n (BANDS, as SQLite's FTS5 tables), so that a
 * search reads only the values whose n can reach the threshold (`jean` no longer rechecks the 2,586
 * e-mails starting with it). Created when missing; without pg_trgm, none (with a warning).
 */
async function createBandIndexes(db: Kysely<unknown>, table: string): Promise<void> {
  const values = valueTable(table);
  // A savepoint: the migrations run in one transaction, which a failed CREATE EXTENSION would abort.
  await sql`savepoint global_search_extension`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint global_search_extension`.execute(db);
  } catch (e) {
    await sql`rollback to savepoint global_search_extension`.execute(db);
    console.warn(`global search on ${table}: pg_trgm cannot be created (${(e as Error).message})`);
    return;
  }
  for (let i = 0; i <= POSTGRES_BANDS.length; i++)
    // fastupdate off: no pending list (see GIN_OPTIONS).
    await sql
      .raw(
        `create index if not exists ${values}_trgm_b${i} on ${values} using gin (value gin_trgm_ops) ` +
          `with (${GIN_OPTIONS}) where ${bandPredicate(i)}`,
      )
      .execute(db);
}

/** Creates the dictionary, postings, trigram tables and triggers (empty; the caller fills them). */
async function createIndex(db: Kysely<unknown>, dialect: DialectName, table: string, column: string): Promise<void> {
  const values = valueTable(table);
  const postings = postingTable(table);
  const entries = (row: 'new' | 'old') =>
    dialect === 'postgres'
      ? `jsonb_array_elements_text(coalesce(${row}.${column}, '[]')::jsonb)`
      : `json_each(coalesce(${row}.${column}, '[]'))`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create table ${values} (id bigint generated by default as identity primary key, value text not null, ` +
          'n integer)',
      )
      .execute(db);
    // No statistics on the values: `%`'s estimator computes similarity() of the query with each of
    // the column's most common values and histogram bounds (up to 200), for each band a search reads —
    // with a padded query (paddedQuery), 15–25 ms of planning per search; 1 ms without them.
    await sql.raw(`alter table ${values} alter column value set statistics 0`).execute(db);
    // md5: a b-tree entry is limited to ~2,700 bytes, a value is not.
    await sql.raw(`create unique index ${values}_md5 on ${values} (md5(value))`).execute(db);
    await sql
      .raw(`create table ${postings} (value_id bigint not null, pk integer not null, primary key (value_id, pk))`)
      .execute(db);
    await sql.raw(`create index ${postings}_pk on ${postings} (pk)`).execute(db);
    await createPostgresSync(db, table, column);
    await createBandIndexes(db, table);
    return;
  }
  await sql.raw(`create table if not exists ${NUMBERS_TABLE} (i integer primary key)`).execute(db);
  await sql
    .raw(
      `insert or ignore into ${NUMBERS_TABLE} (i) select value from json_each(` +
        `'[${Array.from({ length: MAX_INDEXED_LENGTH }, (_, i) => i + 1).join(',')}]')`,
    )
    .execute(db);
  await sql.raw(`create table ${values} (id integer primary key, value text not null unique, n integer)`).execute(db);
  await sql.raw(`create index ${values}_long on ${values} (id) where n is null`).execute(db);
  await sql
    .raw(
      `create table ${postings} (value_id integer not null, pk integer not null, primary key (value_id, pk)) ` +
        'without rowid',
    )
    .execute(db);
  await sql.raw(`create index ${postings}_pk on ${postings} (pk)`).execute(db);
  // Each band: an FTS5 trigram table over the padded value ("  jean |  martin ": every pg_trgm
  // trigram is a substring, `|` keeps the words apart), rowid = the value's id.
  const inserts: string[] = [];
  const deletes: string[] = [];
  for (let i = 0; i <= BANDS.length; i++) {
    const band = bandTable(table, i);
    const { low, high } = bandOf(i);
    await sql
      .raw(`create virtual table ${band} using fts5(padded, tokenize='trigram', detail='none', content='')`)
      .execute(db);
    await sql.raw(`create virtual table ${band}_vocab using fts5vocab(${band}, 'row')`).execute(db);
    const within = (row: string) => `${row}.n >= ${low}${Number.isFinite(high) ? ` and ${row}.n <= ${high}` : ''}`;
    inserts.push(`insert into ${band} (rowid, padded) select new.id, ${padded('new.value')} where ${within('new')};`);
    // A contentless table forgets a row given the text it indexed.
    deletes.push(
      `insert into ${band} (${band}, rowid, padded) select 'delete', old.id, ${padded('old.value')} ` +
        `where ${within('old')};`,
    );
  }
  await sql
    .raw(
      `create trigger ${values}_insert after insert on ${values} when new.n is not null begin ${inserts.join(' ')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${values}_delete after delete on ${values} when old.n is not null begin ${deletes.join(' ')} end`,
    )
    .execute(db);
  const insert = `insert into ${values} (value, n)
      select distinct e.value, ${trigramCount('e.value')} from ${entries('new')} e
      where e.type = 'text' and not exists (select 1 from ${values} v where v.value = e.value);
    insert or ignore into ${postings} (value_id, pk)
      select distinct v.id, new.pk from ${entries('new')} e join ${values} v on v.value = e.value;`;
  // Values no record holds any more leave the dictionary (SQLite has one writer at a time).
  const forget = `delete from ${values} where value in (select value from ${entries('old')})
      and not exists (select 1 from ${postings} p where p.value_id = ${values}.id);`;
  await sql.raw(`create trigger ${values}_on_insert after insert on ${table} begin ${insert} end`).execute(db);
  await sql
    .raw(
      `create trigger ${values}_on_delete after delete on ${table} begin
        delete from ${postings} where pk = old.pk; ${forget} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${values}_on_update after update of ${column} on ${table} begin
        delete from ${postings} where pk = old.pk; ${insert} ${forget} end`,
    )
    .execute(db);
}

export async function createGlobalSearch(
  db: Kysely<unknown>,
  dialect: DialectName,
  op: { table: string } & SnapshotSearch,
): Promise<void> {
  const table = identifier(op.table);
  const column = identifier(op.column);
  await db.schema.alterTable(table).addColumn(column, 'text').execute();
  await createIndex(db, dialect, table, column);
  // Existing rows: computing the column fires the triggers, which fill the side tables.
  await fillGlobalSearch(db, op);
}

/**
 * Replaces the index of a table (an index layout of an earlier version) by the current one, and
 * fills it from the column (setting the column to itself fires the triggers).
 */
export async function rebuildGlobalSearch(
  db: Kysely<unknown>,
  dialect: DialectName,
  op: { table: string } & SnapshotSearch,
): Promise<void> {
  const table = identifier(op.table);
  const column = identifier(op.column);
  // SQLite has had its layout since 2. PostgreSQL's layout 4 (n and GIN indexes by band) is rebuilt
  // from the column rather than altered in place: a dictionary analysed before keeps statistics on
  // its values, which the planner would read again for each band (see createIndex).
  if (await hasDictionary(db, dialect, table)) {
    if (dialect === 'sqlite' || (await hasTrigramCounts(db, table))) return;
  }
  await dropIndex(db, dialect, table);
  await createIndex(db, dialect, table, column);
  await sql.raw(`update ${table} set ${column} = ${column} where ${column} is not null`).execute(db);
}

/** Whether `table` is indexed by a dictionary of distinct values (layout 2 or later). */
async function hasDictionary(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<boolean> {
  const name = valueTable(table);
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ n: number }>`select (to_regclass(${name}) is not null)::int as n`.execute(db)
      : await sql<{
          n: number;
        }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** PostgreSQL: whether the dictionary of `table` keeps n (layout 4). */
async function hasTrigramCounts(db: Kysely<unknown>, table: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
    where table_schema = current_schema() and table_name = ${valueTable(table)} and column_name = 'n'`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** How long a list size read from fts5vocab is reused: sizes only choose which lists to read. */
const SIZE_TTL_MS = 10 * 60_000;
const SIZE_CACHE_MAX = 100_000;
const sizeCache = new Map<string, { size: number; at: number }>();

/**
 * The sizes of some trigram lists of a band (SQLite). fts5vocab counts a list by reading it
 * whole — for the common trigrams of e-mails most of a search's time —, so the sizes are kept
 * for a while in this process. A stale size never changes the answer (any lists may be read, the
 * count asked for follows from how many are), only which lists are read.
 */
async function listSizes(db: Kysely<any>, band: string, trigrams: string[]): Promise<Map<string, number>> {
  const now = Date.now();
  const out = new Map<string, number>();
  const missing: string[] = [];
  for (const t of trigrams) {
    const cached = sizeCache.get(`${band}\u0000${t}`);
    if (cached && now - cached.at < SIZE_TTL_MS) out.set(t, cached.size);
    else missing.push(t);
  }
  if (missing.length === 0) return out;
  const { rows } = await sql<{ term: string; doc: number }>`select term, doc
    from ${sql.table(`${band}_vocab`)} where term in (${sql.join(missing)})`.execute(db);
  const found = new Map(rows.map((r) => [r.term, Number(r.doc)]));
  if (sizeCache.size + missing.length > SIZE_CACHE_MAX) sizeCache.clear();
  for (const t of missing) {
    const size = found.get(t) ?? 0;
    out.set(t, size);
    sizeCache.set(`${band}\u0000${t}`, { size, at: now });
  }
  return out;
}

/** An entry close enough to the query to be scored: the record's pk and the entry's text. */
export interface CandidateEntry {
  pk: number;
  value: string;
}

/** A dictionary value close enough to the query to be scored. */
export interface CandidateValue {
  id: number;
  value: string;
}

/** Lowers a bound by a millionth, so that a score rounded up to the threshold by float4 is never skipped. */
const SLACK = 1e-6;

/** Ids written into SQL as literals (any number of them, no parameter limit): integers only. */
function idList(ids: readonly number[]): ReturnType<typeof sql.raw> {
  if (ids.length === 0 || !ids.every((id) => Number.isSafeInteger(id))) throw new Error('unexpected value ids');
  return sql.raw(ids.join(', '));
}

/**
 * Entries of `table` that may reach `threshold` with `query` (in trigram form): a superset of
 * those that do, never missing one; the caller scores them. (Every holder of every candidate value:
 * the search itself reads holders lazily, rankedHolders.)
 */
export async function candidateEntries(
  db: Kysely<any>,
  dialect: DialectName,
  table: string,
  query: string,
  threshold: number,
): Promise<CandidateEntry[]> {
  const values = await candidateValues(db, dialect, table, query, threshold);
  if (values.length === 0) return [];
  const byId = new Map(values.map((v) => [v.id, v.value]));
  const { rows } = await sql<{ pk: number; value_id: number }>`select pk, value_id
    from ${sql.table(identifier(postingTable(table)))} where value_id in (${idList([...byId.keys()])})`.execute(db);
  return rows.map((r) => ({ pk: Number(r.pk), value: byId.get(Number(r.value_id))! }));
}

/**
 * Dictionary values of `table` that may reach `threshold` with `query` (in trigram form): a
 * superset of those that do, never missing one; the caller scores them. On PostgreSQL values no
 * record holds any more may be among them (they have no postings).
 */
export async function candidateValues(
  db: Kysely<any>,
  dialect: DialectName,
  table: string,
  query: string,
  threshold: number,
): Promise<CandidateValue[]> {
  return (await candidateValueSets(db, dialect, table, [query], threshold))[0];
}

/**
 * candidateValues for several texts at once (a query and its words), in order. On PostgreSQL one
 * pinned connection sets the threshold once and one statement searches every text: a query of
 * two words costs two round trips per table instead of six.
 */
export async function candidateValueSets(
  db: Kysely<any>,
  dialect: DialectName,
  table: string,
  queries: string[],
  threshold: number,
): Promise<CandidateValue[][]> {
  if (queries.length === 0) return [];
  if (dialect !== 'postgres') {
    const out: CandidateValue[][] = [];
    for (const query of queries) out.push(await sqliteCandidates(db, table, query, threshold));
    return out;
  }
  const values = sql.table(identifier(valueTable(table)));
  // The threshold pg_trgm is given is a fraction of the asked one (see paddedQuery), lowered by a
  // millionth: pg_trgm compares its float4 score. Set for the session of one pinned connection, just
  // before the query (three round trips with the reset below, where a transaction with SET LOCAL
  // takes four): nothing else of the application uses `%`.
  const given = threshold / PADDING_RATIO;
  const limit = String(given * (1 - SLACK));
  // Each text searches the GIN indexes of the bands its values' n may fall in (the same literal
  // predicate as the partial index, so that the planner uses it), then n's own interval.
  const branches = queries.flatMap((query, i) => {
    const q = trigramsOfTrigramText(query).size;
    const { low, high } = nInterval(q, threshold);
    return Array.from({ length: POSTGRES_BANDS.length + 1 }, (_, b) => b)
      .filter((b) => bandOf(b, POSTGRES_BANDS).high >= low && bandOf(b, POSTGRES_BANDS).low <= high)
      .map((b) => {
        const padded = paddedQuery(query, q, Math.max(low, bandOf(b, POSTGRES_BANDS).low), threshold, given);
        // similarity() on the query itself after the recheck: only the values reaching the threshold
        // are sent (the padded recheck keeps more).
        return sql`select ${sql.lit(i)} as q, v.id, v.value from ${values} v
          where ${sql.raw(bandPredicate(b, 'v.'))} and v.n between ${sql.lit(low)} and ${sql.lit(high)}
            and v.value % ${padded} and similarity(v.value, ${query}) >= ${sql.lit(threshold * (1 - SLACK))}`;
      });
  });
  if (branches.length === 0) return queries.map(() => []);
  const rows = await db.connection().execute(async (connection) => {
    // No parallel plan either: a padded query (paddedQuery) looks costly to the planner, which then
    // hands the bands to two workers whose start-up costs more than the 5–15 ms scans (147 ms at
    // load 13). Put back at once: the connection returns to the pool.
    await sql`select set_config('pg_trgm.similarity_threshold', ${limit}, false),
      set_config('max_parallel_workers_per_gather', '0', false)`.execute(connection);
    try {
      return (
        await sql<{ q: number; id: number | string; value: string }>`${sql.join(branches, sql` union all `)}`.execute(
          connection,
        )
      ).rows;
    } finally {
      await sql`reset max_parallel_workers_per_gather`.execute(connection);
    }
  });
  const out = queries.map(() => [] as CandidateValue[]);
  for (const r of rows) out[Number(r.q)].push({ id: Number(r.id), value: r.value });
  return out;
}

/**
 * The interval of n (distinct trigrams) a value may have to reach `threshold` with a query of `q`
 * trigrams (t·q ≤ n ≤ q/t), widened by the slack; empty (low > high) when q is 0.
 */
function nInterval(q: number, threshold: number): { low: number; high: number } {
  if (q === 0) return { low: 1, high: 0 };
  return { low: Math.ceil(threshold * q * (1 - SLACK)), high: Math.floor((q / threshold) * (1 + SLACK)) };
}

/**
 * PostgreSQL: pg_trgm is given `threshold / PADDING_RATIO` and the query padded by trigrams no value
 * holds (paddedQuery). With 2–8 the padding grows the query by 2–14 × its size.
 */
export const PADDING_RATIO = 4;
/** The most padding trigrams: the length of the padding word (a prefix of a de Bruijn sequence) + 1. */
const MAX_PADDING = 512;

/**
 * A de Bruijn sequence over 8 letters rare in names and addresses, order 3 (every 3-letter string
 * over them exactly once, cyclically), made linear: its 514 characters hold 512 distinct trigrams.
 */
const PADDING_WORD = ((): string => {
  const letters = 'qxzjkwvy';
  const k = letters.length;
  const a = new Array<number>(k * 3).fill(0);
  const out: number[] = [];
  // The standard recursive construction (Lyndon words of length dividing 3, in order).
  const db = (t: number, p: number): void => {
    if (t > 3) {
      if (3 % p === 0) out.push(...a.slice(1, p + 1));
      return;
    }
    a[t] = a[t - p];
    db(t + 1, p);
    for (let j = a[t - p] + 1; j < k; j++) {
      a[t] = j;
      db(t + 1, t);
    }
  };
  db(1, 1);
  return [...out, out[0], out[1]].map((i) => letters[i]).join('');
})();

/**
 * PostgreSQL: the query given to pg_trgm for the values of n ≥ `lo`, so that its GIN index asks
 * for nearly as many shared trigrams as such a value needs. pg_trgm's GIN index keeps no n: it
 * keeps a value sharing c of the query's q trigrams when c/q ≥ the threshold (c ≥ t·q, 13 of an
 * e-mail's 27), then its recheck computes similarity() on each — most of an e-mail search's time.
 * A value of n trigrams reaching t shares s ≥ t·(n + q)/(1 + t) (18 for an e-mail's n = 27).
 * Adding K trigrams no value holds (letters of PADDING_WORD) and giving pg_trgm the threshold
 * g = t/PADDING_RATIO: the index asks for c ≥ g·(q + K), and for every value of n ≥ lo reaching t
 * (its s ≥ t·(n + q)/(1 + t)), similarity(value, padded) = s/(n + q + K − s) ≥ t·(lo + q)/(lo + q
 * + K·(1 + t)) — which is g for K = (lo + q)·(t/g − 1)/(1 + t), the K taken (rounded down, at most
 * MAX_PADDING: a smaller K only weakens the index's condition). So the padded search keeps every
 * value reaching t (lo ≥ t·q gives g·(q + K) ≤ s as well); the scores are computed in TypeScript
 * anyway. A padding trigram some value does hold only raises that value's score (never drops it).
 */
function paddedQuery(query: string, q: number, lo: number, threshold: number, given: number): string {
  const k = paddingTrigrams(q, lo, threshold, given);
  // A word of m letters has m + 1 trigrams with pg_trgm's padding ("  w", " wo", …, "rd ").
  return k < 2 ? query : `${query} ${PADDING_WORD.slice(0, k - 1)}`;
}

/** K of paddedQuery (0 or 1: no padding). Exported for its test. */
export function paddingTrigrams(q: number, lo: number, threshold: number, given: number): number {
  return Math.min(MAX_PADDING, Math.floor(((lo + q) * (threshold / given - 1)) / (1 + threshold)));
}

/** SQLite: candidateValues by the bands of trigram counts (see the top of this file). */
async function sqliteCandidates(
  db: Kysely<any>,
  table: string,
  query: string,
  threshold: number,
): Promise<CandidateValue[]> {
  const values = sql.table(identifier(valueTable(table)));
  const numbered = (rows: { id: number | string; value: string }[]) =>
    rows.map((r) => ({ id: Number(r.id), value: r.value }));
  const trigrams = [...trigramsOfTrigramText(query)];
  const q = trigrams.length;
  if (q === 0) return [];
  const { low, high } = nInterval(q, threshold);
  const k = minSharedTrigrams(q, threshold);
  const t = sql.lit(threshold);
  const out: CandidateValue[] = [];
  for (let i = 0; i <= BANDS.length; i++) {
    const band = bandOf(i);
    if (band.high < low || band.low > high) continue;
    const fts = sql.table(bandTable(table, i));
    const doc = await listSizes(db, bandTable(table, i), trigrams);
    const lists = trigrams
      .map((tg) => ({ tg, n: doc.get(tg) ?? 0 }))
      .sort((a, b) => a.n - b.n || (a.tg < b.tg ? -1 : 1));
    const plan = listsToRead(
      lists.map((l) => l.n),
      k,
    );
    // Every planned list is read, even one of size 0: a size may be stale (listSizes), and the count
    // asked for assumes these lists were read.
    const read = lists.slice(0, plan.read);
    const union = sql.join(
      read.map((l) => sql`select rowid from ${fts} where ${fts} match ${`"${l.tg.replace(/"/g, '""')}"`}`),
      sql` union all `,
    );
    // A value of n trigrams reaching t shares s ≥ t·(n + q)/(1 + t) trigrams with the query; at most
    // `unread` of them are in lists not read. (`atLeast` is that bound for the smallest n.)
    const unread = sql.lit(q - plan.read);
    const { rows } = await sql<CandidateValue>`select v.id as id, v.value as value
      from (select rowid, count(*) as c from (${union}) group by rowid having c >= ${sql.lit(plan.atLeast)}) h
      join ${values} v on v.id = h.rowid
      where v.n between ${sql.lit(low)} and ${sql.lit(high)}
        and (h.c + ${unread}) * (1 + ${t}) >= ${t} * (v.n + ${sql.lit(q)}) * ${sql.lit(1 - SLACK)}`.execute(db);
    out.push(...numbered(rows));
  }
  // Values too long for the triggers to cut (none in practice): always candidates.
  const { rows: long } = await sql<CandidateValue>`select id, value from ${values} where n is null`.execute(db);
  out.push(...numbered(long));
  return out;
}

/** A record found, with its score. */
export interface RankedHolder {
  pk: number;
  score: number;
}

/** Levels (distinct scores) whose first holders one statement reads. */
const LEVEL_BATCH = 16;

/**
 * For each level (value ids), its holders of pk > `after`, by pk, at most `count` (a record holding
 * several values of a level may come twice), in one statement.
 */
async function holdersByLevel(
  db: Kysely<any>,
  dialect: DialectName,
  table: string,
  levels: { ids: number[]; after: number }[],
  count: number,
): Promise<number[][]> {
  const postings = sql.table(identifier(postingTable(table)));
  // Each branch an index range on (value_id, pk) stopped at `count` rows: a value held by 12,500
  // records costs `count` rows, not 12,500. PostgreSQL reads the first `count` of each value
  // (lateral) and keeps the first `count` of them: given `value_id in (…) order by pk limit`, its
  // planner walks the index on pk instead and filters the values (727,367 rows skipped, 161 ms, for
  // a level of 40 e-mails: docs/performance.md).
  const branches = levels.map((level, i) =>
    dialect === 'postgres'
      ? sql`select * from (select ${sql.lit(i)} as r, p.pk from unnest(array[${idList(level.ids)}]::bigint[]) v(id)
          cross join lateral (select pk from ${postings} where value_id = v.id and pk > ${sql.lit(level.after)}
            order by pk limit ${sql.lit(count)}) p
          order by p.pk limit ${sql.lit(count)}) ${sql.raw(`l${i}`)}`
      : sql`select * from (select ${sql.lit(i)} as r, pk from ${postings}
          where value_id in (${idList(level.ids)}) and pk > ${sql.lit(level.after)}
          order by pk limit ${sql.lit(count)}) ${sql.raw(`l${i}`)}`,
  );
  const { rows } = await sql<{ r: number; pk: number }>`${sql.join(branches, sql` union all `)}`.execute(db);
  const out = levels.map(() => [] as number[]);
  for (const row of rows) out[Number(row.r)].push(Number(row.pk));
  for (const list of out) list.sort((a, b) => a - b);
  return out;
}

/**
 * Records holding a value of every set (one per word), with the values of those sets they hold:
 * the intersection is made by the database, which reads the postings without sending them.
 */
async function holdersOfAll(db: Kysely<any>, table: string, sets: number[][]): Promise<{ pk: number; id: number }[]> {
  const postings = sql.table(identifier(postingTable(table)));
  const every = sql.join(
    sets.map((ids) => sql`select pk from ${postings} where value_id in (${idList(ids)})`),
    sql` intersect `,
  );
  const all = [...new Set(sets.flat())];
  const { rows } = await sql<{ pk: number; value_id: number }>`select pk, value_id from ${postings}
    where value_id in (${idList(all)}) and pk in (${every})`.execute(db);
  return rows.map((r) => ({ pk: Number(r.pk), id: Number(r.value_id) }));
}

/**
 * Reference §8.1's ranking for one table, lazily (docs/search.md, « Ranking »): the records holding
 * a value of `whole` (value id → score, each ≥ the threshold; a record scores its best value), merged
 * with `words` (the records found for every word, scored by the sum, given whole), by descending
 * score, equal scores by pk, each record at its first (best) occurrence. The holders of `whole` are
 * read level by level (a level = the values of one score), by pk, `page` at a time: a value held by
 * 12,500 records costs what the caller consumes. A record at a level is skipped when it holds a value
 * of a better level, which is known since the levels above were read to the end.
 */
export async function* rankedHolders(
  db: Kysely<any>,
  dialect: DialectName,
  table: string,
  whole: Map<number, number>,
  words: RankedHolder[],
  page: number,
): AsyncGenerator<RankedHolder> {
  const byScore = new Map<number, number[]>();
  for (const [id, score] of whole) {
    const ids = byScore.get(score);
    if (ids) ids.push(id);
    else byScore.set(score, [id]);
  }
  const levels = [...byScore]
    .sort(([a], [b]) => b - a)
    .map(([score, ids]) => ({ score, ids: ids.sort((a, b) => a - b) }));
  async function* wholeHits(): AsyncGenerator<RankedHolder> {
    const above = new Set<number>();
    for (let start = 0; start < levels.length; start += LEVEL_BATCH) {
      const batch = levels.slice(start, start + LEVEL_BATCH);
      const first = await holdersByLevel(
        db,
        dialect,
        table,
        batch.map((l) => ({ ids: l.ids, after: 0 })),
        page,
      );
      for (const [i, { score, ids }] of batch.entries()) {
        const level = new Set<number>();
        let rows = first[i];
        for (;;) {
          for (const pk of rows) {
            if (above.has(pk) || level.has(pk)) continue;
            level.add(pk);
            yield { pk, score };
          }
          if (rows.length < page) break;
          rows = (await holdersByLevel(db, dialect, table, [{ ids, after: rows[rows.length - 1] }], page))[0];
        }
        for (const pk of level) above.add(pk);
      }
    }
  }
  const stream = wholeHits();
  const seen = new Set<number>();
  let next: IteratorResult<RankedHolder> | undefined;
  let w = 0;
  for (;;) {
    // Read on demand only: a consumer that has enough stops before the next statement.
    next ??= await stream.next();
    let hit: RankedHolder;
    const word = words[w];
    if (next.done) {
      if (!word) return;
      hit = word;
      w++;
    } else if (
      word &&
      (word.score > next.value.score || (word.score === next.value.score && word.pk < next.value.pk))
    ) {
      hit = word;
      w++;
    } else {
      hit = next.value;
      next = undefined;
    }
    if (seen.has(hit.pk)) continue;
    seen.add(hit.pk);
    yield hit;
  }
}

/**
 * The records found for every word (reference §8.1, several words): `perWord` gives each word's
 * values (id → score, each ≥ the threshold); a record's score is the sum, in word order, of its best
 * value per word. Sorted by descending score, then pk.
 */
export async function wordHolders(
  db: Kysely<any>,
  table: string,
  perWord: Map<number, number>[],
): Promise<RankedHolder[]> {
  if (perWord.length === 0 || perWord.some((m) => m.size === 0)) return [];
  const rows = await holdersOfAll(
    db,
    table,
    perWord.map((m) => [...m.keys()]),
  );
  const best = new Map<number, number[]>();
  for (const { pk, id } of rows) {
    let scores = best.get(pk);
    if (!scores) best.set(pk, (scores = perWord.map(() => -1)));
    for (const [i, m] of perWord.entries()) {
      const score = m.get(id);
      if (score !== undefined && score > scores[i]) scores[i] = score;
    }
  }
  const out: RankedHolder[] = [];
  for (const [pk, scores] of best) {
    // Summed word after word, as the straightforward ranking does (float addition is not associative).
    let score = scores[0];
    for (let i = 1; i < scores.length; i++) score += scores[i];
    out.push({ pk, score });
  }
  return out.sort((a, b) => b.score - a.score || a.pk - b.pk);
}

/** Rows of trigram lists one search reads at most beyond the ones it must read (see listsToRead). */
const EXTRA_BUDGET = 1_000;

/**
 * Which of the query's trigram lists (sizes ascending) to read, and how many of them a text must
 * be in. A text reaching the threshold holds at least `k` of the query's |Q| trigrams, hence at
 * least k − (|Q| − r) of the r rarest: r = |Q| − k + 1 lists must be read (then one is enough);
 * each further list read raises that count by one and so removes candidates, at the cost of
 * reading it — done while the lists stay small (twice what had to be read, or EXTRA_BUDGET).
 */
export function listsToRead(sizes: number[], k: number): { read: number; atLeast: number } {
  let read = Math.max(1, sizes.length - k + 1);
  let total = sizes.slice(0, read).reduce((a, b) => a + b, 0);
  const budget = Math.max(2 * total, EXTRA_BUDGET);
  while (read < sizes.length && total + sizes[read] <= budget) total += sizes[read++];
  return { read, atLeast: k - (sizes.length - read) };
}
