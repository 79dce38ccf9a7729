import { sql, type Expression, type SqlBool } from 'kysely';
import { denied, message, type RequestContext } from '../../context';
import { HttpError } from '../../http/http-error';
import { parsePk } from '../../operations/find-one';
import { isDayKey } from '../../../engine/time/paris-time';
import { readableProjects } from './statistics-query';

/**
 * The pivot of the follow-up engine (reference file area 8.13): actions counted, summed or
 * their folders counted by two dimensions, in SQL. Dimensions and measures come from the
 * whitelists below, never from the request's text: the query string only picks a name.
 */
export const PIVOT_DIMENSIONS = [
  'structure',
  'project',
  'folderModel',
  'category',
  'actionModel',
  'status',
  'valuationType',
  'period',
  'year',
  'month',
  'doneBy',
  'linkedType',
  'tag',
] as const;
export type PivotDimension = (typeof PIVOT_DIMENSIONS)[number];

export const PIVOT_MEASURES = ['count', 'duration', 'cost', 'folders'] as const;
export type PivotMeasure = (typeof PIVOT_MEASURES)[number];

export interface PivotQuery {
  rows: PivotDimension;
  /** null: a single column of totals. */
  cols: PivotDimension | null;
  measure: PivotMeasure;
  project: number | null;
  /** Action dates, both included (Paris days, as stored). */
  from: string | null;
  to: string | null;
  /** true: done actions only (what a funder counts); false: every action. */
  doneOnly: boolean;
}

export interface PivotHeader {
  key: string;
  label: string;
}

export interface Pivot extends PivotQuery {
  rowHeaders: PivotHeader[];
  colHeaders: PivotHeader[];
  /** cells[row][col], in the order of the headers; 0 where nothing was counted. */
  cells: number[][];
  rowTotals: number[];
  colTotals: number[];
  total: number;
}

/** Each dimension's SQL expression over the joined tables (aliases a, f, am, v). */
const KEY_SQL: Record<PivotDimension, Expression<unknown>> = {
  structure: sql`a.owning_group`,
  project: sql`f.project`,
  folderModel: sql`f.model`,
  category: sql`am.category_model`,
  actionModel: sql`a.model`,
  status: sql`f.status`,
  valuationType: sql`f.valuation_type`,
  period: sql`v.period`,
  year: sql`substr(a.date, 1, 4)`,
  month: sql`substr(a.date, 1, 7)`,
  doneBy: sql`a.done_by`,
  linkedType: sql`case when f.contact is not null then 'contact'
    when f.organization is not null then 'organization' end`,
  // One row per tag of the action (the tag join below): an action with two tags counts under each.
  tag: sql`t.value`,
};

/**
 * The action's tags (a JSON array) as rows `t.value`, one per tag, or one null row without tags,
 * per dialect. Joined only by the queries that group by tag: the others count each action once.
 */
function tagJoin(dialect: string): Expression<unknown> {
  return dialect === 'postgres'
    ? sql`left join lateral jsonb_array_elements_text(coalesce(a.tags, '[]'::jsonb)) as t(value) on true`
    : sql`left join json_each(coalesce(a.tags, '[]')) as t on 1 = 1`;
}

/** The table naming a dimension's keys (the others are labelled below). */
const NAME_TABLE: Partial<Record<PivotDimension, string>> = {
  structure: 'account_group',
  project: 'fac_project',
  folderModel: 'fac_folder_model',
  category: 'fac_category_model',
  actionModel: 'fac_action_model',
  status: 'fac_status',
  valuationType: 'fac_type_valorization',
  period: 'fac_period',
  tag: 'fac_tag',
};

const MEASURE_SQL: Record<PivotMeasure, Expression<unknown>> = {
  count: sql`count(a.pk)`,
  duration: sql`coalesce(sum(a.duration), 0)`,
  cost: sql`coalesce(sum(a.cost), 0)`,
  folders: sql`count(distinct a.folder)`,
};

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function badField(ctx: RequestContext, path: string, key: string, params: Record<string, unknown> = {}): HttpError {
  const text = message(ctx.app, key, params);
  return new HttpError(400, 'validation', text, [{ path, code: key, params, message: text }]);
}

function oneOf<T extends string>(ctx: RequestContext, path: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw badField(ctx, path, `follow_up.pivot.bad_${path === 'measure' ? 'measure' : 'dimension'}`, {
    value: String(value),
  });
}

