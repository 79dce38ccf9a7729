import { describe, expect, it } from 'vitest';
import {
  ADVISOR_NO_LONGER_AVAILABLE,
  ADVISOR_NOT_ON_SLOT,
  checkBookable,
  DROP_IN_SLOT,
  INVALID_START,
  NO_ADVISOR_AVAILABLE,
  NO_ADVISOR_CHOICE,
  NO_LONGER_AVAILABLE,
  OUTSIDE_SLOT,
  REASON_NOT_OFFERED,
} from './check-bookable';
import { findOffers } from './find-offers';
import type { OffersInput } from './offer-types';
import { appointment, input, slot } from './test-input';

const MONDAY = '2026-06-15';
const at = (time: string) => `${MONDAY}T${time}:00+02:00`;
const morning = slot({ id: 's1', startDate: at('09:00'), endDate: at('11:00'), advisors: ['alice', 'bruno'] });
const capacity = slot({
  id: 'k1',
  startDate: at('14:00'),
  endDate: at('15:00'),
  useAdvisorCalendar: false,
  numberOfActiveAdvisors: 1,
  advisors: [],
});
const booked = (id: string, advisor: string | null, start: string, end: string, slotId: string | null = 's1') =>
  appointment({ id, advisor, slot: slotId, startDate: at(start), endDate: at(end) });

function check(fields: Partial<OffersInput>, choice: Parameters<typeof checkBookable>[1]) {
  return checkBookable(input({ slots: [morning, capacity], ...fields }), choice);
}

