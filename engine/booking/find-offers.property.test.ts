// findOffers jumps over taken times instead of stepping minute by minute; these properties check
// that it offers exactly what the plain minute-by-minute scan (each advisor judged alone, each
// minute of a capacity slot counted) offers, on random days of appointments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOffers } from './find-offers';
import type { OfferAppointment } from './offer-types';
import { input, slot } from './test-input';

const MINUTE = 60_000;
const SLOT_START = Date.parse('2026-06-15T07:00:00Z');
const SLOT_END = SLOT_START + 240 * MINUTE;
const ADVISORS = ['alice', 'bruno', 'chloe'];

interface Busy {
  advisor: number;
  start: number;
  length: number;
}

const busyArbitrary = fc.array(
  fc.record({
    advisor: fc.integer({ min: 0, max: 2 }),
    start: fc.integer({ min: -30, max: 250 }),
    length: fc.integer({ min: 5, max: 90 }),
  }),
  { maxLength: 12 },
);

function appointments(busy: Busy[], onSlot: boolean): OfferAppointment[] {
  return busy.map((entry, index) => ({
    id: `a${index}`,
    status: 'validated',
    advisor: onSlot ? null : ADVISORS[entry.advisor],
    slot: onSlot ? 's1' : null,
    reason: 'r30',
    startDate: new Date(SLOT_START + entry.start * MINUTE).toISOString(),
    endDate: new Date(SLOT_START + (entry.start + entry.length) * MINUTE).toISOString(),
  }));
}

/** The plain scan: minute by minute from the slot start, D + G after an offer. */
function minuteScan(duration: number, gap: number, free: (t: number, until: number) => boolean): number[] {
  const offered: number[] = [];
  let t = SLOT_START;
  while (t + duration * MINUTE <= SLOT_END) {
    if (free(t, t + duration * MINUTE)) {
      offered.push(t);
      t += (duration + gap) * MINUTE;
    } else t += MINUTE;
  }
  return offered;
}

function offeredStarts(days: ReturnType<typeof findOffers>): number[] {
  return days.flatMap((day) => day.offers.map((offer) => Date.parse(offer.start)));
}

const params = { duration: fc.integer({ min: 10, max: 90 }), gap: fc.integer({ min: 0, max: 20 }) };

describe('findOffers against the minute-by-minute scan', () => {
  it('calendar mode: a time is offered when one advisor alone is free for it', () => {
    fc.assert(
      fc.property(
        busyArbitrary,
        fc.record(params),
        fc.integer({ min: 1, max: 3 }),
        (busy, { duration, gap }, count) => {
          const advisors = ADVISORS.slice(0, count);
          const rows = input({
            reasons: [{ id: 'r30', name: 'Conseil', duration, isActive: true, group: 'g1' }],
            advisors: ADVISORS.map((id) => ({ id, name: id, isActive: true, group: 'g1' })),
            slots: [
              slot({
                id: 's1',
                startDate: new Date(SLOT_START).toISOString(),
                endDate: new Date(SLOT_END).toISOString(),
                timeBetweenSlots: gap,
                advisors,
              }),
            ],
            appointments: appointments(busy, false),
          });
          const expected = minuteScan(duration, gap, (t, until) =>
            advisors.some((advisor) =>
              busy.every((entry) => {
                if (ADVISORS[entry.advisor] !== advisor) return true;
                const start = SLOT_START + (entry.start - gap) * MINUTE;
                const end = SLOT_START + (entry.start + entry.length + gap) * MINUTE;
                return !(start < until && t < end);
              }),
            ),
          );
          expect(offeredStarts(findOffers(rows))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('capacity mode: a time is offered when every minute of it has a seat left', () => {
    fc.assert(
      fc.property(
        busyArbitrary,
        fc.record(params),
        fc.integer({ min: 1, max: 3 }),
        (busy, { duration, gap }, seats) => {
          const rows = input({
            reasons: [{ id: 'r30', name: 'Conseil', duration, isActive: true, group: 'g1' }],
            slots: [
              slot({
                id: 's1',
                startDate: new Date(SLOT_START).toISOString(),
                endDate: new Date(SLOT_END).toISOString(),
                timeBetweenSlots: gap,
                useAdvisorCalendar: false,
                numberOfActiveAdvisors: seats,
                advisors: [],
              }),
            ],
            appointments: appointments(busy, true),
          });
          const expected = minuteScan(duration, gap, (t, until) => {
            for (let minute = t; minute < until; minute += MINUTE) {
              const taken = busy.filter((entry) => {
                const start = SLOT_START + (entry.start - gap) * MINUTE;
                const end = SLOT_START + (entry.start + entry.length + gap) * MINUTE;
                return start <= minute && minute < end;
              }).length;
              if (taken >= seats) return false;
            }
            return true;
          });
          expect(offeredStarts(findOffers(rows))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
