import { sql, type SelectQueryBuilder } from 'kysely';
import type { Filter } from '../../engine/logic/filter';
import type { RequestContext } from '../context';
import type { EntityRuntime } from '../../engine/schema/registry';
import { filterToSql } from '../db/apply-filter';
import { MAX_KEY } from '../db/record-key';
import { rowToRecord, type ApiRecord } from '../db/row-mapper';
import { effectiveEntity } from '../access/effective-entity';
import { assertModuleEnabled, assertNotSecretLinked, entityOf, ruleData, viewFilter } from './entity-access';
import { holds } from '../../engine/logic/logic';
import { compileFilter } from '../../engine/logic/filter';
import { parisDate } from '../../engine/time/paris-time';
import { HttpError } from '../http/http-error';
import { denied, message } from '../context';
import { searchWords } from '../../engine/search/normalise';
import { compactPhoneWords } from '../../engine/search/phone-words';
import { whereSearchMatches } from './search-text';
import { listPeriod, overlaps, whereMayOverlap, type ListPeriod } from './list-period';
import { sortKeys, sortProperties } from '../../engine/schema/sort-keys';
import { searchIndexTable } from '../db/search-index';
import { compactTableChanges, tableMarkersOf, tablesMarker } from '../db/table-changes';

export interface ListQuery {
  q?: string;
  /** Property name, "-" prefix for descending. */
  sort?: string;
  page?: number;
  perPage?: number;
  /** Equality filters on the properties listed in x-entity.list.filters. */
  filters?: Record<string, string>;
  /** A period (ISO instants with offset), for entities with a calendar: the records overlapping it. */
  from?: string;
  to?: string;
}

export const MAX_PER_PAGE = 200;

/** A filter value no row can have (an integer beyond the column's range, text where a number goes). */
const NO_MATCH = Symbol('no match');

function parseFilterValue(kind: string, raw: string): unknown {
  if (kind === 'boolean') return raw === 'true' || raw === '1' || raw === 't' ? 1 : 0;
  if (kind === 'integer') {
    const n = Number(raw);
    // 32-bit columns: PostgreSQL refuses to compare them with a larger number.
    return Number.isInteger(n) && Math.abs(n) <= MAX_KEY ? n : NO_MATCH;
  }
  if (kind === 'real') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : NO_MATCH;
  }
  return raw;
}

/**
 * `?<user relation>=me` is the caller: one declared list can then show « my » records (the reminders
 * where I am among the persons) without a screen per entity. Without a signed-in user nothing matches.
 */
function meFilterValue(ctx: RequestContext, entity: EntityRuntime, property: string, raw: string): unknown {
  if (raw !== 'me') return undefined;
  const prop = entity.schema.properties[property] as { 'x-relation'?: { entity: string } } | undefined;
  if (prop?.['x-relation']?.entity !== 'user') return undefined;
  return ctx.user.pk ?? NO_MATCH;
}

/** What narrows a list: the user's rights as a row filter, search words, equality filters. */
interface ListSpec {
  rights: Filter;
  words: string[];
  filters: { property: string; column: string; json: boolean; value: unknown }[];
  /** Checked for every list, applied by `find` only (the calendar's reads). */
  period?: ListPeriod;
  /** The soft-deleted state left out of the list (x-entity.api.softDelete), unless filtered on. */
  hidden?: { column: string; value: string };
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * `x-entity.list.states`: `?<name>=<value>` keeps the records where the option's rule holds (data:
 * record, today in Paris, user), compiled to SQL like a rights rule. An unknown value is refused.
 */
function stateFilters(ctx: RequestContext, entity: EntityRuntime, filters: Record<string, string>): Filter[] {
  const out: Filter[] = [];
  for (const state of entity.schema['x-entity'].list?.states ?? []) {
    const raw = filters[state.name];
    if (raw === undefined || raw === '') continue;
    const option = state.options.find((o) => o.value === raw);
    if (!option)
      throw new HttpError(400, 'list_state', message(ctx.app, 'errors.list.state', { label: state.label, value: raw }));
    const data = { ...ruleData(ctx), today: parisDate(Date.now()) };
    out.push(compileFilter(option.if, data));
  }
  return out;
}

