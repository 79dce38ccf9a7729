import { denied, message, type RequestContext } from '../../context';
import { parsePk } from '../../operations/find-one';
import { fieldError, isAdministrator } from './access';
import { addDays, isDayKey, parisDate, parisWallToInstant } from '../../../engine/time/paris-time';

export const STATISTICS_GROUPINGS = ['reason', 'place', 'advisor', 'month'] as const;
export type StatisticsGrouping = (typeof STATISTICS_GROUPINGS)[number];

export interface StatisticsQuery {
  /** First and last Paris days of the period, both included. */
  from: string;
  to: string;
  groupBy: StatisticsGrouping;
  /** One structure only (administrators); null: every structure the caller may see. */
  group: number | null;
}

export interface StatisticsFigures {
  /** Appointments not cancelled (validated or still waiting) starting in the period. */
  count: number;
  honoured: number;
  /** honoured / count, between 0 and 1; null without appointments. */
  honouredRate: number | null;
}

export interface StatisticsRow extends StatisticsFigures {
  key: string;
  label: string;
}

export interface Statistics extends StatisticsQuery {
  rows: StatisticsRow[];
  totals: StatisticsFigures;
}

/** A period longer than this is refused: a month-by-month table of it would not be read. */
const MAX_DAYS = 366 * 5;

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function currentYear(): string {
  return parisDate(Date.now()).slice(0, 4);
}

/** The query string, checked: French 400s on bad input, 403 on a structure out of reach. */
export function parseStatisticsQuery(ctx: RequestContext, q: Record<string, unknown>): StatisticsQuery {
  const year = currentYear();
  const from = q.from === undefined || q.from === '' ? `${year}-01-01` : q.from;
  const to = q.to === undefined || q.to === '' ? `${year}-12-31` : q.to;
  if (!isDayKey(from)) throw fieldError(ctx, 'from', 'booking_admin.statistics.bad_day');
  if (!isDayKey(to)) throw fieldError(ctx, 'to', 'booking_admin.statistics.bad_day');
  if (to < from) throw fieldError(ctx, 'to', 'booking_admin.statistics.to_before_from');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_DAYS)
    throw fieldError(ctx, 'to', 'booking_admin.statistics.too_long', { years: 5 });
  const groupBy = q.groupBy === undefined || q.groupBy === '' ? 'reason' : q.groupBy;
  if (!STATISTICS_GROUPINGS.includes(groupBy as StatisticsGrouping))
    throw fieldError(ctx, 'groupBy', 'booking_admin.statistics.bad_grouping');
  let group: number | null = null;
  if (q.group !== undefined && q.group !== '') {
    group = parsePk(q.group);
    if (group === null) throw fieldError(ctx, 'group', 'booking_admin.statistics.bad_group');
    if (!isAdministrator(ctx) && !ctx.user.scopeGroups.includes(group)) throw denied(ctx);
  }
  return { from, to, groupBy: groupBy as StatisticsGrouping, group };
}

function figures(count: number, honoured: number): StatisticsFigures {
  return { count, honoured, honouredRate: count ? honoured / count : null };
}

function fullName(u: { first_name: string | null; last_name: string | null; email: string | null }): string {
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || (u.email ?? '');
}

/** The months of the period, so that a month without appointments shows as a zero. */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

function monthLabel(key: string): string {
  const text = MONTH.format(new Date(`${key}-15T12:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Appointments starting in the period (Paris days), counted by reason, place, advisor or month.
 * Administrators see every structure; everyone else the structures of their scope.
 */
export async function appointmentStatistics(ctx: RequestContext, query: StatisticsQuery): Promise<Statistics> {
  const db = ctx.app.database.db;
  const start = parisWallToInstant(query.from, '00:00:00');
  const end = parisWallToInstant(addDays(query.to, 1), '00:00:00');
  const scope = query.group !== null ? [query.group] : isAdministrator(ctx) ? null : ctx.user.scopeGroups;
  if (scope !== null && scope.length === 0) return { ...query, rows: [], totals: figures(0, 0) };
  // Dates are stored as written (any UTC offset): the text bounds take a day on each side, the
  // exact instant decides below.
  let select = db
    .selectFrom('dialogwatt_appointment')
    .select(['start_date', 'has_been_honored', 'reason', 'place', 'advisor'])
    .where((eb) => eb.or([eb('status', '!=', 'cancelled'), eb('status', 'is', null)]))
    .where('start_date', '>=', new Date(start - 86_400_000).toISOString().slice(0, 10))
    .where('start_date', '<', new Date(end + 2 * 86_400_000).toISOString().slice(0, 10));
  if (scope !== null) select = select.where('group', 'in', scope);
  const rows = (await select.execute()).filter((r) => {
    const t = Date.parse(r.start_date ?? '');
    return t >= start && t < end;
  });

  const keyOf = (r: (typeof rows)[number]): string => {
    if (query.groupBy === 'month') return parisDate(Date.parse(r.start_date!)).slice(0, 7);
    const v = r[query.groupBy];
    return v === null || v === undefined ? 'none' : String(v);
  };
  const counts = new Map<string, { count: number; honoured: number }>();
  if (query.groupBy === 'month')
    for (const m of monthsOf(query.from, query.to)) counts.set(m, { count: 0, honoured: 0 });
  for (const r of rows) {
    const c = counts.get(keyOf(r)) ?? { count: 0, honoured: 0 };
    c.count += 1;
    if (r.has_been_honored) c.honoured += 1;
    counts.set(keyOf(r), c);
  }
  const labels = await labelsOf(ctx, query.groupBy, [...counts.keys()].filter((k) => k !== 'none').map(Number));
  const out: StatisticsRow[] = [...counts].map(([key, c]) => ({
    key,
    label:
      query.groupBy === 'month'
        ? monthLabel(key)
        : key === 'none'
          ? message(ctx.app, `booking_admin.statistics.no_${query.groupBy}`)
          : (labels.get(Number(key)) ?? `n° ${key}`),
    ...figures(c.count, c.honoured),
  }));
  if (query.groupBy === 'month') out.sort((a, b) => a.key.localeCompare(b.key));
  else out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'fr'));
  const total = out.reduce((s, r) => ({ count: s.count + r.count, honoured: s.honoured + r.honoured }), {
    count: 0,
    honoured: 0,
  });
  return { ...query, rows: out, totals: figures(total.count, total.honoured) };
}

async function labelsOf(ctx: RequestContext, groupBy: StatisticsGrouping, pks: number[]): Promise<Map<number, string>> {
  const db = ctx.app.database.db;
  if (groupBy === 'month' || pks.length === 0) return new Map();
  if (groupBy === 'advisor') {
    const users = await db
      .selectFrom('account_user')
      .select(['pk', 'first_name', 'last_name', 'email'])
      .where('pk', 'in', pks)
      .execute();
    return new Map(users.map((u) => [u.pk, fullName(u)]));
  }
  const table = groupBy === 'reason' ? 'dialogwatt_reason' : 'dialogwatt_place';
  const named = await db.selectFrom(table).select(['pk', 'name']).where('pk', 'in', pks).execute();
  return new Map(named.map((n) => [n.pk, n.name ?? `n° ${n.pk}`]));
}
