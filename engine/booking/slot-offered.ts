import type { OfferSlot } from './offer-types';
import type { SearchContext } from './search-context';

/**
 * Whether a slot can offer the searched reason to this caller at all (before looking at times):
 * validated, visible to the caller, offering the reason, at an active place in an active catchment
 * area, matching the place, commune and advisor asked for. With an advisor asked for, a capacity
 * slot offers nothing: its seats are anonymous, so nobody can promise that advisor there.
 */
export function isSlotOffered(slot: OfferSlot, context: SearchContext): boolean {
  const reason = context.reason;
  if (!reason || slot.status !== 'validated') return false;
  if (slot.visibility === 'advisor' && context.caller !== 'advisor') return false;
  if (!slot.reasons.includes(reason.id)) return false;
  const place = context.places.get(slot.place);
  if (!place?.isActive) return false;
  if (context.place != null && slot.place !== context.place) return false;
  const area = context.catchmentAreas.get(slot.catchmentArea);
  if (!area?.isActive) return false;
  if (context.inseeCode != null && !area.communes.includes(context.inseeCode)) return false;
  if (context.advisor != null) {
    if (slot.visibility !== 'without_reservation' && !slot.useAdvisorCalendar) return false;
    if (!slot.advisors.includes(context.advisor)) return false;
    if (!context.advisors.get(context.advisor)?.isActive) return false;
  }
  return true;
}
