// Europe/Paris wall-clock time, the one module for the whole platform (booking offers, the
// calendar screens, notifications, statistics): instants are stored, people read and schedule on
// the Paris clock, whose offset changes twice a year. The rules come from the platform's Intl
// (ICU's tz database, the same in Node and in browsers), so no date library is bundled; the offset
// is looked up once per quarter of an hour of UTC time (every Paris offset change since 1911 falls
// on a quarter hour), which keeps a month of booking offers far from Intl's per-call cost.

export const PARIS_TIME_ZONE = 'Europe/Paris';

/** A Paris calendar day, `YYYY-MM-DD`. */
export type DayKey = string;

/** An instant: milliseconds since the epoch, a Date, or ISO text (read by `Date.parse`). */
export type Instant = number | Date | string;

const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PARIS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const offsetCache = new Map<number, number>();

const msOf = (instant: Instant): number =>
  typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();

export const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Milliseconds to add to a UTC instant to get the Paris wall clock (3,600,000 in winter, 7,200,000 in summer). */
export function parisOffsetMs(instant: Instant): number {
  const quarter = Math.floor(msOf(instant) / QUARTER_MS);
  const cached = offsetCache.get(quarter);
  if (cached !== undefined) return cached;
  const at = quarter * QUARTER_MS;
  const field: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(at)) if (part.type !== 'literal') field[part.type] = Number(part.value);
  const wall = Date.UTC(field.year, field.month - 1, field.day, field.hour, field.minute, field.second);
  const offset = wall - at;
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(quarter, offset);
  return offset;
}

/** Minutes Paris is ahead of UTC at an instant (60 in winter, 120 in summer). */
export function parisOffsetMinutes(instant: Instant): number {
  return Math.round(parisOffsetMs(instant) / MINUTE_MS);
}

function offsetText(offsetMs: number): string {
  const offsetMinutes = Math.round(offsetMs / MINUTE_MS);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
}

export interface ParisParts {
  /** The Paris calendar day. */
  day: DayKey;
  /** The clock time, `HH:MM`. */
  time: string;
  /** The clock time with seconds, `HH:MM:SS`. */
  clock: string;
  /** Minutes since the day's midnight as the clock reads them (0 to 1439). */
  minutes: number;
  /** ISO 8601 with the Paris offset of that moment, e.g. `2026-03-30T09:00:00+02:00`. */
  iso: string;
}

/** The Paris day, clock time and ISO text of an instant, read once. */
export function parisParts(instant: Instant): ParisParts {
  const ms = msOf(instant);
  const offset = parisOffsetMs(ms);
  const wall = new Date(ms + offset).toISOString().slice(0, 19);
  const time = wall.slice(11, 16);
  return {
    day: wall.slice(0, 10),
    time,
    clock: wall.slice(11, 19),
    minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)),
    iso: wall + offsetText(offset),
  };
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The Paris wall-clock reading of an instant, field by field. */
export function parisWallClock(instant: Instant): WallClock {
  const ms = msOf(instant);
  const w = new Date(ms + parisOffsetMs(ms));
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

/** The Paris calendar day of an instant, `YYYY-MM-DD`. */
export function parisDate(instant: Instant): DayKey {
  return parisParts(instant).day;
}

/** The Paris time of day of an instant, `HH:MM`. */
export function parisTime(instant: Instant): string {
  return parisParts(instant).time;
}

/** An instant written as ISO 8601 with the Paris offset of that moment. */
export function parisIso(instant: Instant): string {
  return parisParts(instant).iso;
}

/**
 * The instant (milliseconds) at which Paris clocks read `date` `time`: `HH:MM` or `HH:MM:SS`, or
 * minutes after midnight (1440 is the next midnight). A time that happens twice (the autumn hour)
 * gives the first of the two; a time that does not exist (the spring hour) is moved forward by the
 * gap (02:30 becomes 03:30), as Temporal's `compatible` disambiguation does.
 */
export function parisWallToInstant(date: DayKey, time: string | number = '00:00'): number {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second = 0] = typeof time === 'number' ? [0, time, 0] : time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) throw new RangeError(`Not a Paris wall-clock time: ${date} ${time}`);
  const before = parisOffsetMs(wall - DAY_MS);
  const after = parisOffsetMs(wall + DAY_MS);
  const candidates = [wall - before, wall - after]
    .filter((instant) => instant + parisOffsetMs(instant) === wall)
    .sort((a, b) => a - b);
  return candidates.length ? candidates[0] : wall - before;
}

/** `parisWallToInstant` as a Date. */
export function parisInstant(date: DayKey, time: string | number): Date {
  return new Date(parisWallToInstant(date, time));
}

/** The first instant of a Paris calendar day. */
export function parisDayStart(date: DayKey): number {
  return parisWallToInstant(date, '00:00');
}

/** A calendar day moved by whole days (`2026-03-28` + 1 → `2026-03-29`, whatever the clock change). */
export function addDays(date: DayKey, days: number): DayKey {
  const [year, month, day] = date.split('-').map(Number);
  const t = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 for Monday to 6 for Sunday. */
export function weekdayIndex(day: DayKey): number {
  const [y, m, d] = day.split('-').map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `day`. */
export function mondayOf(day: DayKey): DayKey {
  return addDays(day, -weekdayIndex(day));
}

/** `HH:MM` → minutes after midnight (`24:00` is 1440). */
export function hhmmToMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Minutes after midnight → `HH:MM`. */
export function minutesToHhmm(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Whether a value is a calendar day written `YYYY-MM-DD` that exists (not `2026-02-30`). */
export function isDayKey(v: unknown): v is DayKey {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  return addDays(v, 0) === v;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * An instant from ISO text: with `Z` or an offset as written; a date alone is the start of that
 * Paris day; a date and time without offset are a Paris wall-clock time. Returns NaN for anything else.
 */
export function parseInstant(text: string): number {
  const value = text.trim();
  if (ZONED_DATE_TIME.test(value)) return Date.parse(value.replace(' ', 'T'));
  if (DATE_ONLY.test(value)) {
    return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? Number.NaN : parisDayStart(value);
  }
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    return Number.isNaN(Date.parse(`${local[1]}T${local[2]}Z`)) ? Number.NaN : parisWallToInstant(local[1], local[2]);
  }
  return Number.NaN;
}
