/** Calendar days of the booking pages: Europe/Paris days written YYYY-MM-DD, instants in UTC ISO. */

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// An instant must say its offset: a wall-clock time without one would be read in the server's zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The Paris calendar day of an instant. */
export function parisDay(instant: Date | string): string {
  return PARIS_DAY.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** A day of the calendar plus `n` days (no time zone involved: days are labels). */
export function addDays(day: string, n: number): string {
  const [, y, m, d] = DAY.exec(day)!;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + n)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A real calendar day (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** An ISO instant with its offset, as UTC ISO; null for anything else. */
export function instant(value: unknown): string | null {
  if (typeof value !== 'string' || !INSTANT.test(value)) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/** A day parameter: a day as is, or the Paris day of an instant; null when neither. */
export function dayParam(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (isDay(value)) return value;
  const i = instant(value);
  return i ? parisDay(i) : null;
}
