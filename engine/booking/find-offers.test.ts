import { describe, expect, it } from 'vitest';
import { BookingQueryError } from './booking-query-error';
import { findOffers } from './find-offers';
import type { DayOffers, OffersInput } from './offer-types';
import { appointment, input, slot } from './test-input';

/** Offers of one day as short strings: `09:00 s1 [alice,bruno]`, `drop-in 14:00-17:00 s2`. */
function day(days: DayOffers[], date: string): string[] {
  const found = days.find((entry) => entry.date === date);
  return (found?.offers ?? []).map((offer) =>
    'dropIn' in offer
      ? `drop-in ${offer.startTime}-${offer.endTime} ${offer.slot}`
      : `${offer.time} ${offer.slot}${offer.advisors ? ` [${offer.advisors.join(',')}]` : ''}`,
  );
}

const MONDAY = '2026-06-15';
const morning = (fields: Parameters<typeof slot>[0] extends infer T ? Partial<T> : never = {}) =>
  slot({ id: 's1', startDate: `${MONDAY}T09:00:00+02:00`, endDate: `${MONDAY}T11:00:00+02:00`, ...fields });

function offers(fields: Partial<OffersInput>): DayOffers[] {
  return findOffers(input(fields));
}

describe('findOffers: times of a slot', () => {
  it('offers back-to-back times from the slot start, in Paris time with the Paris offset', () => {
    const days = offers({ slots: [morning()] });
    expect(days.map((entry) => entry.date)).toEqual([MONDAY]);
    expect(day(days, MONDAY)).toEqual(['09:00 s1 [alice]', '09:30 s1 [alice]', '10:00 s1 [alice]', '10:30 s1 [alice]']);
    expect(days[0].offers[0]).toEqual({
      time: '09:00',
      start: '2026-06-15T09:00:00+02:00',
      slot: 's1',
      advisors: ['alice'],
    });
  });

  it('keeps the gap after each offered time and around booked appointments', () => {
    expect(day(offers({ slots: [morning({ timeBetweenSlots: 15 })] }), MONDAY)).toEqual([
      '09:00 s1 [alice]',
      '09:45 s1 [alice]',
      '10:30 s1 [alice]',
    ]);
    const booked = appointment({
      id: 'a1',
      slot: 's1',
      startDate: `${MONDAY}T09:30:00+02:00`,
      endDate: `${MONDAY}T10:00:00+02:00`,
    });
    // 09:00–09:30 would end less than 15 minutes before 09:30; the first start after is 10:15.
    expect(day(offers({ slots: [morning({ timeBetweenSlots: 15 })], appointments: [booked] }), MONDAY)).toEqual([
      '10:15 s1 [alice]',
    ]);
  });

  it('restarts on the first free minute after an appointment off the grid', () => {
    const booked = appointment({
      id: 'a1',
      slot: 's1',
      startDate: `${MONDAY}T09:10:00+02:00`,
      endDate: `${MONDAY}T09:40:00+02:00`,
    });
    expect(day(offers({ slots: [morning()], appointments: [booked] }), MONDAY)).toEqual([
      '09:40 s1 [alice]',
      '10:10 s1 [alice]',
    ]);
  });

  it('treats an appointment at exactly the same time as overlapping, and one ending at the start as not', () => {
    const same = appointment({
      id: 'a1',
      slot: 's1',
      startDate: `${MONDAY}T09:00:00+02:00`,
      endDate: `${MONDAY}T09:30:00+02:00`,
    });
    expect(day(offers({ slots: [morning()], appointments: [same] }), MONDAY)[0]).toBe('09:30 s1 [alice]');
    const before = appointment({
      id: 'a2',
      startDate: `${MONDAY}T08:30:00+02:00`,
      endDate: `${MONDAY}T09:00:00+02:00`,
    });
    expect(day(offers({ slots: [morning()], appointments: [before] }), MONDAY)[0]).toBe('09:00 s1 [alice]');
  });

  it('gives no offer for a reason lasting 0 minutes or less, or inactive', () => {
    for (const duration of [0, -30]) {
      const reasons = [{ id: 'r30', name: 'Vide', duration, isActive: true, group: 'g1' }];
      expect(offers({ slots: [morning()], reasons })).toEqual([]);
    }
    const reasons = [{ id: 'r30', name: 'Ancien', duration: 30, isActive: false, group: 'g1' }];
    expect(offers({ slots: [morning()], reasons })).toEqual([]);
  });
});