describe('checkBookable', () => {
  it('accepts an offered time with the chosen advisor and gives its Paris start and end', () => {
    expect(check({}, { slot: 's1', start: at('09:30'), advisor: 'bruno' })).toEqual({
      ok: true,
      advisor: 'bruno',
      start: '2026-06-15T09:30:00+02:00',
      end: '2026-06-15T10:00:00+02:00',
    });
    // The same instant written in UTC is the same time.
    expect(check({}, { slot: 's1', start: '2026-06-15T07:30:00Z', advisor: 'bruno' })).toMatchObject({ ok: true });
  });

  it('accepts every time findOffers offers', () => {
    const rows = input({ slots: [morning, capacity], appointments: [booked('a1', 'alice', '09:10', '09:40')] });
    for (const { offers } of findOffers(rows)) {
      for (const offer of offers) {
        if ('dropIn' in offer) continue;
        expect(checkBookable(rows, { slot: offer.slot, start: offer.start })).toMatchObject({ ok: true });
      }
    }
  });

  it('picks the free advisor with the fewest appointments that day, then by name', () => {
    expect(check({}, { slot: 's1', start: at('10:00') })).toMatchObject({ ok: true, advisor: 'alice' });
    const aliceBusy = [booked('a1', 'alice', '09:00', '09:30')];
    expect(check({ appointments: aliceBusy }, { slot: 's1', start: at('10:00') })).toMatchObject({
      ok: true,
      advisor: 'bruno',
    });
    expect(check({ appointments: aliceBusy }, { slot: 's1', start: at('09:00') })).toMatchObject({
      ok: true,
      advisor: 'bruno',
    });
  });

  it('refuses a time taken in the meantime, with an equal interval counted as overlapping', () => {
    const both = [booked('a1', 'alice', '09:30', '10:00'), booked('a2', 'bruno', '09:30', '10:00', null)];
    expect(check({ appointments: both }, { slot: 's1', start: at('09:30') })).toEqual({
      ok: false,
      message: NO_ADVISOR_AVAILABLE,
    });
    expect(check({ appointments: both }, { slot: 's1', start: at('09:30'), advisor: 'alice' })).toEqual({
      ok: false,
      message: ADVISOR_NO_LONGER_AVAILABLE,
    });
    expect(check({ appointments: both }, { slot: 's1', start: at('10:00') })).toMatchObject({ ok: true });
  });

  it('refuses a time outside the slot, or whose end is past the slot', () => {
    expect(check({}, { slot: 's1', start: at('08:30') })).toEqual({ ok: false, message: OUTSIDE_SLOT });
    expect(check({}, { slot: 's1', start: at('10:45') })).toEqual({ ok: false, message: OUTSIDE_SLOT });
    expect(check({}, { slot: 's1', start: 'lundi' })).toEqual({ ok: false, message: INVALID_START });
  });

  it('refuses a time within the notice, a missing or hidden slot, a drop-in slot and an inactive reason', () => {
    const late = slot({ ...morning, deadline: 96 });
    expect(check({ slots: [late] }, { slot: 's1', start: at('09:00') })).toEqual({
      ok: false,
      message: NO_LONGER_AVAILABLE,
    });
    expect(check({}, { slot: 'nope', start: at('09:00') })).toEqual({ ok: false, message: NO_LONGER_AVAILABLE });
    const hidden = slot({ ...morning, visibility: 'advisor' });
    expect(check({ slots: [hidden] }, { slot: 's1', start: at('09:00') })).toEqual({
      ok: false,
      message: NO_LONGER_AVAILABLE,
    });
    const advisorQuery = { reason: 'r30', caller: 'advisor' as const };
    expect(
      checkBookable(input({ slots: [hidden], query: advisorQuery }), { slot: 's1', start: at('09:00') }),
    ).toMatchObject({ ok: true });
    const dropIn = slot({ ...morning, visibility: 'without_reservation' });
    expect(check({ slots: [dropIn] }, { slot: 's1', start: at('09:00') })).toEqual({
      ok: false,
      message: DROP_IN_SLOT,
    });
    const reasons = [{ id: 'r30', name: 'Ancien', duration: 30, isActive: false, group: 'g1' }];
    expect(check({ reasons }, { slot: 's1', start: at('09:00') })).toEqual({ ok: false, message: REASON_NOT_OFFERED });
  });

  it('refuses an advisor who does not work on the slot or is inactive', () => {
    const advisors = [
      { id: 'alice', name: 'Alice Martin', isActive: true, group: 'g1' },
      { id: 'bruno', name: 'Bruno Durand', isActive: false, group: 'g1' },
      { id: 'zoe', name: 'Zoé Petit', isActive: true, group: 'g1' },
    ];
    expect(check({ advisors }, { slot: 's1', start: at('09:00'), advisor: 'zoe' })).toEqual({
      ok: false,
      message: ADVISOR_NOT_ON_SLOT,
    });
    expect(check({ advisors }, { slot: 's1', start: at('09:00'), advisor: 'bruno' })).toEqual({
      ok: false,
      message: ADVISOR_NOT_ON_SLOT,
    });
  });

  it('takes the last capacity seat once, names no advisor, and lets a fresh hold keep it', () => {
    expect(check({}, { slot: 'k1', start: at('14:00') })).toEqual({
      ok: true,
      advisor: null,
      start: at('14:00'),
      end: at('14:30'),
    });
    expect(check({}, { slot: 'k1', start: at('14:00'), advisor: 'alice' })).toEqual({
      ok: false,
      message: NO_ADVISOR_CHOICE,
    });
    const hold = (tmpBookDate: string) =>
      appointment({
        id: 'h',
        status: 'waiting',
        advisor: null,
        slot: 'k1',
        tmpBookDate,
        startDate: at('14:15'),
        endDate: at('14:45'),
      });
    expect(check({ appointments: [hold('2026-06-12T09:30:00+02:00')] }, { slot: 'k1', start: at('14:00') })).toEqual({
      ok: false,
      message: NO_LONGER_AVAILABLE,
    });
    expect(
      check({ appointments: [hold('2026-06-12T08:59:00+02:00')] }, { slot: 'k1', start: at('14:00') }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('answers an unknown reason with its French message instead of throwing', () => {
    const query = { reason: 'r404', caller: 'anonymous' as const };
    expect(check({ query }, { slot: 's1', start: at('09:00') })).toEqual({
      ok: false,
      message: "Le motif de rendez-vous r404 n'existe pas.",
    });
  });
});
