import { appointmentCalendarUid } from '../../server/modules/booking/appointment-calendar-uid';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { appOn } from '../helpers/app-suite';
import type { TestApp } from '../helpers/test-app';
import {
  BOOKING_ADVISOR as ADVISOR,
  BOOKING_CLIENT as CLIENT,
  BOOKING_GROUP as GROUP,
  bookingFixture,
  daysAhead as at,
  type StaffPost,
} from '../helpers/booking-fixture';

// Reference §5.6: the advisors' iCalendar exports and the permanent URLs published by secret id.

function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe.each(DIALECTS)('booking calendars on %s', (dialect) => {
  let t!: TestApp;
  appOn(dialect, (a) => (t = a));
  let advisorToken: string;
  let clientToken: string;
  let reason: number;
  let place: number;
  let otherPlace: number;
  let slot: number;
  let slotUuid: string;
  let appointmentUuid: string;

  let staff: StaffPost;

  beforeAll(async () => {
    const fixture = await bookingFixture(t, {
      reason: 'Motif agenda',
      area: 'Zone agenda',
      place: { name: 'Lieu agenda' },
    });
    ({ advisorToken, reason, place, post: staff } = fixture);
    clientToken = await t.login('client@demo.fr');
    otherPlace = (await staff('/dialogwatt/place/', { name: 'Autre lieu', groups: [GROUP], inseecode: '38151' })).pk;
    const s = await fixture.newSlot(at(30, 8), at(30, 11), { text: 'Permanence agenda' });
    slot = s.pk;
    slotUuid = String(s.uuid);
    const a = await staff('/dialogwatt/appointment/', {
      subject: 'RDV agenda',
      startDate: at(30, 9),
      endDate: at(30, 10),
      slot,
      reason,
      place,
      advisor: ADVISOR,
      client: CLIENT,
    });
    appointmentUuid = String(a.uuid);
  });

  it('exports the structure appointments and slots to advisors, with filters', async () => {
    const all = await t.call('/dialogwatt/ical/', { token: advisorToken });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/calendar');
    expect(all.headers.get('content-disposition')).toContain('calendar.ics');
    const mine = events(all.body).find((e) => e.uid === appointmentCalendarUid(appointmentUuid))!;
    expect(mine).toBeDefined();
    expect(mine.startDate.toJSDate().toISOString()).toBe(at(30, 9));
    expect(mine.endDate.toJSDate().toISOString()).toBe(at(30, 10));
    expect(mine.location).toBe('Lieu agenda');

    const elsewhere = await t.call(`/dialogwatt/ical/?places=${encodeURIComponent(JSON.stringify([otherPlace]))}`, {
      token: advisorToken,
    });
    expect(events(elsewhere.body).map((e) => e.uid)).not.toContain(appointmentCalendarUid(appointmentUuid));
    const here = await t.call(`/dialogwatt/ical/?reasons=${encodeURIComponent(JSON.stringify([reason]))}`, {
      token: advisorToken,
    });
    expect(events(here.body).map((e) => e.uid)).toEqual([appointmentCalendarUid(appointmentUuid)]);

    const slots = await t.call(`/dialogwatt/ical-for-slots/?places=${encodeURIComponent(`[${place}]`)}`, {
      token: advisorToken,
    });
    expect(slots.status).toBe(200);
    expect(slots.headers.get('content-disposition')).toContain('calendar-creneaux.ics');
    const slotEvent = events(slots.body).find((e) => e.uid === slotUuid)!;
    expect(slotEvent.startDate.toJSDate().toISOString()).toBe(at(30, 8));

    const bad = await t.call('/dialogwatt/ical/?advisors=3', { token: advisorToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Le filtre « advisors » doit être une liste JSON d'identifiants.");
    expect((await t.call('/dialogwatt/ical/', { token: clientToken })).status).toBe(403);
    expect((await t.call('/dialogwatt/ical-for-slots/')).status).toBe(401);
  });

  it('publishes a saved filter at a secret address, once per identical filter', async () => {
    const empty = await t.call('/dialogwatt/ical-permanent-url/', {
      method: 'POST',
      token: advisorToken,
      body: { advisors: [], places: [place], reasons: [reason] },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Le filtre doit contenir au moins un conseiller.');

    const body = { advisors: [ADVISOR], places: [place], reasons: [reason] };
    const first = await t.call('/dialogwatt/ical-permanent-url/', { method: 'POST', token: advisorToken, body });
    expect(first.status).toBe(201);
    const again = await t.call('/dialogwatt/ical-permanent-url/', {
      method: 'POST',
      token: advisorToken,
      body: { advisors: [ADVISOR], places: [place], reasons: [reason] },
    });
    expect(again.status).toBe(200);
    expect(again.body.uniqueId).toBe(first.body.uniqueId);
    expect((await t.call('/dialogwatt/ical-permanent-url/', { method: 'POST', token: clientToken, body })).status).toBe(
      403,
    );

    const published = await t.call(`/dialogwatt/ical-permanent-url/${first.body.uniqueId}/`);
    expect(published.status).toBe(200);
    expect(events(published.body).map((e) => e.uid)).toEqual([appointmentCalendarUid(appointmentUuid)]);
    // A feed shared outside (a colleague, a calendar service) never carries the secret of the visitor's links.
    expect(published.body).not.toContain(appointmentUuid);

    const forSlots = await t.call('/dialogwatt/ical-permanent-url-for-slots/', {
      method: 'POST',
      token: advisorToken,
      body,
    });
    expect(forSlots.status).toBe(201);
    expect(forSlots.body.uniqueId).not.toBe(first.body.uniqueId);
    const slotFeed = await t.call(`/dialogwatt/ical-permanent-url-for-slots/${forSlots.body.uniqueId}/`);
    expect(slotFeed.status).toBe(200);
    expect(events(slotFeed.body).map((e) => e.uid)).toContain(slotUuid);
    // An appointments address is not a slots address.
    expect((await t.call(`/dialogwatt/ical-permanent-url-for-slots/${first.body.uniqueId}/`)).status).toBe(404);

    const unknown = await t.call('/dialogwatt/ical-permanent-url/7d7c1c0e-8a7e-4c35-9d0a-2f6a4b1f9e11/');
    const malformed = await t.call("/dialogwatt/ical-permanent-url/1' or '1'='1/");
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(unknown.body);
  });
});
