import type { TestApp } from './test-app';
import { loadBookingSettings, useBookingSettings } from '../../server/modules/booking';

// The set-up the booking suites share (API and browser): the demo structure's ids, dates some days
// ahead, the staff calls that create reference data, and a slot with the usual test settings.

export const BOOKING_GROUP = 2; // the demo advice centre
export const BOOKING_INSEE = '38151'; // Échirolles: in the territories of group 2
export const BOOKING_ADVISOR = 3; // conseiller@demo.fr, group 2
export const BOOKING_CLIENT = 7; // client@demo.fr
export const HOUR_MS = 3_600_000;

/** `dayOffset` days from today at `hour`:00 UTC, as ISO text: far enough ahead for any notice. */
export function daysAhead(dayOffset: number, hour: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + dayOffset);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
}

/**
 * The booking rate limits, and the limit of holds at once, out of the way of a suite that books many
 * times from one address (the limits have their own tests: booking-public's 429, security-sessions' « 4. »).
 */
export function relaxBookingLimits(t: TestApp): void {
  useBookingSettings(t.app, {
    ...loadBookingSettings({}),
    bookingsPerIp: 100_000,
    linkCallsPerIp: 100_000,
    holdsAtOnce: 100_000,
  });
}

export type StaffPost = (
  path: string,
  body: Record<string, unknown>,
) => Promise<Record<string, unknown> & { pk: number }>;

/** A POST as `token` that must create (201): anything else fails the set-up with the answer. */
export function staffPoster(t: TestApp, token: string): StaffPost {
  return async (path, body) => {
    const res = await t.call(path, { method: 'POST', token, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown> & { pk: number };
  };
}

export interface BookingFixture {
  advisorToken: string;
  /** POST as conseiller@demo.fr, expecting 201. */
  post: StaffPost;
  reason: number;
  area: number;
  /** The created place, or the demo place the suite named by its pk. */
  place: number;
  /** A slot of the fixture's reason, place and area (one advisor, calendar mode, no notice, no gap). */
  newSlot(
    startDate: string,
    endDate: string,
    overrides?: Record<string, unknown>,
  ): Promise<Record<string, unknown> & { pk: number }>;
}

/**
 * Signs conseiller@demo.fr in, relaxes the rate limits, and creates through the API a reason, a
 * catchment area over Échirolles and (unless `place` is a pk) a place of the demo structure.
 */
export async function bookingFixture(
  t: TestApp,
  names: {
    reason: string | Record<string, unknown>;
    area: string;
    place: number | Record<string, unknown>;
  },
): Promise<BookingFixture> {
  relaxBookingLimits(t);
  const advisorToken = await t.login('conseiller@demo.fr');
  const post = staffPoster(t, advisorToken);
  const reasonBody = typeof names.reason === 'string' ? { name: names.reason } : names.reason;
  const reason = (await post('/dialogwatt/reason/', { group: BOOKING_GROUP, duration: 60, ...reasonBody })).pk;
  const area = (
    await post('/dialogwatt/catchment-area/', { name: names.area, group: BOOKING_GROUP, territories: [BOOKING_INSEE] })
  ).pk;
  const place =
    typeof names.place === 'number'
      ? names.place
      : (await post('/dialogwatt/place/', { groups: [BOOKING_GROUP], inseecode: BOOKING_INSEE, ...names.place })).pk;
  return {
    advisorToken,
    post,
    reason,
    area,
    place,
    newSlot: (startDate, endDate, overrides = {}) =>
      post('/dialogwatt/slot/', {
        text: 'Permanence de test',
        group: BOOKING_GROUP,
        startDate,
        endDate,
        visibility: 'online',
        reasons: [reason],
        place,
        catchmentArea: area,
        deadline: 0,
        timeBetweenSlots: 0,
        useAdvisorCalendar: true,
        numberOfActiveAdvisors: 0,
        advisors: [BOOKING_ADVISOR],
        ...overrides,
      }),
  };
}