/** `x-entity.list.ranges`: `?<date>From=YYYY-MM-DD&<date>To=YYYY-MM-DD`, both days included. */
function rangeFilters(ctx: RequestContext, entity: EntityRuntime, filters: Record<string, string>): Filter[] {
  const out: Filter[] = [];
  for (const field of entity.schema['x-entity'].list?.ranges ?? []) {
    const title = entity.schema.properties[field]?.title ?? field;
    const from = filters[`${field}From`];
    const to = filters[`${field}To`];
    for (const day of [from, to])
      if (day !== undefined && day !== '' && !DAY.test(day))
        throw new HttpError(400, 'list_range', message(ctx.app, 'errors.list.range_day', { field: title, value: day }));
    if (from && to && from > to)
      throw new HttpError(400, 'list_range', message(ctx.app, 'errors.list.range_order', { field: title }));
    if (from) out.push({ cmp: '>=', field, value: from });
    if (to) out.push({ cmp: '<=', field, value: to });
  }
  return out;
}

function listSpec(ctx: RequestContext, entity: EntityRuntime, query: ListQuery): ListSpec {
  const x = entity.schema['x-entity'];
  assertNotSecretLinked(ctx, entity);
  if (x.rights.list !== undefined && !holds(x.rights.list, ruleData(ctx))) throw denied(ctx);
  const rights = viewFilter(ctx, entity);
  const searchable = (x.list?.search ?? []).some((p) => entity.columnByProperty.has(p));
  const words = searchable ? compactPhoneWords(searchWords(query.q ?? '', 20)).slice(0, 10) : [];
  const filters: ListSpec['filters'] = [];
  for (const [property, raw] of Object.entries(query.filters ?? {})) {
    if (!(x.list?.filters ?? []).includes(property) && !entity.linkFilters?.has(property)) continue;
    const c = entity.columnByProperty.get(property);
    if (!c) continue;
    const me = meFilterValue(ctx, entity, property, raw);
    if (me !== undefined) filters.push({ property, column: c.column, json: c.kind === 'json', value: me });
    else if (c.kind === 'json')
      filters.push({ property, column: c.column, json: true, value: /^-?\d+$/.test(raw) ? Number(raw) : raw });
    else filters.push({ property, column: c.column, json: false, value: parseFilterValue(c.kind, raw) });
  }
  const narrowed = [
    rights,
    ...stateFilters(ctx, entity, query.filters ?? {}),
    ...rangeFilters(ctx, entity, query.filters ?? {}),
  ];
  // Soft-deleted records (a cancelled appointment) leave the default list; asking for that state
  // by its filter (?status=cancelled) shows them.
  const soft = x.api?.softDelete;
  const hidden = soft && !filters.some((f) => f.property === soft.field) ? soft : undefined;
  const column = hidden ? entity.columnByProperty.get(hidden.field)?.column : undefined;
  return {
    rights: narrowed.length === 1 ? rights : { and: narrowed },
    words,
    filters,
    period: listPeriod(ctx, entity, query),
    hidden: hidden && column ? { column, value: hidden.value } : undefined,
  };
}

function rowsOf(ctx: RequestContext, entity: EntityRuntime, spec: ListSpec): SelectQueryBuilder<any, any, object> {
  const { db, dialect } = ctx.app.database;
  const x = entity.schema['x-entity'];
  const { rights } = spec;
  let qb = db.selectFrom(x.table as never) as unknown as SelectQueryBuilder<any, any, object>;
  if (rights !== true)
    qb = qb.where((eb) => filterToSql(eb, rights, entity, dialect, undefined, ctx.app.registry.entities));
  qb = whereSearchMatches(qb, entity, dialect, spec.words);
  if (spec.hidden) qb = qb.where(sql.ref(spec.hidden.column), '<>', spec.hidden.value);
  for (const f of spec.filters) {
    if (f.value === NO_MATCH) qb = qb.where(sql<boolean>`1 = 0`);
    else if (f.json) qb = qb.where((eb) => filterToSql(eb, { contains: f.property, value: f.value }, entity, dialect));
    else qb = qb.where(sql.ref(f.column), f.value === null ? 'is' : '=', f.value);
  }
  return qb;
}

/** The visible rows of an entity narrowed by search and filters (shared by list, count, store). */
export function visibleRows(
  ctx: RequestContext,
  entity: EntityRuntime,
  query: ListQuery = {},
): SelectQueryBuilder<any, any, object> {
  return rowsOf(ctx, entity, listSpec(ctx, entity, query));
}

