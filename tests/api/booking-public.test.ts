import { appointmentCalendarUid } from '../../server/modules/booking/appointment-calendar-uid';
import { describe, expect, it, beforeAll } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { systemContext } from '../../server/seed/system-context';
import { insertFixture } from '../../server/seed/insert-record';
import { create } from '../../server/operations/write';
import { hashPassword } from '../../server/modules/auth/passwords';
import { HOLD_MINUTES } from '../../engine/booking/hold';
import { cancelExpiredHolds, loadBookingSettings, useBookingSettings } from '../../server/modules/booking';
import {
  BOOKING_ADVISOR as ADVISOR,
  BOOKING_INSEE as INSEE,
  HOUR_MS as HOUR,
  bookingFixture,
  daysAhead as at,
  type BookingFixture,
} from '../helpers/booking-fixture';

// The public booking journey of the contract (/work/booking-api-contract.md) on a real server:
// reasons for a commune → places → offers → hold → sign in → confirm, the short links by uuid,
// and the re-check that keeps two visitors from getting the same advisor at the same time.

const dayOf = (iso: string) => iso.slice(0, 10);

describe.each(DIALECTS)('public booking on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });
  let fixture: BookingFixture;
  let advisorToken: string;
  let clientToken: string;
  let otherClientToken: string;
  let reason: number;
  let place: number;
  let dayOffset = 9;

  /** A one-advisor slot of three hours on its own day (08:00–11:00 UTC), offering the test reason. */
  async function newSlot(overrides: Record<string, unknown> = {}) {
    dayOffset += 1;
    const startDate = at(dayOffset, 8);
    const { pk } = await fixture.newSlot(startDate, at(dayOffset, 11), overrides);
    return { pk, startDate, day: dayOf(startDate) };
  }

  const offers = async (slot: { day: string }) => {
    const res = await t.call(
      `/dialogwatt/find-appointment/?reason=${reason}&inseecode=${INSEE}&place=${place}` +
        `&startDate=${slot.day}&endDate=${dayOf(new Date(Date.parse(slot.day) + 24 * HOUR).toISOString())}`,
    );
    expect(res.status).toBe(200);
    return (res.body.days as { offers: { start?: string; slot: string }[] }[]).flatMap((d) =>
      d.offers.filter((o) => o.start).map((o) => new Date(o.start!).toISOString()),
    );
  };

  const hold = (slot: { pk: number }, start: string, extra: Record<string, unknown> = {}) =>
    t.call('/dialogwatt/book-appointment-tmp/', { method: 'POST', body: { reason, slot: slot.pk, start, ...extra } });

  const appointmentsOf = async (slot: number) =>
    (await t.app.database.db
      .selectFrom('dialogwatt_appointment' as never)
      .selectAll()
      .where('slot' as never, '=', slot as never)
      .execute()) as Record<string, unknown>[];

  beforeAll(async () => {
    fixture = await bookingFixture(t, {
      reason: 'Motif du test de réservation',
      area: 'Zone du test',
      place: {
        name: 'Lieu du test de réservation',
        selectedAdvisors: [ADVISOR],
        city: 'Échirolles',
      },
    });
    ({ advisorToken, reason, place } = fixture);
    clientToken = await t.login('client@demo.fr');
    await insertFixture(systemContext(t.app), 'user', {
      email: 'autre.client@demo.fr',
      firstName: 'Alex',
      lastName: 'Autreclient',
      userType: 'client',
    });
    await t.app.database.db
      .updateTable('account_user')
      .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
      .where('email', '=', 'autre.client@demo.fr')
      .execute();
    otherClientToken = await t.login('autre.client@demo.fr');
  });

  it('takes a visitor from the commune to a confirmed appointment', async () => {
    const slot = await newSlot();
    const reasons = await t.call(`/dialogwatt/find-reasons-from-inseecode/${INSEE}/`);
    expect(reasons.status).toBe(200);
    const mine = reasons.body.find((r: { pk: number }) => r.pk === reason);
    expect(mine).toMatchObject({ name: 'Motif du test de réservation', duration: 60 });
    expect(mine.advisors).toEqual([{ pk: ADVISOR, fullName: 'Claire Conseillère' }]);

    const places = await t.call(`/dialogwatt/places-from-inseecode/${INSEE}/${reason}/`);
    expect(places.status).toBe(200);
    expect(places.body.map((p: { pk: number }) => p.pk)).toContain(place);
    expect(places.body[0]).not.toHaveProperty('internalPresentation');

    const times = await offers(slot);
    expect(times).toEqual([at(dayOffset, 8), at(dayOffset, 9), at(dayOffset, 10)]);
    // A week without offers points at the next day that has some.
    const before = await t.call(
      `/dialogwatt/find-appointment/?reason=${reason}&inseecode=${INSEE}&place=${place}` +
        `&startDate=${dayOf(at(dayOffset - 8, 8))}&endDate=${slot.day}`,
    );
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ days: [], nextDate: slot.day });

    const held = await hold(slot, at(dayOffset, 9), { description: 'Maison de 1970' });
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ status: 'waiting', startDate: at(dayOffset, 9), endDate: at(dayOffset, 10) });
    expect(held.body.advisor).toEqual({ pk: ADVISOR, fullName: 'Claire Conseillère' });
    // Short until the visitor identifies (issue 25): HOLD_MINUTES from now.
    const left = Date.parse(held.body.holdExpiresAt) - Date.now();
    expect(left).toBeGreaterThan(0.9 * HOLD_MINUTES * 60_000);
    expect(left).toBeLessThanOrEqual(HOLD_MINUTES * 60_000);
    // A fresh hold keeps the time from everybody else.
    expect(await offers(slot)).toEqual([at(dayOffset, 8), at(dayOffset, 10)]);

    // Only a client account confirms, and only with the hold's own pk and uuid.
    const path = `/dialogwatt/book-appointment-tmp/${held.body.pk}/${held.body.uuid}/`;
    expect((await t.call(path, { method: 'PATCH' })).status).toBe(401);
    expect((await t.call(path, { method: 'PATCH', token: advisorToken })).status).toBe(403);
    const wrongUuid = `/dialogwatt/book-appointment-tmp/${held.body.pk}/00000000-0000-4000-8000-000000000000/`;
    expect((await t.call(wrongUuid, { method: 'PATCH', token: clientToken })).status).toBe(404);

    // A bad free text at confirmation is refused and confirms nothing.
    const badText = await t.call(path, { method: 'PATCH', token: clientToken, body: { description: 42 } });
    expect(badText.status).toBe(400);
    expect((await appointmentsOf(slot.pk))[0].status).toBe('waiting');
    // The free text typed after the hold (the questionnaire step) comes with the confirmation.
    const confirmed = await t.call(path, {
      method: 'PATCH',
      token: clientToken,
      body: { description: 'Maison de 1970, chauffage au fioul' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ pk: held.body.pk, status: 'validated', subject: 'RDV pris en ligne' });
    expect(confirmed.body.description).toContain('chauffage au fioul');
    expect(confirmed.body).not.toHaveProperty('holdExpiresAt');

    // Another client cannot take it over, and confirming twice is refused the same way.
    const stolen = await t.call(path, { method: 'PATCH', token: otherClientToken });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe('La réservation temporaire du rendez-vous est expirée.');
    const stored = await appointmentsOf(slot.pk);
    expect(stored).toHaveLength(1);
    expect(stored[0].status).toBe('validated');

    const list = await t.call('/dialogwatt/my-appointments/', { token: clientToken });
    expect(list.status).toBe(200);
    expect(list.body.upcoming.map((a: { pk: number }) => a.pk)).toContain(held.body.pk);
    const others = await t.call('/dialogwatt/my-appointments/', { token: otherClientToken });
    expect(others.body.upcoming.map((a: { pk: number }) => a.pk)).not.toContain(held.body.pk);
  });

  it('lets an expired hold go: it blocks nothing and cannot be confirmed', async () => {
    const slot = await newSlot();
    const held = await hold(slot, at(dayOffset, 8));
    expect(held.status).toBe(201);
    await t.app.database.db
      .updateTable('dialogwatt_appointment' as never)
      .set({
        tmp_book_date: new Date(Date.now() - 2 * HOUR).toISOString(),
        hold_until: new Date(Date.now() - HOUR).toISOString(),
      } as never)
      .where('pk' as never, '=', held.body.pk as never)
      .execute();
    expect(await offers(slot)).toContain(at(dayOffset, 8));
    const late = await t.call(`/dialogwatt/book-appointment-tmp/${held.body.pk}/${held.body.uuid}/`, {
      method: 'PATCH',
      token: clientToken,
    });
    expect(late.status).toBe(404);
    expect(late.body).toMatchObject({
      error: 'hold_expired',
      message: 'La réservation temporaire du rendez-vous est expirée.',
    });
    // Someone else may take the time the expired hold had.
    expect((await hold(slot, at(dayOffset, 8))).status).toBe(201);
    // The sweep cancels the expired hold only; the fresh one stays.
    expect(await cancelExpiredHolds(t.app.database.db, new Date())).toBeGreaterThanOrEqual(1);
    const rows = await appointmentsOf(slot.pk);
    expect(rows.map((r) => [r.pk, r.status]).sort()).toEqual(
      [
        [held.body.pk, 'cancelled'],
        [rows.find((r) => r.pk !== held.body.pk)!.pk, 'waiting'],
      ].sort(),
    );
  });

  it("lets the staff of the slot's group book for a client, and nobody else", async () => {
    const slot = await newSlot();
    const body = { reason, slot: slot.pk, start: at(dayOffset, 9), client: 7, description: 'Appel du 12' };
    const call = (token?: string) =>
      t.call('/dialogwatt/appointment-booking-for-advisor/', { method: 'POST', token, body });
    expect((await call()).status).toBe(401);
    expect((await call(clientToken)).status).toBe(403);
    const neighbour = await call(await t.login('conseiller.voisin@demo.fr'));
    expect(neighbour.status).toBe(403);
    expect(neighbour.body.message).toBe('Seule l’équipe de la structure du créneau peut prendre ce rendez-vous.');
    const notClient = await t.call('/dialogwatt/appointment-booking-for-advisor/', {
      method: 'POST',
      token: advisorToken,
      body: { ...body, client: 6 },
    });
    expect(notClient.status).toBe(400);
    expect(notClient.body.errors[0].path).toBe('client');
    // A client account the structure does not work with is not booked by its number (issue 25).
    const stranger = await create(systemContext(t.app), 'user', {
      email: `inconnue-${t.dialect}@example.org`,
      lastName: 'Inconnue',
      userType: 'client',
      nomail: true,
    });
    const unknown = await t.call('/dialogwatt/appointment-booking-for-advisor/', {
      method: 'POST',
      token: advisorToken,
      body: { ...body, client: stranger.pk },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('client');
    expect(await appointmentsOf(slot.pk)).toHaveLength(0);
    const booked = await call(advisorToken);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'validated', subject: 'RDV pris par un conseiller' });
    expect(booked.body.description).toBe('Rdv pris par Claire Conseillère / Espace Conseil Démo<br />Appel du 12');
    const stored = await appointmentsOf(slot.pk);
    expect(stored.map((r) => [r.client, r.group])).toEqual([[7, 2]]);
    expect((await call(advisorToken)).status).toBe(409);
  });

  it('describes places, slots and advisors to the public', async () => {
    const slot = await newSlot();
    const placeRecord = await t.call(`/dialogwatt/place-infos/${place}/`);
    expect(placeRecord.status).toBe(200);
    expect(placeRecord.body).toMatchObject({ pk: place, city: 'Échirolles', inseecode: INSEE });
    const bySlug = await t.call(`/dialogwatt/place-from-slug/${placeRecord.body.slug}/`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.reasons.map((r: { pk: number }) => r.pk)).toContain(reason);
    const missing = await t.call('/dialogwatt/place-from-slug/nulle-part/');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Lieu non trouvé.');
    const info = await t.call(`/dialogwatt/slot-informations/${slot.pk}/`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ pk: slot.pk, text: 'Permanence de test', place: { pk: place } });
    expect(info.body.group).toMatchObject({ pk: 2, name: 'Espace Conseil Démo' });
    const hidden = await newSlot({ visibility: 'advisor' });
    expect((await t.call(`/dialogwatt/slot-informations/${hidden.pk}/`)).status).toBe(404);
    expect((await t.call(`/dialogwatt/slot-informations/${hidden.pk}/`, { token: advisorToken })).status).toBe(200);
    // Nor can a visitor hold a time on it, even knowing its number.
    expect((await hold(hidden, at(dayOffset, 9))).status).toBe(409);
    expect(await appointmentsOf(hidden.pk)).toHaveLength(0);
    const advisors = await t.call(`/dialogwatt/find-advisors-for-reason/?reason=${reason}&place=${place}`);
    expect(advisors.body).toEqual({ advisors: [{ pk: ADVISOR, fullName: 'Claire Conseillère' }] });
    expect((await t.call('/dialogwatt/find-advisors-for-reason/')).status).toBe(400);
  });

  it('cancels by uuid without sign-in and gives the time back', async () => {
    const slot = await newSlot();
    const booked = await t.call('/dialogwatt/book-appointment/', {
      method: 'POST',
      token: clientToken,
      body: { reason, slot: slot.pk, start: at(dayOffset, 10) },
    });
    expect(booked.status).toBe(201);
    expect(booked.body.status).toBe('validated');
    expect(await offers(slot)).not.toContain(at(dayOffset, 10));

    const seen = await t.call(`/dialogwatt/appointment-by-uuid/${booked.body.uuid}/`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ pk: booked.body.pk, canCancel: true, canMove: true, canConfirm: false });

    const cancelled = await t.call(`/dialogwatt/appointment-by-uuid/${booked.body.uuid}/cancel/`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await offers(slot)).toContain(at(dayOffset, 10));
    const again = await t.call(`/dialogwatt/appointment-by-uuid/${booked.body.uuid}/cancel/`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Ce rendez-vous est déjà annulé.');

    // Unknown and malformed uuids answer the same 404, and nothing lists appointments by uuid.
    const unknown = await t.call('/dialogwatt/appointment-by-uuid/7d7c1c0e-8a7e-4c35-9d0a-2f6a4b1f9e11/');
    const malformed = await t.call("/dialogwatt/appointment-by-uuid/1' or '1'='1/");
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(unknown.body);
    expect(unknown.body.message).toBe('Rendez-vous introuvable.');
    expect((await t.call('/dialogwatt/appointment-by-uuid/')).status).toBe(404);
    // Nor does the generic appointment list answer a visitor.
    expect([401, 403, 404]).toContain((await t.call('/dialogwatt/appointment/')).status);

    const ics = await t.call(`/dialogwatt/appointment-by-uuid/${booked.body.uuid}/ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    // The event id is derived one way from the uuid: a shared calendar never carries the links' secret.
    expect(ics.body).toContain(`UID:${appointmentCalendarUid(booked.body.uuid)}`);
    expect(ics.body).not.toContain(booked.body.uuid);
    expect(ics.body).toContain('STATUS:CANCELLED');
  });

  it('moves by uuid to another offered time, and refuses a taken one', async () => {
    const slot = await newSlot();
    const first = await t.call('/dialogwatt/book-appointment/', {
      method: 'POST',
      token: clientToken,
      body: { reason, slot: slot.pk, start: at(dayOffset, 8) },
    });
    const second = await t.call('/dialogwatt/book-appointment/', {
      method: 'POST',
      token: otherClientToken,
      body: { reason, slot: slot.pk, start: at(dayOffset, 10) },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const move = (start: string) =>
      t.call(`/dialogwatt/appointment-by-uuid/${first.body.uuid}/move/`, {
        method: 'POST',
        body: { slot: slot.pk, start },
      });
    const taken = await move(at(dayOffset, 10));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Ce créneau n'est plus disponible, merci d'en choisir un autre.");
    const moved = await move(at(dayOffset, 9));
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ startDate: at(dayOffset, 9), endDate: at(dayOffset, 10), status: 'validated' });
    expect(await offers(slot)).toEqual([at(dayOffset, 8)]);
    // Moving onto its own time again is allowed (it does not block itself).
    expect((await move(at(dayOffset, 9))).status).toBe(200);
  });

  it("never offers a time inside the slot's notice, nor before now, and refuses to hold or move to one", async () => {
    // Issue 26 item 4: the notice (deadline, hours) is counted by day (platform-entities, search rule 4).
    const tooSoon = await fixture.newSlot(at(1, 8), at(1, 11), { deadline: 48 });
    const later = await fixture.newSlot(at(4, 8), at(4, 11), { deadline: 48 });
    const window = async (fromDay: number, toDay: number) => {
      const res = await t.call(
        `/dialogwatt/find-appointment/?reason=${reason}&inseecode=${INSEE}&place=${place}` +
          `&startDate=${dayOf(at(fromDay, 12))}&endDate=${dayOf(at(toDay, 12))}`,
      );
      expect(res.status).toBe(200);
      return (res.body.days as { offers: { start?: string; slot: string }[] }[]).flatMap((d) =>
        d.offers.filter((o) => o.start).map((o) => ({ slot: Number(o.slot), start: new Date(o.start!).getTime() })),
      );
    };
    const offered = await window(0, 5);
    expect(offered.filter((o) => o.slot === tooSoon.pk)).toEqual([]);
    expect(offered.filter((o) => o.slot === later.pk).map((o) => new Date(o.start).toISOString())).toEqual([
      at(4, 8),
      at(4, 9),
      at(4, 10),
    ]);
    // Without notice, a slot under way offers no time already begun.
    const hour = 3_600_000;
    const thisHour = Math.floor(Date.now() / hour) * hour;
    const running = await fixture.newSlot(
      new Date(thisHour - 2 * hour).toISOString(),
      new Date(thisHour + 3 * hour).toISOString(),
    );
    const now = Date.now();
    const runningTimes = (await window(-1, 2)).filter((o) => o.slot === running.pk).map((o) => o.start);
    expect(runningTimes.length).toBeGreaterThan(0);
    expect(runningTimes.every((start) => start >= now)).toBe(true);
    // The server refuses the time inside the notice whoever asks, by hold or by move.
    const refused = await hold(tooSoon, at(1, 9));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Ce créneau n'est plus disponible, merci d'en choisir un autre.");
    expect(await appointmentsOf(tooSoon.pk)).toEqual([]);
    const booked = await t.call('/dialogwatt/book-appointment/', {
      method: 'POST',
      token: clientToken,
      body: { reason, slot: later.pk, start: at(4, 8) },
    });
    expect(booked.status).toBe(201);
    const moved = await t.call(`/dialogwatt/appointment-by-uuid/${booked.body.uuid}/move/`, {
      method: 'POST',
      body: { slot: tooSoon.pk, start: at(1, 10) },
    });
    expect(moved.status).toBe(409);
    expect((await t.call(`/dialogwatt/appointment-by-uuid/${booked.body.uuid}/`)).body.startDate).toBe(at(4, 8));
  });

  it('gives one advisor to one visitor out of 100 asking for the same time at once', async () => {
    const slot = await newSlot();
    const start = at(dayOffset, 9);
    const answers = await Promise.all(Array.from({ length: 100 }, () => hold(slot, start)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.message).toBe("Ce créneau n'est plus disponible, merci d'en choisir un autre.");
    expect(await appointmentsOf(slot.pk)).toHaveLength(1);
  });

  it('refuses bad input with French messages and writes nothing', async () => {
    const slot = await newSlot();
    const cases: [Record<string, unknown>, string][] = [
      [{ reason, slot: slot.pk }, 'start'],
      [{ reason, slot: slot.pk, start: 'demain 9h' }, 'start'],
      [{ reason, slot: slot.pk, start: '2026-12-01T09:00:00' }, 'start'],
      [{ slot: slot.pk, start: at(dayOffset, 9) }, 'reason'],
      [{ reason: 999_999, slot: slot.pk, start: at(dayOffset, 9) }, 'reason'],
      [{ reason, slot: 999_999, start: at(dayOffset, 9) }, 'slot'],
      [{ reason, slot: slot.pk, start: at(dayOffset, 9), advisor: 7 }, 'advisor'],
      [{ reason, slot: slot.pk, start: at(dayOffset, 9), description: 'x'.repeat(6000) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('/dialogwatt/book-appointment-tmp/', { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('validation');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      expect(res.body.errors[0].message).toMatch(/[a-zé]/);
    }
    // A time outside the slot is a wrong request on `start`, not a 500.
    const outside = await hold(slot, at(dayOffset, 12));
    expect(outside.status).toBe(400);
    expect(outside.body.errors[0].path).toBe('start');
    const search = await t.call(`/dialogwatt/find-appointment/?reason=abc&startDate=31/12/2026`);
    expect(search.status).toBe(400);
    expect(search.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['reason', 'startDate']);
    expect((await t.call('/dialogwatt/find-reasons-from-inseecode/99999/')).body.message).toBe(
      "Il n'y a pas de service proposé actuellement pour cette commune.",
    );
    expect((await t.call('/dialogwatt/find-reasons-from-inseecode/abc/')).status).toBe(400);
    expect(await appointmentsOf(slot.pk)).toHaveLength(0);
  });

  it('checks questionnaire answers against the reason form', async () => {
    const form = {
      schema: {
        type: 'object',
        properties: { surface: { type: 'integer', title: 'Surface habitable', minimum: 10 } },
        required: ['surface'],
      },
      uiSchema: {},
    };
    const badForm = await t.call(`/dialogwatt/reason/${reason}/`, {
      method: 'PATCH',
      token: advisorToken,
      body: { form: { schema: { type: 'object', $ref: 'http://ailleurs' } } },
    });
    expect(badForm.status).toBe(400);
    expect(badForm.body.errors[0].path).toBe('form');
    const saved = await t.call(`/dialogwatt/reason/${reason}/`, {
      method: 'PATCH',
      token: advisorToken,
      body: { form },
    });
    expect(saved.status).toBe(200);
    try {
      const slot = await newSlot();
      const missing = await hold(slot, at(dayOffset, 8), { formAnswers: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toMatchObject({
        path: '/formAnswers/surface',
        message: 'Ce champ est obligatoire.',
      });
      const small = await hold(slot, at(dayOffset, 8), { formAnswers: { surface: 3 } });
      expect(small.status).toBe(400);
      expect(small.body.errors[0].message).toBe('Ce champ doit être supérieur ou égal à 10.');
      expect(await appointmentsOf(slot.pk)).toHaveLength(0);
      const ok = await hold(slot, at(dayOffset, 8), { formAnswers: { surface: 95 } });
      expect(ok.status).toBe(201);
      expect(ok.body.formAnswers).toEqual({ surface: 95 });
    } finally {
      await t.call(`/dialogwatt/reason/${reason}/`, { method: 'PATCH', token: advisorToken, body: { form: null } });
    }
  });

  it('answers 404 on a domain without booking', async () => {
    for (const path of [
      `/dialogwatt/find-reasons-from-inseecode/${INSEE}/`,
      `/dialogwatt/find-appointment/?reason=${reason}`,
      '/dialogwatt/appointment-by-uuid/7d7c1c0e-8a7e-4c35-9d0a-2f6a4b1f9e11/',
    ]) {
      const res = await t.call(path, { domain: 'annuaire.localhost' });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Enregistrement non trouvé.');
    }
    const refused = await t.call('/dialogwatt/book-appointment-tmp/', {
      method: 'POST',
      domain: 'annuaire.localhost',
      body: { reason, slot: 1, start: at(30, 9) },
    });
    expect(refused.status).toBe(404);
  });
});

describe.each(DIALECTS)('booking rate limits on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
    useBookingSettings(app.app, { ...loadBookingSettings({}), linkCallsPerIp: 2, bookingsPerIp: 1 });
  });

  it('answers 429 in French once an address has used its short-link and booking calls', async () => {
    const link = '/dialogwatt/appointment-by-uuid/7d7c1c0e-8a7e-4c35-9d0a-2f6a4b1f9e11/';
    expect((await t.call(link)).status).toBe(404);
    expect((await t.call(link)).status).toBe(404);
    const limited = await t.call(link);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'too_many_requests',
      message: 'Trop de tentatives. Réessayez dans quelques minutes.',
    });
    expect((await t.call('/dialogwatt/book-appointment-tmp/', { method: 'POST', body: {} })).status).toBe(400);
    expect((await t.call('/dialogwatt/book-appointment-tmp/', { method: 'POST', body: {} })).status).toBe(429);
  });
});
