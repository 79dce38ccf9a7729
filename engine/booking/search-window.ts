import { BookingQueryError } from './booking-query-error';
import { addDays, parisDate, parisDayStart, parseInstant } from '../time/paris-time';

/**
 * How far a search looks: this many Paris days from its first day. The reference looked at the
 * first 1000 slots instead, which cut the answer at an arbitrary point; a window in days is what
 * the week-by-week calendar pages through, and it bounds the rows the server has to load.
 */
export const SEARCH_WINDOW_DAYS = 90;

export interface SearchWindowMs {
  /** First instant an offer may start at: the later of now and the start of the first day. */
  from: number;
  /** Offers start before this instant (start of the day after the window). */
  to: number;
  /** The window's first Paris day, `YYYY-MM-DD`. */
  firstDay: string;
}

/** Reads the query's start date; missing means now, a day in the past means today. */
export function searchWindowMs(nowMs: number, startDate?: string | null): SearchWindowMs {
  let firstDay = parisDate(nowMs);
  if (startDate != null && startDate.trim() !== '') {
    const start = parseInstant(startDate);
    if (Number.isNaN(start)) {
      throw new BookingQueryError('startDate', `La date de début « ${startDate} » n'est pas une date valide.`);
    }
    const day = parisDate(start);
    if (day > firstDay) firstDay = day;
  }
  return {
    from: Math.max(nowMs, parisDayStart(firstDay)),
    to: parisDayStart(addDays(firstDay, SEARCH_WINDOW_DAYS)),
    firstDay,
  };
}

/**
 * The period a search covers, for the server to bound what it loads: slots, appointments and
 * downtimes that overlap [from, to] (appointments a few hours either side too, for the gaps).
 */
export function searchWindow(now: string, startDate?: string | null): { from: string; to: string } {
  const nowMs = parseInstant(now);
  if (Number.isNaN(nowMs)) throw new RangeError(`now is not an ISO instant: ${now}`);
  const window = searchWindowMs(nowMs, startDate);
  return { from: new Date(window.from).toISOString(), to: new Date(window.to).toISOString() };
}