function orderBy(entity: EntityRuntime, sort: string | undefined): { column: string; desc: boolean }[] {
  const x = entity.schema['x-entity'];
  const allowed = new Set([...(x.list?.sortable ?? []), 'pk', 'updatedAt', ...sortProperties(x.list?.defaultSort)]);
  // Several keys (`-validationPending,name`): each must be allowed, or the default order is used.
  const asked = sortKeys(sort);
  const wanted =
    asked.length > 0 && asked.every((k) => allowed.has(k.property)) ? asked : sortKeys(x.list?.defaultSort);
  const keys = wanted.length > 0 ? wanted : [{ property: 'updatedAt', desc: true }];
  return keys.map((k) => {
    const c = entity.columnByProperty.get(k.property) ?? entity.columnByProperty.get('pk')!;
    return { column: c.column, desc: k.desc };
  });
}

// ---------------------------------------------------------------------------------------------
// Ordered-list snapshots (docs/performance.md, "Generic list endpoint").
//
// A paginated list used to cost a COUNT over every visible row and an OFFSET that steps over
// every row before the page: both grow with the table (about 2 ms and 2.5 ms at 100,000 places
// on SQLite), and on SQLite a rights filter such as is_active = 1 made the planner sort the
// whole table for each page (26 ms to 0.8 s). Once the same list has been asked twice while the
// data stayed the same, its visible pks are kept in their display order; a page is then
// "pk in (…10 pks…)" and the total is the list's length, whatever the depth.
//
// Staleness: a snapshot is used only while the database's change marker equals the one it was
// built under, and the marker is read so that it describes exactly the data a statement saw,
// whichever process wrote:
// - PostgreSQL: pg_current_snapshot() (which transactions are visible) in the same statement as
//   the rows: any commit anywhere in the cluster makes a new marker.
// - SQLite: total_changes() in the same statement (rows written through this process's
//   connection; every query of the process goes through it) plus PRAGMA data_version (bumped
//   when another connection, in any process, has committed), read by a statement of its own:
//   BEFORE a snapshot is built (a commit in between makes the marker older than the data, so
//   the snapshot is never matched) and AFTER a page is read from one (an equal version then
//   proves no commit happened before the page's statement). In one statement the version
//   needs the pragma_data_version table-valued function, which costs more than the extra
//   statement (it is prepared again with every query).
// That global marker is the fallback. A list whose query reads only tables that carry per-table
// change markers (server/db/table-changes.ts) is keyed by their sum instead, read in the same
// statement as the rows on both databases (the marker is in the database, so no data_version is
// needed): a write to another table leaves its snapshot valid. Which tables a query reads is
// taken from its SQL text: every word naming a table counts (a column named like a table only
// adds a table), and a word naming a table without markers makes the list use the global marker.
// Inside a transaction (uncommitted writes could be rolled back) snapshots are neither used nor
// built.
// ---------------------------------------------------------------------------------------------

interface ListSnapshot {
  /** The tables whose markers key this list; undefined: the database-wide marker. */
  reads?: string[];
  /** Marker of the last read of this list (and of `pks` when they are set). */
  marker: string;
  /** The visible pks in display order, exactly the data under `marker`. */
  pks?: Int32Array;
  /** Plain reads in a row that saw `marker` unchanged. */
  stableRuns: number;
  /** Moving average of a plain read (COUNT + page), in ms. */
  plainMs?: number;
  /** Duration of the last build, in ms. */
  buildMs?: number;
  /** One request builds; the others asking meanwhile read the plain way instead of piling up. */
  building?: boolean;
}

/** At most this many cached pks per database handle (4 bytes each) and this many lists. */
const MAX_SNAPSHOT_PKS = 2_000_000;
const MAX_SNAPSHOT_LISTS = 1_000;
const MARKER = '__list_marker';
const TOTAL = '__list_total';

/** The lists of one database handle, least recently used first (a Map keeps insertion order). */
class SnapshotCache {
  private readonly lists = new Map<string, ListSnapshot>();
  /** pks counted per list when last stored (a list's pks change between two stores). */
  private readonly counted = new Map<string, number>();
  private pkCount = 0;

  get(key: string): ListSnapshot | undefined {
    return this.lists.get(key);
  }