const given = (v: unknown): boolean => v !== undefined && v !== '';

/** The query string, checked against the whitelists: French 400s on anything else. */
export function parsePivotQuery(ctx: RequestContext, q: Record<string, unknown>): PivotQuery {
  const rows = oneOf(ctx, 'rows', given(q.rows) ? q.rows : 'structure', PIVOT_DIMENSIONS);
  const cols = !given(q.cols) || q.cols === 'none' ? null : oneOf(ctx, 'cols', q.cols, PIVOT_DIMENSIONS);
  const measure = oneOf(ctx, 'measure', given(q.measure) ? q.measure : 'count', PIVOT_MEASURES);
  let project: number | null = null;
  if (given(q.project)) {
    project = parsePk(q.project);
    if (project === null) throw badField(ctx, 'project', 'follow_up.pivot.bad_project');
  }
  const day = (name: 'from' | 'to'): string | null => {
    if (!given(q[name])) return null;
    if (!isDayKey(q[name])) throw badField(ctx, name, 'follow_up.pivot.bad_day');
    return q[name] as string;
  };
  const from = day('from');
  const to = day('to');
  if (from && to && to < from) throw badField(ctx, 'to', 'follow_up.pivot.to_before_from');
  return { rows, cols, measure, project, from, to, doneOnly: q.done !== 'all' };
}

/** Refuses anyone but administrators and advisors (superadvisors included); managers never see actions. */
export function assertPivotReader(ctx: RequestContext): void {
  if (ctx.whiteLabel.modules.fac === false)
    throw new HttpError(404, 'module_disabled', message(ctx.app, 'errors.module_disabled'));
  if (!['administrator', 'advisor'].some((r) => ctx.user.roles.includes(r))) throw denied(ctx);
}

type Cell = { r: unknown; c: unknown; value: unknown };

/**
 * Runs the aggregation: one grouped query for the cells, and one each for the row totals, the
 * column totals and the grand total, because « dossiers » counts distinct folders, which do not
 * add up across cells (a folder with actions in two months counts once in the year).
 */
