import { pad, parisWallClock, type WallClock } from '../time/paris-time';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

/** « lundi 1er décembre », « vendredi 5 mars 2027 »: as people write a date in French. */
function day(w: WallClock, currentYear: number): string {
  const year = w.year === currentYear ? '' : ` ${w.year}`;
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()];
  return `${weekday} ${w.day === 1 ? '1er' : w.day} ${MONTHS[w.month - 1]}${year}`;
}

const time = (w: WallClock) => `${pad(w.hour)}:${pad(w.minute)}`;

/**
 * `{date_rdv}`: on the Paris wall clock, « vendredi 5 mars, 14:00 - 15:00 » for one day (a single
 * time when start and end are equal), « du vendredi 5 mars, 23:00 au samedi 6 mars, 01:00 » across
 * days; the first of the month is « 1er » and the day has no leading zero (the reference wrote
 * « 05 mars »). A date outside the current year (in Paris, at `now`) carries its year — in the
 * reference only the one-day form did, which left a reminder for next January undated.
 */
export function formatAppointmentDate(start: string, end: string, now: string): string {
  const s = parisWallClock(start);
  const e = parisWallClock(end);
  const currentYear = parisWallClock(now).year;
  const sameDay = s.year === e.year && s.month === e.month && s.day === e.day;
  if (sameDay) {
    const times = new Date(start).getTime() === new Date(end).getTime() ? time(s) : `${time(s)} - ${time(e)}`;
    return `${day(s, currentYear)}, ${times}`;
  }
  return `du ${day(s, currentYear)}, ${time(s)} au ${day(e, currentYear)}, ${time(e)}`;
}
