import { isDropIn, type BookableOffer, type DropInOffer, type OfferDay } from './booking-api';
import { addDays, parisDate, PARIS_TIME_ZONE as PARIS } from '../../../engine/time/paris-time';

/**
 * The fr-FR wording of the booking screens' days and times, always in Europe/Paris whatever the
 * browser's own zone: a visitor abroad books a time in the place's wall-clock time. Days are
 * `YYYY-MM-DD` strings, written from UTC dates so that no local zone or DST change shifts them; the
 * clock arithmetic itself is the platform's (engine/time/paris-time.ts).
 */

function utcDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export interface WeekColumn {
  date: string;
  /** « lundi 30 novembre » */
  label: string;
  /** « lun. 30/11 » — for the narrow layout's headings. */
  shortLabel: string;
  times: BookableOffer[];
  dropIns: DropInOffer[];
}

const dayLabel = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayLabelWithYear = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});

/** Intl writes « 1 décembre »; French writes the first of the month « 1er décembre ». */
function formatFrench(format: Intl.DateTimeFormat, date: Date): string {
  return format
    .formatToParts(date)
    .map((p) => (p.type === 'day' && Number(p.value) === 1 ? '1er' : p.value))
    .join('');
}

/** « lundi 30 novembre », « mardi 1er décembre » (with the year when asked). */
export function formatDay(day: string, withYear = false): string {
  return formatFrench(withYear ? dayLabelWithYear : dayLabel, utcDate(day));
}

/**
 * The seven days of the week starting on `monday`, each with its offered times and drop-in
 * ranges (in the order the server gives: local start order). Days of the answer outside the week
 * are ignored; days without offers are kept, empty, so that the grid keeps its shape.
 */
export function weekColumns(monday: string, days: OfferDay[]): WeekColumn[] {
  const byDate = new Map(days.map((d) => [d.date, d.offers]));
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    const offers = byDate.get(date) ?? [];
    return {
      date,
      label: formatDay(date),
      shortLabel: shortDay.format(utcDate(date)),
      times: offers.filter((o): o is BookableOffer => !isDropIn(o)),
      dropIns: offers.filter(isDropIn),
    };
  });
}

/** Whether a week has anything to choose (drop-in ranges alone cannot be booked). */
export function weekHasOffers(columns: WeekColumn[]): boolean {
  return columns.some((c) => c.times.length > 0 || c.dropIns.length > 0);
}

/** « semaine du 30 novembre au 6 décembre 2026 » */
export function weekTitle(monday: string): string {
  const sunday = addDays(monday, 6);
  const start = formatFrench(
    new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      ...(monday.slice(0, 4) !== sunday.slice(0, 4) ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }),
    utcDate(monday),
  );
  const end = formatFrench(
    new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    utcDate(sunday),
  );
  return `semaine du ${start} au ${end}`;
}

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: PARIS });

/** « 14:00 » in Paris time. */
export function formatTime(iso: string): string {
  return time.format(new Date(iso)).replace(/\s?h\s?/, ':');
}

/** « lundi 30 novembre 2026 à 14:00 » in Paris time. */
export function formatAppointmentDate(iso: string): string {
  return `${formatDay(parisDate(iso), true)} à ${formatTime(iso)}`;
}

/** « lundi 30 novembre 2026 de 14:00 à 14:45 » in Paris time. */
export function formatAppointmentRange(startIso: string, endIso: string): string {
  return `${formatDay(parisDate(startIso), true)} de ${formatTime(startIso)} à ${formatTime(endIso)}`;
}

/** « 1 h 30 », « 45 min » — the length of a reason. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

/**
 * Minutes left on a hold, to the nearest (a hold just taken says 60 even if the clock read a few
 * seconds earlier), at least 1 while it still holds, 0 once over.
 */
export function minutesLeft(expiresAt: string, now: Date): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.max(1, Math.round(ms / 60_000));
}
