import { BookingQueryError } from './booking-query-error';
import type { OffersInput } from './offer-types';
import { parisDate, parisIso, parseInstant } from '../time/paris-time';
import { prepareSearch, type SearchContext } from './search-context';
import { isSlotOffered } from './slot-offered';
import { noticeDayStarts, SlotAvailability } from './slot-availability';

export interface BookingChoice {
  slot: string;
  /** ISO instant. */
  start: string;
  advisor?: string | null;
}

export type BookableCheck =
  { ok: true; advisor: string | null; start: string; end: string } | { ok: false; message: string };

export const NO_LONGER_AVAILABLE = "Ce créneau n'est plus disponible, merci d'en choisir un autre.";
export const OUTSIDE_SLOT = "L'horaire est hors du créneau.";
export const NO_ADVISOR_AVAILABLE = "Aucun conseiller n'est disponible pour ce créneau.";
export const ADVISOR_NO_LONGER_AVAILABLE =
  "Ce conseiller n'est plus disponible à cet horaire, merci d'en choisir un autre.";
export const ADVISOR_NOT_ON_SLOT = 'Ce conseiller ne reçoit pas sur ce créneau.';
export const NO_ADVISOR_CHOICE = 'Ce créneau ne permet pas de choisir un conseiller.';
export const DROP_IN_SLOT = "Ce créneau est sans rendez-vous : il n'y a pas d'horaire à réserver.";
export const INVALID_START = "L'horaire choisi n'est pas valide.";
export const REASON_NOT_OFFERED = "Ce motif de rendez-vous n'est plus proposé.";

/**
 * The re-check a booking, hold, move or back-office creation runs inside its transaction, on rows
 * read in that transaction: is `choice` still free, and for which advisor? The rules are those of
 * `findOffers` (input.query's reason, caller, place and commune apply; its advisor and start date do
 * not, the choice says them), except that any start inside the slot is accepted when it is free,
 * not only the times of the offered grid (a time shown a minute ago stays bookable when another
 * booking shifted the grid but left it free). With no advisor chosen in calendar mode, the free
 * advisor with the fewest appointments that day is taken (ties: name order), so the load spreads
 * and the result does not depend on chance. The appointment being confirmed or moved must be left
 * out of `input.appointments`, or it blocks itself.
 */
export function checkBookable(input: OffersInput, choice: BookingChoice): BookableCheck {
  let context: SearchContext;
  try {
    context = prepareSearch(input, { forBooking: true });
  } catch (error) {
    if (error instanceof BookingQueryError) return { ok: false, message: error.message };
    throw error;
  }
  if (!context.reason) return { ok: false, message: REASON_NOT_OFFERED };
  const slot = input.slots.find((row) => row.id === choice.slot);
  if (!slot || !isSlotOffered(slot, context)) return { ok: false, message: NO_LONGER_AVAILABLE };
  if (slot.visibility === 'without_reservation') return { ok: false, message: DROP_IN_SLOT };
  const t = parseInstant(choice.start);
  if (Number.isNaN(t)) return { ok: false, message: INVALID_START };
  const availability = new SlotAvailability(slot, context, noticeDayStarts(context.nowMs));
  const end = t + context.durationMs;
  if (t < availability.start || end > availability.end) return { ok: false, message: OUTSIDE_SLOT };
  if (t < availability.earliest) return { ok: false, message: NO_LONGER_AVAILABLE };
  const advisor = choice.advisor ?? null;
  if (!slot.useAdvisorCalendar) {
    if (advisor != null) return { ok: false, message: NO_ADVISOR_CHOICE };
    if (!availability.hasCapacity || !availability.freeAt(t).free) return { ok: false, message: NO_LONGER_AVAILABLE };
    return { ok: true, advisor: null, start: parisIso(t), end: parisIso(end) };
  }
  if (advisor != null && (!slot.advisors.includes(advisor) || !context.advisors.get(advisor)?.isActive)) {
    return { ok: false, message: ADVISOR_NOT_ON_SLOT };
  }
  const free = availability.freeAt(t);
  if (advisor != null) {
    if (!free.free || !free.advisors.includes(advisor)) return { ok: false, message: ADVISOR_NO_LONGER_AVAILABLE };
    return { ok: true, advisor, start: parisIso(t), end: parisIso(end) };
  }
  if (!free.free) return { ok: false, message: NO_ADVISOR_AVAILABLE };
  const day = parisDate(t);
  const load = (id: string) =>
    (context.busy.byAdvisor.get(id) ?? []).filter((busy) => busy.appointment && parisDate(busy.start) === day).length;
  let chosen = free.advisors[0];
  let least = load(chosen);
  for (const id of free.advisors.slice(1)) {
    const count = load(id);
    if (count < least) [chosen, least] = [id, count];
  }
  return { ok: true, advisor: chosen, start: parisIso(t), end: parisIso(end) };
}