export async function pivot(ctx: RequestContext, query: PivotQuery): Promise<Pivot> {
  const db = ctx.app.database.db;
  const administrator = ctx.user.roles.includes('administrator');
  const scope = administrator ? null : ctx.user.scopeGroups;
  const conditions: Expression<SqlBool>[] = [];
  // The rights of the action entity (reference 4): advisors their structures, administrators all;
  // a pilot structure also reads its laureates' actions in the programmes it pilots (reference 8.8).
  if (scope !== null) {
    const readable: Expression<SqlBool>[] = scope.length ? [sql<SqlBool>`a.owning_group in (${sql.join(scope)})`] : [];
    for (const p of await readableProjects(ctx))
      if (p.laureates?.length)
        readable.push(sql<SqlBool>`(f.project = ${p.pk} and a.owning_group in (${sql.join(p.laureates)}))`);
    conditions.push(readable.length ? sql<SqlBool>`(${sql.join(readable, sql` or `)})` : sql<SqlBool>`1 = 0`);
  }
  if (query.doneOnly) conditions.push(sql<SqlBool>`a.done = 1`);
  if (query.project !== null) conditions.push(sql<SqlBool>`f.project = ${query.project}`);
  if (query.from) conditions.push(sql<SqlBool>`a.date >= ${query.from}`);
  if (query.to) conditions.push(sql<SqlBool>`a.date <= ${query.to}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const from = sql`from fac_action a
    left join fac_folder f on f.pk = a.folder
    left join fac_action_model am on am.pk = a.model
    left join fac_valorization v on v.pk = a.valuation`;
  const measure = MEASURE_SQL[query.measure];
  const rowKey = KEY_SQL[query.rows];
  const colKey = query.cols ? KEY_SQL[query.cols] : sql`null`;
  const tags = tagJoin(ctx.app.database.dialect);
  const run = async (r: Expression<unknown>, c: Expression<unknown>, group: Expression<unknown>[], byTag: boolean) =>
    (
      await sql<Cell>`select ${r} as r, ${c} as c, ${measure} as value ${from} ${byTag ? tags : sql``} ${where}
        ${group.length ? sql`group by ${sql.join(group)}` : sql``}`.execute(db)
    ).rows;
  const rowTag = query.rows === 'tag';
  const colTag = query.cols === 'tag';
  const [cells, rowTotals, colTotals, grand] = await Promise.all([
    run(rowKey, colKey, query.cols ? [rowKey, colKey] : [rowKey], rowTag || colTag),
    run(rowKey, sql`null`, [rowKey], rowTag),
    run(sql`null`, colKey, query.cols ? [colKey] : [], colTag),
    run(sql`null`, sql`null`, [], false),
  ]);
  const keyOf = (v: unknown): string => (v === null || v === undefined ? 'none' : String(v));
  const rowHeaders = await headersOf(
    ctx,
    query.rows,
    rowTotals.map((x) => keyOf(x.r)),
  );
  const colHeaders = query.cols
    ? await headersOf(
        ctx,
        query.cols,
        colTotals.map((x) => keyOf(x.c)),
      )
    : [{ key: 'none', label: message(ctx.app, `follow_up.pivot.measure.${query.measure}`) }];
  const rowIndex = new Map(rowHeaders.map((h, i) => [h.key, i]));
  const colIndex = new Map(colHeaders.map((h, i) => [h.key, i]));
  const table = rowHeaders.map(() => colHeaders.map(() => 0));
  for (const x of cells) table[rowIndex.get(keyOf(x.r))!][query.cols ? colIndex.get(keyOf(x.c))! : 0] = num(x.value);
  const rowSums = rowHeaders.map(() => 0);
  for (const x of rowTotals) rowSums[rowIndex.get(keyOf(x.r))!] = num(x.value);
  const colSums = colHeaders.map(() => 0);
  for (const x of colTotals) colSums[query.cols ? colIndex.get(keyOf(x.c))! : 0] = num(x.value);
  return {
    ...query,
    rowHeaders,
    colHeaders,
    cells: table,
    rowTotals: rowSums,
    colTotals: colSums,
    total: num(grand[0]?.value),
  };
}

/** PostgreSQL answers sums and counts as text (bigint, numeric); costs are rounded to the cent. */
function num(v: unknown): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
}

/** The keys' French labels, sorted: dates in time order, the rest by their order or name. */
async function headersOf(ctx: RequestContext, dim: PivotDimension, keys: string[]): Promise<PivotHeader[]> {
  const db = ctx.app.database.db;
  const none = message(ctx.app, `follow_up.pivot.none.${dim}`);
  const pks = keys.filter((k) => k !== 'none').map(Number);
  const labels = new Map<string, string>();
  const order = new Map<string, number>();
  const table = NAME_TABLE[dim];
  if (table && pks.length) {
    const withOrder = dim === 'status' || dim === 'category' || dim === 'actionModel';
    const rows = (
      await sql<{
        pk: number;
        name: string | null;
        ord: number | null;
      }>`select pk, name, ${withOrder ? sql`"order"` : sql`null`} as ord from ${sql.table(table)}
        where pk in (${sql.join(pks)})`.execute(db)
    ).rows;
    for (const r of rows) {
      labels.set(String(r.pk), r.name ?? `n° ${r.pk}`);
      if (r.ord !== null) order.set(String(r.pk), Number(r.ord));
    }
  } else if (dim === 'doneBy' && pks.length) {
    const users = await db
      .selectFrom('account_user')
      .select(['pk', 'first_name', 'last_name', 'email'])
      .where('pk', 'in', pks)
      .execute();
    for (const u of users)
      labels.set(String(u.pk), [u.first_name, u.last_name].filter(Boolean).join(' ') || (u.email ?? `n° ${u.pk}`));
  }
  const label = (key: string): string => {
    if (key === 'none') return none;
    if (dim === 'month') {
      const text = MONTH.format(new Date(`${key}-15T12:00:00Z`));
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    if (dim === 'year') return key;
    if (dim === 'linkedType') return message(ctx.app, `follow_up.pivot.linked.${key}`);
    return labels.get(key) ?? `n° ${key}`;
  };
  const headers = keys.map((key) => ({ key, label: label(key) }));
  const chronological = dim === 'month' || dim === 'year';
  headers.sort((a, b) => {
    if (a.key === 'none' || b.key === 'none') return a.key === 'none' ? 1 : -1;
    if (chronological) return a.key.localeCompare(b.key);
    const oa = order.get(a.key);
    const ob = order.get(b.key);
    if (oa !== undefined && ob !== undefined && oa !== ob) return oa - ob;
    return a.label.localeCompare(b.label, 'fr');
  });
  return headers;
}