  /** Stores (or refreshes) a list as the most recently used, then evicts beyond the bounds. */
  set(key: string, snapshot: ListSnapshot): void {
    this.delete(key);
    this.lists.set(key, snapshot);
    this.counted.set(key, snapshot.pks?.length ?? 0);
    this.pkCount += snapshot.pks?.length ?? 0;
    for (const k of this.lists.keys()) {
      if ((this.pkCount <= MAX_SNAPSHOT_PKS && this.lists.size <= MAX_SNAPSHOT_LISTS) || k === key) break;
      this.delete(k);
    }
  }

  private delete(key: string): void {
    if (!this.lists.has(key)) return;
    this.pkCount -= this.counted.get(key) ?? 0;
    this.lists.delete(key);
    this.counted.delete(key);
  }
}

/** Per database handle: tests run several databases in one process, and their markers may coincide. */
const snapshots = new WeakMap<object, SnapshotCache>();

function snapshotsOf(db: object): SnapshotCache {
  let cache = snapshots.get(db);
  if (!cache) snapshots.set(db, (cache = new SnapshotCache()));
  return cache;
}

/** The part of the marker read inside a statement (a scalar subquery: evaluated once, not per row). */
function statementMarker(dialect: string, reads: string[] | undefined) {
  if (reads) return tablesMarker(reads).as(MARKER);
  return (dialect === 'postgres' ? sql<string>`(select pg_current_snapshot()::text)` : sql<string>`total_changes()`).as(
    MARKER,
  );
}

/** SQLite's data_version (see above for when to read it); nothing to read on PostgreSQL or with table markers. */
async function dataVersion(ctx: RequestContext, reads: string[] | undefined): Promise<string> {
  if (ctx.app.database.dialect === 'postgres' || reads) return '';
  const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(ctx.app.database.db);
  return String(rows[0]?.data_version);
}

const markerOf = (row: Record<string, unknown> | undefined, version: string) => `${row?.[MARKER]}:${version}`;

const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;

/** The tables a list's SQL reads, all with markers; undefined when one has none (or none are kept). */
function tablesRead(db: object, table: string, text: string): string[] | undefined {
  const markers = tableMarkersOf(db);
  if (!markers?.covered.has(table)) return undefined;
  const reads = new Set([table]);
  for (const word of new Set(text.match(WORD))) {
    if (!markers.known.has(word) || word === searchIndexTable(table)) continue;
    // The search index (SQLite FTS) is written by the table's own triggers, in the same transaction.
    if (!markers.covered.has(word)) return undefined;
    reads.add(word);
  }
  return [...reads].sort();
}

/** PostgreSQL's marker rows grow by one per writing transaction: folded now and then. */
const COMPACT_EVERY_MS = 60_000;
const lastCompaction = new WeakMap<object, number>();

function compactNowAndThen(ctx: RequestContext): void {
  const { db, dialect } = ctx.app.database;
  if (dialect !== 'postgres' || Date.now() - (lastCompaction.get(db) ?? 0) < COMPACT_EVERY_MS) return;
  lastCompaction.set(db, Date.now());
  compactTableChanges(db as never, dialect).catch((err: unknown) =>
    ctx.app.logger.warn({ err }, 'table_change compaction failed'),
  );
}

function asPks(rows: { pk: unknown }[]): Int32Array | undefined {
  const pks = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const pk = rows[i].pk;
    if (typeof pk !== 'number' || (pk | 0) !== pk) return undefined;
    pks[i] = pk;
  }
  return pks;
}

/** The rows of a page in the snapshot's order, if the data is still the snapshot's; undefined otherwise. */
async function pageFromSnapshot(
  ctx: RequestContext,
  table: string,
  snapshot: ListSnapshot & { pks: Int32Array },
  offset: number,
  perPage: number,
): Promise<Record<string, unknown>[] | undefined> {
  const { db, dialect } = ctx.app.database;
  const ids = Array.from(snapshot.pks.subarray(offset, offset + perPage));
  const { reads } = snapshot;
  const rows =
    ids.length === 0
      ? [(await db.selectNoFrom(statementMarker(dialect, reads)).executeTakeFirst()) as Record<string, unknown>]
      : ((await (db.selectFrom(table as never) as unknown as SelectQueryBuilder<any, any, object>)
          .selectAll()
          .select(statementMarker(dialect, reads))
          .where('pk', 'in', ids)
          .execute()) as Record<string, unknown>[]);
  const version = await dataVersion(ctx, reads);
  if (markerOf(rows[0], version) !== snapshot.marker) return undefined;
  if (ids.length === 0) return [];
  if (rows.length !== ids.length) return undefined;
  const byPk = new Map(rows.map((r) => [r.pk, r]));
  return ids.map((id) => byPk.get(id)!);
}