describe('findOffers: advisors', () => {
  it('offers a time while one of two advisors is free, naming only the free one', () => {
    const booked = appointment({
      id: 'a1',
      slot: 's1',
      advisor: 'alice',
      startDate: `${MONDAY}T09:00:00+02:00`,
      endDate: `${MONDAY}T09:30:00+02:00`,
    });
    const days = offers({ slots: [morning({ advisors: ['bruno', 'alice'] })], appointments: [booked] });
    expect(day(days, MONDAY)).toEqual([
      '09:00 s1 [bruno]',
      '09:30 s1 [alice,bruno]',
      '10:00 s1 [alice,bruno]',
      '10:30 s1 [alice,bruno]',
    ]);
  });

  it('never joins two advisors’ free minutes into one time (no union across advisors)', () => {
    // Alice is free 09:00–09:30 and Bruno 09:30–10:00: nobody is free for an hour from 09:00.
    const appointments = [
      appointment({
        id: 'a1',
        advisor: 'alice',
        startDate: `${MONDAY}T09:30:00+02:00`,
        endDate: `${MONDAY}T11:00:00+02:00`,
      }),
      appointment({
        id: 'a2',
        advisor: 'bruno',
        startDate: `${MONDAY}T09:00:00+02:00`,
        endDate: `${MONDAY}T09:30:00+02:00`,
      }),
      appointment({
        id: 'a3',
        advisor: 'bruno',
        startDate: `${MONDAY}T10:00:00+02:00`,
        endDate: `${MONDAY}T11:00:00+02:00`,
      }),
    ];
    const query = { reason: 'r60', caller: 'anonymous' as const };
    expect(offers({ query, slots: [morning({ advisors: ['alice', 'bruno'] })], appointments })).toEqual([]);
    // Each of them alone would be free for 30 minutes at those times.
    const short = offers({ slots: [morning({ advisors: ['alice', 'bruno'] })], appointments });
    expect(day(short, MONDAY)).toEqual(['09:00 s1 [alice]', '09:30 s1 [bruno]']);
  });

  it('counts an advisor busy on another slot, at another place, or on an appointment without slot', () => {
    const elsewhere = slot({
      id: 's9',
      place: 'p2',
      startDate: `${MONDAY}T08:00:00+02:00`,
      endDate: `${MONDAY}T12:00:00+02:00`,
    });
    const appointments = [
      appointment({ id: 'a1', slot: 's9', startDate: `${MONDAY}T09:00:00+02:00`, endDate: `${MONDAY}T09:30:00+02:00` }),
      appointment({ id: 'a2', slot: null, startDate: `${MONDAY}T10:00:00+02:00`, endDate: `${MONDAY}T10:30:00+02:00` }),
    ];
    expect(
      day(
        offers({
          slots: [morning(), elsewhere],
          appointments,
          query: { reason: 'r30', place: 'p1', caller: 'anonymous' },
        }),
        MONDAY,
      ),
    ).toEqual(['09:30 s1 [alice]', '10:30 s1 [alice]']);
  });

  it('blocks an advisor during a downtime', () => {
    const downtimes = [
      { advisor: 'alice', startDate: `${MONDAY}T08:00:00+02:00`, endDate: `${MONDAY}T10:00:00+02:00` },
    ];
    expect(day(offers({ slots: [morning({ advisors: ['alice', 'bruno'] })], downtimes }), MONDAY)).toEqual([
      '09:00 s1 [bruno]',
      '09:30 s1 [bruno]',
      '10:00 s1 [alice,bruno]',
      '10:30 s1 [alice,bruno]',
    ]);
    const allWeek = [
      { advisor: 'alice', startDate: '2026-06-13T00:00:00+02:00', endDate: '2026-06-20T00:00:00+02:00' },
    ];
    expect(offers({ slots: [morning()], downtimes: allWeek })).toEqual([]);
  });

  it('leaves out inactive advisors', () => {
    const advisors = [
      { id: 'alice', name: 'Alice Martin', isActive: false, group: 'g1' },
      { id: 'bruno', name: 'Bruno Durand', isActive: true, group: 'g1' },
    ];
    expect(day(offers({ slots: [morning({ advisors: ['alice', 'bruno'] })], advisors }), MONDAY)[0]).toBe(
      '09:00 s1 [bruno]',
    );
    expect(offers({ slots: [morning()], advisors })).toEqual([]);
  });

  it('filters on the asked advisor; a capacity slot then offers nothing, a drop-in range only if it lists them', () => {
    const slots = [
      morning({ advisors: ['alice', 'bruno'] }),
      slot({
        id: 's2',
        startDate: `${MONDAY}T14:00:00+02:00`,
        endDate: `${MONDAY}T15:00:00+02:00`,
        useAdvisorCalendar: false,
        numberOfActiveAdvisors: 3,
        advisors: [],
      }),
      slot({
        id: 's3',
        startDate: `${MONDAY}T16:00:00+02:00`,
        endDate: `${MONDAY}T17:00:00+02:00`,
        visibility: 'without_reservation',
        advisors: ['bruno'],
      }),
    ];
    const query = { reason: 'r30', advisor: 'bruno', caller: 'anonymous' as const };
    expect(day(offers({ slots, query }), MONDAY)).toEqual([
      '09:00 s1 [bruno]',
      '09:30 s1 [bruno]',
      '10:00 s1 [bruno]',
      '10:30 s1 [bruno]',
      'drop-in 16:00-17:00 s3',
    ]);
    expect(day(offers({ slots, query: { ...query, advisor: 'alice' } }), MONDAY)).toHaveLength(4);
  });
});

