import type { BookableOffer, DayOffers, DropInOffer, Offer, OffersInput } from './offer-types';
import { parisParts, parseInstant } from '../time/paris-time';
import { prepareSearch, type SearchContext } from './search-context';
import { isSlotOffered } from './slot-offered';
import { noticeDayStarts, SlotAvailability } from './slot-availability';

const MINUTE_MS = 60_000;

interface Placed {
  at: number;
  /** Paris day of `at`. */
  date: string;
  /** 0 for a bookable time, 1 for a drop-in range: a time comes first at the same instant. */
  kind: number;
  order: number;
  offer: Offer;
}

/**
 * Bookable times of one slot: from the slot's start, one appointment after the other with the gap
 * between them; when a time is taken, the next start is the first whole minute (from the slot's
 * start) at which someone is free again. Times before `earliest` are skipped along the same grid.
 */
function slotTimes(availability: SlotAvailability, context: SearchContext, order: number, out: Placed[]): void {
  const { start, end, earliest } = availability;
  const duration = context.durationMs;
  const step = duration + availability.gapMs;
  const to = context.window.to;
  let t = start;
  if (t < earliest) t = start + Math.ceil((earliest - start) / step) * step;
  while (t + duration <= end && t < to) {
    const free = availability.freeAt(t);
    if (free.free) {
      const { day: date, time, iso } = parisParts(t);
      const offer: BookableOffer = { time, start: iso, slot: availability.slot.id };
      if (availability.slot.useAdvisorCalendar) offer.advisors = free.advisors;
      out.push({ at: t, date, kind: 0, order, offer });
      t += step;
    } else {
      if (!Number.isFinite(free.nextTry)) return;
      t = start + Math.ceil((free.nextTry - start) / MINUTE_MS) * MINUTE_MS;
    }
  }
}

/**
 * Offered times for a reason, day by day (Paris days, without the days that offer nothing), in
 * start order. No I/O: the server loads the rows (see `searchWindow` for the period) and calls it.
 * How it decides, and where it differs from the reference platform: docs/booking.md.
 */
export function findOffers(input: OffersInput): DayOffers[] {
  const context = prepareSearch(input);
  if (!context.reason) return [];
  const noticeDayStart = noticeDayStarts(context.nowMs);
  const placed: Placed[] = [];
  input.slots.forEach((slot, order) => {
    if (!isSlotOffered(slot, context)) return;
    if (slot.visibility === 'without_reservation') {
      const start = parseInstant(slot.startDate);
      const end = parseInstant(slot.endDate);
      if (!(end > start) || end <= context.window.from || start >= context.window.to) return;
      const from = parisParts(start);
      const to = parisParts(end);
      const offer: DropInOffer = {
        dropIn: true,
        startTime: from.time,
        endTime: to.time,
        start: from.iso,
        end: to.iso,
        slot: slot.id,
      };
      placed.push({ at: start, date: from.day, kind: 1, order, offer });
      return;
    }
    const availability = new SlotAvailability(slot, context, noticeDayStart);
    if (availability.hasCapacity) slotTimes(availability, context, order, placed);
  });
  placed.sort((a, b) => a.at - b.at || a.kind - b.kind || a.order - b.order);
  const days: DayOffers[] = [];
  for (const { date, offer } of placed) {
    const last = days[days.length - 1];
    if (last?.date === date) last.offers.push(offer);
    else days.push({ date, offers: [offer] });
  }
  return days;
}
