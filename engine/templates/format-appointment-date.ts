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

function day(w: WallClock, currentYear: number): string {
  const year = w.year === currentYear ? '' : ` ${w.year}`;
  return `${pad(w.day)} ${MONTHS[w.month - 1]}${year}`;
}

const time = (w: WallClock) => `${pad(w.hour)}:${pad(w.minute)}`;

/**
 * `{date_rdv}`: on the Paris wall clock, « 05 mars, 14:00 - 15:00 » for one day (a single time
 * when start and end are equal), « du 05 mars, 23:00 au 06 mars, 01:00 » across days. A date
 * outside the current year (in Paris, at `now`) carries its year — in the reference only the
 * one-day form did, which left a reminder for next January undated.
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
