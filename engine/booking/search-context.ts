import { BookingQueryError } from './booking-query-error';
import { collectBusyTimes, type BusyTimes } from './busy-times';
import type { Caller, OfferAdvisor, OfferCatchmentArea, OfferPlace, OfferReason, OffersInput } from './offer-types';
import { parseInstant } from '../time/paris-time';
import { searchWindowMs, type SearchWindowMs } from './search-window';

/** What every slot of one search is judged against, read once from the input. */
export interface SearchContext {
  nowMs: number;
  caller: Caller;
  /** The reason, when it can be booked at all (active, duration > 0). */
  reason: OfferReason | null;
  durationMs: number;
  inseeCode: string | null;
  place: string | null;
  advisor: string | null;
  window: SearchWindowMs;
  places: Map<string, OfferPlace>;
  catchmentAreas: Map<string, OfferCatchmentArea>;
  advisors: Map<string, OfferAdvisor>;
  busy: BusyTimes;
  /** Advisor ids in name order, for stable `advisors` lists. */
  advisorRank: Map<string, number>;
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function byId<T extends { id: string }>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Reads the input; unknown ids and an unreadable start date throw a French BookingQueryError.
 * `forBooking`: the query's advisor and start date are left out (the booking's choice says them).
 */
export function prepareSearch(input: OffersInput, options: { forBooking?: boolean } = {}): SearchContext {
  const nowMs = parseInstant(input.now);
  if (Number.isNaN(nowMs)) throw new RangeError(`now is not an ISO instant: ${input.now}`);
  const { query } = input;
  const found = input.reasons.find((row) => row.id === query.reason);
  if (!found) {
    throw new BookingQueryError('reason', `Le motif de rendez-vous ${query.reason} n'existe pas.`);
  }
  const places = byId(input.places);
  if (query.place != null && !places.has(query.place)) {
    throw new BookingQueryError('place', `Le lieu ${query.place} n'existe pas.`);
  }
  if (query.inseeCode != null && !input.communes.some((commune) => commune.inseeCode === query.inseeCode)) {
    throw new BookingQueryError('inseeCode', `La commune ${query.inseeCode} n'existe pas.`);
  }
  const advisors = byId(input.advisors);
  const advisor = options.forBooking ? null : (query.advisor ?? null);
  if (advisor != null && !advisors.has(advisor)) {
    throw new BookingQueryError('advisor', `Le conseiller ${advisor} n'existe pas.`);
  }
  const bookable = found.isActive && Number.isFinite(found.duration) && found.duration > 0;
  const ranked = [...input.advisors].sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.id, b.id));
  const context: SearchContext = {
    nowMs,
    caller: query.caller,
    reason: bookable ? found : null,
    durationMs: bookable ? found.duration * 60_000 : 0,
    inseeCode: query.inseeCode ?? null,
    place: query.place ?? null,
    advisor,
    window: searchWindowMs(nowMs, options.forBooking ? null : query.startDate),
    places,
    catchmentAreas: byId(input.catchmentAreas),
    advisors,
    busy: collectBusyTimes(input.appointments, input.downtimes ?? [], nowMs),
    advisorRank: new Map(ranked.map((row, index) => [row.id, index])),
  };
  return context;
}
