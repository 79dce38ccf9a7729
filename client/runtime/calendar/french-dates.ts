import {
  PARIS_TIME_ZONE as PARIS,
  parisInstant,
  parisParts,
  minutesToHhmm,
  type DayKey,
} from '../../../engine/time/paris-time';

// French words for the calendar's dates, always as read in Paris (fr-FR, Europe/Paris).

const dayFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, weekday: 'long', day: 'numeric', month: 'long' });
const dayYearFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const weekdayFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, weekday: 'long' });
const monthFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, month: 'long' });

/** Noon of a Paris day: an instant every formatter puts on that day. */
const noonOf = (day: DayKey) => parisInstant(day, 12 * 60);

const dayNumber = (day: DayKey) => Number(day.slice(8, 10));
const year = (day: DayKey) => day.slice(0, 4);
const month = (day: DayKey) => monthFormat.format(noonOf(day));
/** « 1er » for the first of the month, as French writes it. */
const ordinal = (day: DayKey) => (dayNumber(day) === 1 ? '1er' : String(dayNumber(day)));

/**
 * « Semaine du 23 au 29 novembre 2026 », « Semaine du 30 novembre au 6 décembre 2026 »,
 * « Semaine du 28 décembre 2026 au 3 janvier 2027 ».
 */
export function weekTitle(first: DayKey, last: DayKey): string {
  const end = `${ordinal(last)} ${month(last)} ${year(last)}`;
  if (year(first) !== year(last)) return `Semaine du ${ordinal(first)} ${month(first)} ${year(first)} au ${end}`;
  if (first.slice(0, 7) !== last.slice(0, 7))
    return `Semaine du ${ordinal(first)} ${month(first)} au ${ordinal(last)} ${month(last)} ${year(last)}`;
  return `Semaine du ${ordinal(first)} au ${ordinal(last)} ${month(last)} ${year(last)}`;
}

/** « Lundi 23 novembre 2026 ». */
export function dayTitle(day: DayKey): string {
  const text = dayYearFormat.format(noonOf(day)).replace(/\b1 /, '1er ');
  return text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);
}

/** « lundi 23 novembre » (a column header's full name). */
export function dayName(day: DayKey): string {
  return dayFormat.format(noonOf(day)).replace(/\b1 /, '1er ');
}

/** « lundi 23 » (a week column's header). */
export function shortDayName(day: DayKey): string {
  return `${weekdayFormat.format(noonOf(day))} ${ordinal(day)}`;
}

/** « 10:00 » in Paris. */
export function parisTime(instant: Date): string {
  return minutesToHhmm(parisParts(instant).minutes);
}

/**
 * The accessible name of an event: « Rendez-vous de 10:00 à 11:00 : Dupont » on one day,
 * « Indisponibilité du jeudi 10 décembre 09:00 au vendredi 11 décembre 17:30 : Formation » across days.
 */
export function eventLabel(kind: string, start: Date, end: Date, title: string): string {
  const s = parisParts(start);
  const e = parisParts(end);
  const what = kind.charAt(0).toLocaleUpperCase('fr') + kind.slice(1);
  const when =
    s.day === e.day || end.getTime() <= start.getTime()
      ? `de ${parisTime(start)} à ${parisTime(end)}`
      : `du ${dayName(s.day)} ${parisTime(start)} au ${dayName(e.day)} ${parisTime(end)}`;
  return title ? `${what} ${when} : ${title}` : `${what} ${when}`;
}