describe('findOffers: capacity, drop-in, visibility', () => {
  const capacity = (fields = {}) =>
    slot({
      id: 'k1',
      startDate: `${MONDAY}T14:00:00+02:00`,
      endDate: `${MONDAY}T15:00:00+02:00`,
      useAdvisorCalendar: false,
      numberOfActiveAdvisors: 2,
      advisors: [],
      ...fields,
    });

  it('offers a time while fewer of the slot’s appointments overlap it than there are seats', () => {
    const at14 = (id: string, advisor: string | null = null) =>
      appointment({
        id,
        advisor,
        slot: 'k1',
        startDate: `${MONDAY}T14:00:00+02:00`,
        endDate: `${MONDAY}T14:30:00+02:00`,
      });
    expect(day(offers({ slots: [capacity()], appointments: [at14('a1')] }), MONDAY)).toEqual(['14:00 k1', '14:30 k1']);
    expect(day(offers({ slots: [capacity()], appointments: [at14('a1'), at14('a2', 'alice')] }), MONDAY)).toEqual([
      '14:30 k1',
    ]);
    // An appointment of another slot takes no seat here.
    const other = appointment({
      id: 'a3',
      advisor: null,
      slot: 's1',
      startDate: `${MONDAY}T14:00:00+02:00`,
      endDate: `${MONDAY}T14:30:00+02:00`,
    });
    expect(
      day(offers({ slots: [capacity({ numberOfActiveAdvisors: 1 })], appointments: [other] }), MONDAY),
    ).toHaveLength(2);
  });

  it('needs a seat free for the whole appointment: two seats filled one after the other leave one free', () => {
    const appointments = [
      appointment({
        id: 'a1',
        advisor: null,
        slot: 'k1',
        startDate: `${MONDAY}T14:00:00+02:00`,
        endDate: `${MONDAY}T14:30:00+02:00`,
      }),
      appointment({
        id: 'a2',
        advisor: null,
        slot: 'k1',
        startDate: `${MONDAY}T14:30:00+02:00`,
        endDate: `${MONDAY}T15:00:00+02:00`,
      }),
    ];
    const query = { reason: 'r60', caller: 'anonymous' as const };
    expect(day(offers({ slots: [capacity()], appointments, query }), MONDAY)).toEqual(['14:00 k1']);
    expect(offers({ slots: [capacity({ numberOfActiveAdvisors: 1 })], appointments, query })).toEqual([]);
  });

  it('shows drop-in ranges as they are, a bookable time first at the same start', () => {
    const slots = [
      slot({
        id: 'd1',
        startDate: `${MONDAY}T09:00:00+02:00`,
        endDate: `${MONDAY}T12:00:00+02:00`,
        visibility: 'without_reservation',
      }),
      morning({ advisors: ['bruno'] }),
    ];
    const days = offers({ slots });
    expect(day(days, MONDAY)).toEqual([
      '09:00 s1 [bruno]',
      'drop-in 09:00-12:00 d1',
      '09:30 s1 [bruno]',
      '10:00 s1 [bruno]',
      '10:30 s1 [bruno]',
    ]);
    expect(days[0].offers[1]).toEqual({
      dropIn: true,
      startTime: '09:00',
      endTime: '12:00',
      start: '2026-06-15T09:00:00+02:00',
      end: '2026-06-15T12:00:00+02:00',
      slot: 'd1',
    });
  });

  it('hides advisor-only slots from visitors and clients, shows them to advisors', () => {
    const slots = [morning({ visibility: 'advisor' })];
    expect(offers({ slots })).toEqual([]);
    expect(offers({ slots, query: { reason: 'r30', caller: 'client' } })).toEqual([]);
    expect(day(offers({ slots, query: { reason: 'r30', caller: 'advisor' } }), MONDAY)).toHaveLength(4);
  });

  it('leaves out inactive or cancelled slots, inactive places and catchment areas, other reasons and communes', () => {
    expect(offers({ slots: [morning({ status: 'inactive' })] })).toEqual([]);
    expect(offers({ slots: [morning({ status: 'cancelled' })] })).toEqual([]);
    expect(offers({ slots: [morning({ reasons: ['r60'] })] })).toEqual([]);
    expect(offers({ slots: [morning({ reasons: ['r30'] })], query: { reason: 'r60', caller: 'anonymous' } })).toEqual(
      [],
    );
    expect(offers({ slots: [morning()], places: [{ id: 'p1', name: 'Fermé', isActive: false, group: 'g1' }] })).toEqual(
      [],
    );
    const areas = [{ id: 'c1', name: 'Ancienne zone', isActive: false, group: 'g1', communes: ['38185'] }];
    expect(offers({ slots: [morning()], catchmentAreas: areas })).toEqual([]);
    expect(offers({ slots: [morning()], query: { reason: 'r30', inseeCode: '38421', caller: 'anonymous' } })).toEqual(
      [],
    );
    expect(
      offers({ slots: [morning()], query: { reason: 'r30', inseeCode: '38185', caller: 'anonymous' } }),
    ).toHaveLength(1);
  });
});