/** Pages served from a snapshot, per database handle (what tests/api/list-snapshots.test.ts watches). */
export const snapshotPages = new WeakMap<object, number>();

/** A page (or all) of the records a user may see, with the total when paginated. */
export async function find(
  ctx: RequestContext,
  name: string,
  query: ListQuery = {},
): Promise<{ records: ApiRecord[]; total?: number }> {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel);
  const spec = listSpec(ctx, entity, query);
  const base = rowsOf(ctx, entity, spec);
  const order = orderBy(entity, query.sort);
  // The pk last breaks ties in the direction of the first key (a stable page order).
  const ordered = <T extends SelectQueryBuilder<any, any, object>>(qb: T): T => {
    let out = qb;
    for (const o of order) out = out.orderBy(sql.ref(o.column), o.desc ? 'desc' : 'asc') as T;
    return out.orderBy('pk', order[0].desc ? 'desc' : 'asc') as T;
  };
  const toRecords = (rows: Record<string, unknown>[]) => rows.map((r) => rowToRecord(entity, r, effective));
  // A period: the rows the stored text lets through, then the exact overlap test on instants;
  // paginated in memory when asked (a calendar asks for the whole period, a week or a day).
  const inPeriod = async (period: ListPeriod) => {
    const rows = (await ordered(whereMayOverlap(base, period).selectAll()).execute()) as Record<string, unknown>[];
    const records = toRecords(rows.filter((r) => overlaps(r, period)));
    if (query.page === undefined && query.perPage === undefined) return { records };
    const perPage = Math.min(Math.max(1, query.perPage ?? 10), MAX_PER_PAGE);
    const offset = (Math.max(1, query.page ?? 1) - 1) * perPage;
    return { records: records.slice(offset, offset + perPage), total: records.length };
  };
  if (spec.period) return inPeriod(spec.period);
  if (query.page === undefined && query.perPage === undefined) {
    return { records: toRecords((await ordered(base.selectAll()).execute()) as Record<string, unknown>[]) };
  }
  const perPage = Math.min(Math.max(1, query.perPage ?? 10), MAX_PER_PAGE);
  const page = Math.max(1, query.page ?? 1);
  const offset = (page - 1) * perPage;
  const { db, dialect } = ctx.app.database;
  const table = entity.schema['x-entity'].table;
  const plainPage = async (): Promise<Record<string, unknown>[]> => {
    if (offset === 0) return (await ordered(base.selectAll()).limit(perPage).execute()) as Record<string, unknown>[];
    // A deeper page: its pks first, then their rows. The database steps over the rows before the
    // page reading only the index when one holds the filter and the order (x-entity.indexes), where
    // `select *` with an OFFSET reads every row it skips (900 rows for the 37th page of 25).
    const keys = (await ordered(base.select(sql.ref('pk').as('pk')))
      .limit(perPage)
      .offset(offset)
      .execute()) as { pk: unknown }[];
    if (!keys.length) return [];
    const rows = (await (db.selectFrom(table as never) as unknown as SelectQueryBuilder<any, any, object>)
      .selectAll()
      .where(
        'pk',
        'in',
        keys.map((k) => k.pk),
      )
      .execute()) as Record<string, unknown>[];
    const byPk = new Map(rows.map((r) => [r.pk, r]));
    return keys.map((k) => byPk.get(k.pk)).filter((r): r is Record<string, unknown> => r !== undefined);
  };
  if (db.isTransaction) {
    const counted = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as
      { n: number } | undefined;
    return { records: toRecords(await plainPage()), total: Number(counted?.n ?? 0) };
  }

  // A list is what its SQL is made of: table, rights filter, search words, filters, order.
  const key = JSON.stringify([table, spec.rights, spec.words, spec.filters, order]);
  const cache = snapshotsOf(db);
  let entry = cache.get(key);
  if (entry?.pks) {
    const rows = await pageFromSnapshot(ctx, table, entry as ListSnapshot & { pks: Int32Array }, offset, perPage);
    if (rows) {
      cache.set(key, entry);
      snapshotPages.set(db, (snapshotPages.get(db) ?? 0) + 1);
      return { records: toRecords(rows), total: entry.pks.length };
    }
    entry.pks = undefined;
  }
  const reads = entry ? entry.reads : tablesRead(db, table, base.selectAll().compile().sql);
  if (reads) compactNowAndThen(ctx);
  const started = performance.now();
  let marker: string | undefined;
  let counted: Record<string, unknown> | undefined;
  // A search matches few rows, and finding them is the cost (the trigram index's posting lists):
  // on PostgreSQL one statement gives the page, the total (a window count over the matches) and
  // the marker, instead of finding the matches twice. Not for a plain list, whose count the index
  // gives alone where the window would read every row of the list.
  let pageRows: Record<string, unknown>[] | undefined;
  if (dialect === 'postgres' && spec.words.length > 0) {
    const rows = (await ordered(
      base.selectAll().select([sql<number>`count(*) over ()`.as(TOTAL), statementMarker(dialect, reads)]),
    )
      .limit(perPage)
      .offset(offset)
      .execute()) as Record<string, unknown>[];
    if (rows.length) {
      pageRows = rows;
      counted = { n: rows[0]![TOTAL] };
      marker = markerOf(rows[0], '');
    }
  }
  if (marker === undefined && dialect === 'postgres') {
    counted = (await base
      .select((eb) => [eb.fn.countAll().as('n'), statementMarker(dialect, reads)])
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    marker = markerOf(counted, '');
  } else if (marker === undefined) {
    // Its own statements: with another column beside it, SQLite's COUNT(*) over a whole table
    // scans the rows instead of its b-tree's page counts (2.5 ms instead of 10 µs at 100,000).
    // Read before the COUNT, the marker is at worst older than the data: no build relies on it.
    const version = await dataVersion(ctx, reads);
    marker = markerOf(
      (await db.selectNoFrom(statementMarker(dialect, reads)).executeTakeFirst()) as Record<string, unknown>,
      version,
    );
    counted = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as
      Record<string, unknown> | undefined;
  }
  const countMs = performance.now() - started;
  const total = Number(counted?.n ?? 0);
  if (!entry) entry = { marker, stableRuns: 0, reads };
  else if (entry.marker === marker) entry.stableRuns += 1;
  else Object.assign(entry, { marker, stableRuns: 0 });
  cache.set(key, entry);
  // Build only when it pays ("ski rental"): once the plain reads of this list, unchanged, have
  // cost as much as a build. Under steady writes that is rarely, and the list is read the plain
  // way, as before; read-mostly, from the second read on. Before the first build its cost is
  // guessed from the COUNT's (the build reads the same rows, and sorts them).
  const buildCost = entry.buildMs ?? 4 * countMs;
  if (!entry.building && total > 0 && entry.stableRuns >= 1 && entry.stableRuns * (entry.plainMs ?? 0) >= buildCost) {
    entry.building = true;
    try {
      const buildStarted = performance.now();
      const buildVersion = await dataVersion(ctx, reads);
      const rows = (await ordered(
        base.select([sql.ref('pk').as('pk'), statementMarker(dialect, reads)]),
      ).execute()) as {
        pk: unknown;
        [MARKER]: unknown;
      }[];
      entry.buildMs = performance.now() - buildStarted;
      const pks = rows.length ? asPks(rows) : undefined;
      if (pks) {
        Object.assign(entry, { marker: markerOf(rows[0], buildVersion), pks, stableRuns: 0 });
        cache.set(key, entry);
        const fromSnapshot = await pageFromSnapshot(
          ctx,
          table,
          entry as ListSnapshot & { pks: Int32Array },
          offset,
          perPage,
        );
        if (fromSnapshot) return { records: toRecords(fromSnapshot), total: pks.length };
        entry.pks = undefined;
      }
    } finally {
      entry.building = false;
    }
  }
  const pageStarted = performance.now();
  const rows = pageRows ?? (await plainPage());
  const plainMs = countMs + performance.now() - pageStarted;
  entry.plainMs = entry.plainMs === undefined ? plainMs : 0.8 * entry.plainMs + 0.2 * plainMs;
  return { records: toRecords(rows), total };
}
