// Demo data whose dates follow the day it is loaded: a fixture value "$date(+3wd 09:00)" becomes
// the ISO instant of 09:00 on the Paris wall clock, three working days (Monday to Friday) after
// the seed day; "$date(-2d 14:30)" two calendar days before; the time defaults to 00:00. So a
// demo started any day offers appointments in the coming weeks, with the right offset on both
// sides of a daylight-saving change. "$day(+5d)" is the Paris calendar day itself (YYYY-MM-DD),
// for date fields (a reminder's day).

const MARKER = /^\$date\(([+-]\d{1,3})(d|wd)(?: ([01]\d|2[0-3]):([0-5]\d))?\)$/;
const DAY_MARKER = /^\$day\(([+-]\d{1,3})(d|wd)\)$/;

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Paris wall-clock fields of an instant. */
function parisFields(ms: number): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = Object.fromEntries(PARIS.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return { y: parts.year, m: parts.month, d: parts.day, h: parts.hour, min: parts.minute, s: parts.second };
}

/** Minutes Paris is ahead of UTC at this instant (60 in winter, 120 in summer). */
function parisOffset(ms: number): number {
  const f = parisFields(ms);
  return (Date.UTC(f.y, f.m - 1, f.d, f.h, f.min, f.s) - Math.floor(ms / 1000) * 1000) / 60_000;
}

/** The instant a Paris wall-clock time denotes (the later one for a time the autumn change repeats). */
export function parisWallClock(y: number, m: number, d: number, h: number, min: number): Date {
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  let t = asUtc - parisOffset(asUtc) * 60_000;
  const again = asUtc - parisOffset(t) * 60_000;
  if (again !== t) t = again;
  return new Date(t);
}

/** Moves a calendar day by n days, or by n working days (Monday to Friday) for `workingDays`. */
function shiftDay(y: number, m: number, d: number, n: number, workingDays: boolean): [number, number, number] {
  const day = new Date(Date.UTC(y, m - 1, d));
  if (!workingDays) day.setUTCDate(day.getUTCDate() + n);
  else {
    const step = n < 0 ? -1 : 1;
    for (let left = Math.abs(n); left > 0;) {
      day.setUTCDate(day.getUTCDate() + step);
      if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1;
    }
  }
  return [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
}

/** The ISO instant of a "$date(…)" marker, or the value itself when it is not one. */
export function relativeDate(value: string, seedDay: Date): string {
  const day = DAY_MARKER.exec(value);
  if (day) {
    const today = parisFields(seedDay.getTime());
    const [y, m, d] = shiftDay(today.y, today.m, today.d, Number(day[1]), day[2] === 'wd');
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  const match = MARKER.exec(value);
  if (!match) return value;
  const today = parisFields(seedDay.getTime());
  const [y, m, d] = shiftDay(today.y, today.m, today.d, Number(match[1]), match[2] === 'wd');
  return parisWallClock(y, m, d, Number(match[3] ?? 0), Number(match[4] ?? 0)).toISOString();
}

/** A fixture record with every "$date(…)" string (at any depth) replaced by its instant. */
export function resolveRelativeDates<T>(value: T, seedDay: Date): T {
  if (typeof value === 'string') return relativeDate(value, seedDay) as T;
  if (Array.isArray(value)) return value.map((v) => resolveRelativeDates(v, seedDay)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRelativeDates(v, seedDay)])) as T;
  return value;
}