describe('findOffers: holds', () => {
  const hold = (tmpBookDate: string) =>
    appointment({
      id: 'h1',
      status: 'waiting',
      slot: 's1',
      tmpBookDate,
      startDate: `${MONDAY}T09:00:00+02:00`,
      endDate: `${MONDAY}T09:30:00+02:00`,
    });

  it('blocks the time of a hold stored without an end (taken before holds had one) for an hour', () => {
    expect(day(offers({ slots: [morning()], appointments: [hold('2026-06-12T09:30:00+02:00')] }), MONDAY)[0]).toBe(
      '09:30 s1 [alice]',
    );
  });

  it('blocks until the hold’s own end when it has one (short until its visitor identifies), then frees', () => {
    const taken = hold('2026-06-12T09:55:00+02:00');
    const until = (holdUntil: string) => ({ ...taken, holdUntil });
    expect(day(offers({ slots: [morning()], appointments: [until('2026-06-12T10:05:00+02:00')] }), MONDAY)[0]).toBe(
      '09:30 s1 [alice]',
    );
    expect(day(offers({ slots: [morning()], appointments: [until('2026-06-12T10:00:00+02:00')] }), MONDAY)[0]).toBe(
      '09:00 s1 [alice]',
    );
    // Extended when the visitor identified: still held long after it was taken.
    const old = { ...hold('2026-06-12T08:00:00+02:00'), holdUntil: '2026-06-12T10:20:00+02:00' };
    expect(day(offers({ slots: [morning()], appointments: [old] }), MONDAY)[0]).toBe('09:30 s1 [alice]');
  });

  it('frees a hold stored without an end once taken an hour ago or more, and a cancelled appointment', () => {
    expect(day(offers({ slots: [morning()], appointments: [hold('2026-06-12T09:00:00+02:00')] }), MONDAY)[0]).toBe(
      '09:00 s1 [alice]',
    );
    const cancelled = { ...hold('2026-06-12T09:59:00+02:00'), status: 'cancelled' as const };
    expect(day(offers({ slots: [morning()], appointments: [cancelled] }), MONDAY)[0]).toBe('09:00 s1 [alice]');
  });
});

