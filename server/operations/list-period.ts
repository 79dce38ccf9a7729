import { sql, type SelectQueryBuilder } from 'kysely';
import type { RequestContext } from '../context';
import { message } from '../context';
import type { EntityRuntime } from '../../engine/schema/registry';
import { HttpError } from '../http/http-error';

/**
 * The period a calendar asks for (`?from=&to=`): the records that overlap it, i.e. that start
 * before `to` and end after `from`. Only for entities whose screens declare a calendar block,
 * whose `start` and `end` properties say where a record lies in time (docs/calendar.md).
 */
export interface ListPeriod {
  from: Date;
  to: Date;
  startColumn: string;
  endColumn: string;
}

/** A year and a day: a calendar shows a week; a year lets a yearly export use the same filter. */
export const MAX_PERIOD_DAYS = 366;

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** An ISO 8601 instant with its offset whose date and time exist; undefined otherwise. */
export function parseInstant(v: string): Date | undefined {
  const m = INSTANT.exec(v);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', , oh = '0', om = '0'] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d))
    return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(oh) > 14 || Number(om) > 59) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** The period of a list query, checked; undefined when none is asked. Bad input: a French 400. */
export function listPeriod(
  ctx: RequestContext,
  entity: EntityRuntime,
  raw: { from?: string; to?: string },
): ListPeriod | undefined {
  const given = (v: string | undefined) => v !== undefined && v !== '';
  if (!given(raw.from) && !given(raw.to)) return undefined;
  const bad = (key: string, params: Record<string, unknown> = {}) =>
    new HttpError(400, 'bad_period', message(ctx.app, key, params));
  const calendar = entity.schema['x-entity'].screens?.calendar;
  if (!calendar) throw bad('errors.period.unsupported');
  if (!given(raw.from) || !given(raw.to)) throw bad('errors.period.incomplete');
  const from = parseInstant(raw.from!);
  if (!from) throw bad('errors.period.invalid_date', { name: 'from', value: raw.from!.slice(0, 40) });
  const to = parseInstant(raw.to!);
  if (!to) throw bad('errors.period.invalid_date', { name: 'to', value: raw.to!.slice(0, 40) });
  if (to.getTime() <= from.getTime()) throw bad('errors.period.order');
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * 86_400_000)
    throw bad('errors.period.too_long', { days: MAX_PERIOD_DAYS });
  const column = (p: string) => entity.columnByProperty.get(p)!.column;
  return {
    from,
    to,
    startColumn: column(calendar.start),
    endColumn: column(calendar.end),
  };
}

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The rows that may overlap the period, found by the date part of the stored text. Date-times
 * are stored as sent (any offset, or none), so the text does not sort as time does; but a stored
 * local date is never more than a day away from its UTC date (offsets stay within ±14 h), so a
 * one-day margin on each side keeps every overlapping row, and `overlaps` then decides exactly.
 */
export function whereMayOverlap(
  qb: SelectQueryBuilder<any, any, object>,
  period: ListPeriod,
): SelectQueryBuilder<any, any, object> {
  const lastDay = utcDay(period.to.getTime() + 86_400_000);
  const firstDay = utcDay(period.from.getTime() - 86_400_000);
  return qb
    .where(sql<boolean>`substr(${sql.ref(period.startColumn)}, 1, 10) <= ${lastDay}`)
    .where(sql<boolean>`substr(${sql.ref(period.endColumn)}, 1, 10) >= ${firstDay}`);
}

/** Whether a stored row starts before the period's end and ends after its start. */
export function overlaps(row: Record<string, unknown>, period: ListPeriod): boolean {
  const start = row[period.startColumn];
  const end = row[period.endColumn];
  if (typeof start !== 'string' || typeof end !== 'string') return false;
  const s = Date.parse(start);
  const e = Date.parse(end);
  return s < period.to.getTime() && e > period.from.getTime();
}