describe('findOffers: days', () => {
  it('counts the notice in hours by day: 24 h on Friday 10:00 opens Saturday, 72 h opens Monday', () => {
    const friday = slot({
      id: 'f',
      deadline: 24,
      startDate: '2026-06-12T15:00:00+02:00',
      endDate: '2026-06-12T16:00:00+02:00',
    });
    const saturday = slot({
      id: 'sa',
      deadline: 24,
      startDate: '2026-06-13T08:00:00+02:00',
      endDate: '2026-06-13T08:30:00+02:00',
    });
    const monday = slot({
      id: 'm',
      deadline: 72,
      startDate: `${MONDAY}T08:00:00+02:00`,
      endDate: `${MONDAY}T08:30:00+02:00`,
    });
    const sunday = slot({
      id: 'su',
      deadline: 72,
      startDate: '2026-06-14T20:00:00+02:00',
      endDate: '2026-06-14T20:30:00+02:00',
    });
    const days = offers({ slots: [friday, saturday, sunday, monday] });
    // Saturday 08:00 is only 22 hours away, yet on the day 24 hours from now: counted by day.
    expect(days.map((entry) => `${entry.date} ${day(days, entry.date).join()}`)).toEqual([
      '2026-06-13 08:00 sa [alice]',
      `${MONDAY} 08:00 m [alice]`,
    ]);
  });

  it('never offers a time already past, and starts the search on the asked day', () => {
    const today = slot({ id: 't', startDate: '2026-06-12T09:00:00+02:00', endDate: '2026-06-12T11:00:00+02:00' });
    expect(day(offers({ slots: [today] }), '2026-06-12')).toEqual(['10:00 t [alice]', '10:30 t [alice]']);
    const query = { reason: 'r30', startDate: '2026-06-15', caller: 'anonymous' as const };
    expect(offers({ slots: [today, morning()], query }).map((entry) => entry.date)).toEqual([MONDAY]);
    expect(offers({ slots: [today], query: { ...query, startDate: null } })).toHaveLength(1);
  });

  it('looks 90 days ahead, whatever the number of slots', () => {
    const slots = Array.from({ length: 1500 }, (_, index) =>
      slot({
        id: `s${index}`,
        startDate: `${MONDAY}T09:00:00+02:00`,
        endDate: `${MONDAY}T09:30:00+02:00`,
        advisors: [`adv${index}`],
      }),
    );
    const advisors = slots.map((entry, index) => ({
      id: `adv${index}`,
      name: `Conseiller ${index}`,
      isActive: true,
      group: 'g1',
    }));
    expect(day(offers({ slots, advisors }), MONDAY)).toHaveLength(1500);
    const far = slot({ id: 'far', startDate: '2026-09-10T09:00:00+02:00', endDate: '2026-09-10T09:30:00+02:00' });
    const last = slot({ id: 'last', startDate: '2026-09-09T09:00:00+02:00', endDate: '2026-09-09T09:30:00+02:00' });
    expect(offers({ slots: [far, last] }).map((entry) => entry.date)).toEqual(['2026-09-09']);
  });

  it('gives Paris times on the spring clock change (the night slot is two hours long)', () => {
    const now = '2026-03-27T10:00:00+01:00';
    const query = { reason: 'r60', caller: 'anonymous' as const };
    const slots = [
      slot({ id: 'night', startDate: '2026-03-29T01:00:00+01:00', endDate: '2026-03-29T04:00:00+02:00' }),
      slot({
        id: 'day',
        startDate: '2026-03-29T09:00:00+02:00',
        endDate: '2026-03-29T11:00:00+02:00',
        advisors: ['bruno'],
      }),
      slot({ id: 'before', startDate: '2026-03-28T09:00:00+01:00', endDate: '2026-03-28T10:00:00+01:00' }),
    ];
    const days = offers({ now, query, slots });
    expect(day(days, '2026-03-28')).toEqual(['09:00 before [alice]']);
    expect(day(days, '2026-03-29')).toEqual([
      '01:00 night [alice]',
      '03:00 night [alice]',
      '09:00 day [bruno]',
      '10:00 day [bruno]',
    ]);
    expect(days[1].offers.map((offer) => offer.start)).toEqual([
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T09:00:00+02:00',
      '2026-03-29T10:00:00+02:00',
    ]);
  });

  it('gives Paris times on the autumn clock change (the repeated hour twice, told apart by offset)', () => {
    const now = '2026-10-23T10:00:00+02:00';
    const query = { reason: 'r60', caller: 'anonymous' as const };
    const slots = [
      slot({ id: 'night', startDate: '2026-10-25T01:00:00+02:00', endDate: '2026-10-25T03:00:00+01:00' }),
      slot({
        id: 'day',
        startDate: '2026-10-25T09:00:00+01:00',
        endDate: '2026-10-25T10:00:00+01:00',
        advisors: ['bruno'],
      }),
      slot({
        id: 'late',
        startDate: '2026-10-25T23:00:00+01:00',
        endDate: '2026-10-26T00:00:00+01:00',
        advisors: ['bruno'],
      }),
    ];
    const days = offers({ now, query, slots });
    expect(days.map((entry) => entry.date)).toEqual(['2026-10-25']);
    expect(days[0].offers.map((offer) => ('time' in offer ? `${offer.time} ${offer.start}` : ''))).toEqual([
      '01:00 2026-10-25T01:00:00+02:00',
      '02:00 2026-10-25T02:00:00+02:00',
      '02:00 2026-10-25T02:00:00+01:00',
      '09:00 2026-10-25T09:00:00+01:00',
      '23:00 2026-10-25T23:00:00+01:00',
    ]);
  });
});

describe('findOffers: bad input', () => {
  it('names an unknown reason, place, commune or advisor and an unreadable start date in French', () => {
    const cases: [OffersInput['query'], string][] = [
      [{ reason: 'r404', caller: 'anonymous' }, "Le motif de rendez-vous r404 n'existe pas."],
      [{ reason: 'r30', place: 'p404', caller: 'anonymous' }, "Le lieu p404 n'existe pas."],
      [{ reason: 'r30', inseeCode: '99999', caller: 'anonymous' }, "La commune 99999 n'existe pas."],
      [{ reason: 'r30', advisor: 'zoe', caller: 'anonymous' }, "Le conseiller zoe n'existe pas."],
      [
        { reason: 'r30', startDate: 'demain', caller: 'anonymous' },
        "La date de début « demain » n'est pas une date valide.",
      ],
    ];
    for (const [query, message] of cases) {
      expect(() => offers({ query, slots: [morning()] })).toThrow(message);
      expect(() => offers({ query, slots: [morning()] })).toThrow(BookingQueryError);
    }
  });
});
