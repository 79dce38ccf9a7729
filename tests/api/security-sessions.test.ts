import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { systemContext } from '../../server/seed/system-context';
import { insertFixture } from '../../server/seed/insert-record';
import { hashPassword } from '../../server/modules/auth/passwords';
import { createJobRunner } from '../../server/jobs/job-runner';
import {
  BOOKING_ADVISOR as ADVISOR,
  BOOKING_GROUP as GROUP,
  BOOKING_INSEE as INSEE,
  bookingFixture,
  daysAhead as at,
  type BookingFixture,
} from '../helpers/booking-fixture';
import { loadBookingSettings, useBookingSettings } from '../../server/modules/booking';
import { HOLD_MINUTES, IDENTIFIED_HOLD_MINUTES } from '../../engine/booking/hold';

// Issue 25, findings 4 to 6 (docs/security.md, « Second review (issue 25) »): public holds that
// could empty the calendar, an event registration that told who was registered, and access tokens
// that outlived the end of their session.

describe.each(DIALECTS)('sessions, holds and registrations (issue 25) on %s', (dialect) => {
  let t: TestApp;
  // Behind one proxy, as in production: each test names the visitor's address in X-Forwarded-For.
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { env: { TRUST_PROXY: '1' } },
  );

  /** A client account of its own for each test that ends sessions or changes a password. */
  async function newClient(email: string): Promise<void> {
    await insertFixture(systemContext(t.app), 'user', {
      email,
      firstName: 'Sacha',
      lastName: 'Session',
      userType: 'client',
    });
    await t.app.database.db
      .updateTable('account_user')
      .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
      .where('email', '=', email)
      .execute();
  }

  /** A sign-in of its own (t.login keeps one token per account for the whole suite). */
  async function signIn(email: string, password = DEMO_PASSWORD): Promise<{ token: string; refresh: string }> {
    const res = await t.call('/auth/obtain_token/', { method: 'POST', body: { email, password } });
    expect(res.status).toBe(200);
    return res.body as { token: string; refresh: string };
  }

  const DAY = 86_400_000;
  const runJobs = () => createJobRunner(t.app, { id: 'test', schedules: [] }).runOnce();

  const profileStatus = async (token: string) => (await t.call('/accounts/profile/', { token })).status;

  describe('4. a visitor keeps a few short holds at once', () => {
    let fixture: BookingFixture;
    let dayOffset = 20;
    const MINUTE = 60_000;

    /** A one-advisor slot of three hours (three times: 08:00, 09:00, 10:00 UTC) on a day of its own. */
    async function newSlot() {
      dayOffset += 1;
      const { pk } = await fixture.newSlot(at(dayOffset, 8), at(dayOffset, 11), { advisors: [ADVISOR] });
      return { pk, day: dayOffset };
    }
    const hold = (from: string, slot: { pk: number; day: number }, hour: number, extra: Record<string, unknown> = {}) =>
      t.call('/dialogwatt/book-appointment-tmp/', {
        method: 'POST',
        headers: { 'X-Forwarded-For': from },
        body: { reason: fixture.reason, slot: slot.pk, start: at(slot.day, hour), ...extra },
      });
    /** The times offered on the slot's day. */
    async function offered(slot: { day: number }): Promise<string[]> {
      const day = at(slot.day, 0).slice(0, 10);
      const res = await t.call(
        `/dialogwatt/find-appointment/?reason=${fixture.reason}&inseecode=${INSEE}&place=${fixture.place}` +
          `&startDate=${day}&endDate=${at(slot.day + 1, 0).slice(0, 10)}`,
      );
      expect(res.status).toBe(200);
      return (res.body.days as { offers: { start?: string }[] }[]).flatMap((d) =>
        d.offers.filter((o) => o.start).map((o) => new Date(o.start!).toISOString()),
      );
    }
    const waitingOn = async (slot: { pk: number }) =>
      (
        await t.app.database.db
          .selectFrom('dialogwatt_appointment')
          .select(['pk', 'status'])
          .where('slot', '=', slot.pk)
          .where('status', '=', 'waiting')
          .execute()
      ).length;

    beforeAll(async () => {
      fixture = await bookingFixture(t, {
        reason: 'Motif des réservations provisoires',
        area: 'Zone des réservations provisoires',
        place: { name: 'Lieu des réservations provisoires', selectedAdvisors: [ADVISOR], city: 'Échirolles' },
      });
      // The fixture lifts every limit for the suites that book many times; the limit of holds is this test's.
      useBookingSettings(t.app, { ...loadBookingSettings({}), bookingsPerIp: 100_000, linkCallsPerIp: 100_000 });
      await newClient('autre.visiteur@example.org');
    });

    it('keeps its time a short while, and two holds at once per address', async () => {
      const slot = await newSlot();
      const first = await hold('203.0.113.10', slot, 8);
      expect(first.status).toBe(201);
      const left = Date.parse(first.body.holdExpiresAt) - Date.now();
      expect(left).toBeGreaterThan((HOLD_MINUTES - 1) * MINUTE);
      expect(left).toBeLessThanOrEqual(HOLD_MINUTES * MINUTE);
      expect((await hold('203.0.113.10', slot, 9)).status).toBe(201);
      const third = await hold('203.0.113.10', slot, 10);
      expect(third.status).toBe(429);
      expect(third.body).toEqual({
        error: 'too_many_holds',
        message:
          'Des horaires sont déjà réservés temporairement depuis votre connexion : confirmez ou libérez l’un d’eux, ' +
          'ou réessayez dans quelques minutes.',
      });
      expect(await waitingOn(slot)).toBe(2);
      expect(await offered(slot)).toEqual([at(slot.day, 10)]);
      // Another visitor is not held back by the first one.
      expect((await hold('198.51.100.7', slot, 10)).status).toBe(201);
      // An IPv6 visitor counts by the /56 a subscriber is given, not by each of its addresses.
      const other = await newSlot();
      expect((await hold('2001:db8:7:4a00::1', other, 8)).status).toBe(201);
      expect((await hold('2001:db8:7:4aff::2', other, 9)).status).toBe(201);
      expect((await hold('2001:db8:7:4a10::3', other, 10)).status).toBe(429);
      expect((await hold('2001:db8:7:4b00::1', other, 10)).status).toBe(201);
    });

    it('gives the previous hold back when the visitor chooses another time, or gives it back', async () => {
      const slot = await newSlot();
      const a = await hold('203.0.113.20', slot, 8);
      const b = await hold('203.0.113.20', slot, 9);
      expect([a.status, b.status]).toEqual([201, 201]);
      // Choosing another time with the previous hold's token: the previous time is offered again at once.
      const moved = await hold('203.0.113.20', slot, 10, { replaces: a.body.uuid });
      expect(moved.status).toBe(201);
      expect(await offered(slot)).toEqual([at(slot.day, 8)]);
      expect(await waitingOn(slot)).toBe(2);
      // A token that is not a text is refused; an unknown one changes nothing.
      const bad = await hold('203.0.113.21', slot, 8, { replaces: 42 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ path: 'replaces', message: 'Ce champ doit être un texte.' });
      // Leaving the journey gives the hold back (the cancel link of the hold): room for another one.
      const left = await t.call(`/dialogwatt/appointment-by-uuid/${b.body.uuid}/cancel/`, { method: 'POST' });
      expect(left.status).toBe(200);
      expect((await hold('203.0.113.20', slot, 9)).status).toBe(201);
    });

    it('lasts longer once its visitor identifies, two holds at once per account', async () => {
      const client = await t.login('client@demo.fr');
      const other = await t.login('autre.visiteur@example.org');
      const slot = await newSlot();
      const held = await hold('192.0.2.1', slot, 8);
      expect(held.status).toBe(201);
      const identify = (h: { body: { pk: number; uuid: string } }, token?: string) =>
        t.call(`/dialogwatt/book-appointment-tmp/${h.body.pk}/${h.body.uuid}/identify/`, { method: 'POST', token });
      expect((await identify(held)).status).toBe(401);
      const identified = await identify(held, client);
      expect(identified.status).toBe(200);
      const left = Date.parse(identified.body.holdExpiresAt) - Date.now();
      expect(left).toBeGreaterThan((IDENTIFIED_HOLD_MINUTES - 1) * MINUTE);
      expect(left).toBeLessThanOrEqual(IDENTIFIED_HOLD_MINUTES * MINUTE);
      // The hold is that client's now: another account neither identifies for it nor confirms it.
      expect((await identify(held, other)).status).toBe(404);
      const path = `/dialogwatt/book-appointment-tmp/${held.body.pk}/${held.body.uuid}/`;
      expect((await t.call(path, { method: 'PATCH', token: other })).status).toBe(404);
      expect(
        (
          await t.call(`/dialogwatt/appointment-by-uuid/${held.body.uuid}/confirm/`, {
            method: 'POST',
            token: other,
          })
        ).status,
      ).toBe(404);

      // Each hold from its own address: the account's own limit.
      const second = await hold('192.0.2.2', slot, 9);
      expect((await identify(second, client)).status).toBe(200);
      const third = await hold('192.0.2.3', slot, 10);
      const refused = await identify(third, client);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('too_many_holds');
      // A confirmed appointment is no hold any more: room for the third one.
      expect((await t.call(path, { method: 'PATCH', token: client })).status).toBe(200);
      expect((await identify(third, client)).status).toBe(200);
    });
  });

  describe('5. an event registration tells nobody who is registered', () => {
    let event: number;
    const request = (email: string, firstName = 'Camille') =>
      t.call(`/api/v1/events/public/${event}/register/`, {
        method: 'POST',
        body: { firstName, lastName: 'Inscrite', email, phone: '', consent: true },
      });
    /** The mails of the events module to an address, oldest first (the structure has no SMTP account: the outbox). */
    const mailsTo = async (email: string) =>
      t.app.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'html_body'])
        .where('to_email', '=', email)
        .orderBy('pk')
        .execute();
    const registrations = (email: string) =>
      t.app.database.db
        .selectFrom('events_registration')
        .select(['status', 'contact', 'cancel_uuid'])
        .where('event', '=', event)
        .where('email', '=', email)
        .execute();
    const seatsLeft = async () => (await t.call(`/api/v1/events/public/${event}/`)).body.seatsLeft as number;

    beforeAll(async () => {
      const start = new Date(Date.now() + 5 * DAY);
      const created = await t.call('/events/event/', {
        method: 'POST',
        token: await t.login('conseiller@demo.fr'),
        body: {
          title: 'Réunion « bien chauffer son logement »',
          group: GROUP,
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
          address: '3 place des Écrins\n38130 Échirolles',
          capacity: 2,
          isPublic: true,
        },
      });
      expect(created.status).toBe(201);
      event = created.body.pk;
    });

    it('answers the same to a new address, a request not yet confirmed and an address registered already', async () => {
      const first = await request('camille@exemple.fr');
      expect(first.status).toBe(202);
      // A request holds no seat, and the structure does not file anyone, until the address confirms.
      expect(await seatsLeft()).toBe(2);
      expect(await registrations('camille@exemple.fr')).toEqual([
        expect.objectContaining({ status: 'pending', contact: null }),
      ]);
      const again = await request('camille@exemple.fr', 'Camille-bis');
      await runJobs();
      const [ask] = await mailsTo('camille@exemple.fr');
      expect(ask.subject).toContain('Confirmez votre inscription');
      const secret = (await registrations('camille@exemple.fr'))[0].cancel_uuid!;
      expect(ask.html_body).toContain(`/evenements/confirmation/${secret}`);

      const confirmed = await t.call(`/api/v1/events/public/registration/${secret}/confirm/`, { method: 'POST' });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ status: 'confirmed', position: 1 });
      expect(await seatsLeft()).toBe(1);
      // Followed twice, the link changes nothing.
      expect((await t.call(`/api/v1/events/public/registration/${secret}/confirm/`, { method: 'POST' })).body).toEqual({
        status: 'confirmed',
        position: 1,
      });

      const registered = await request('camille@exemple.fr', 'Quelqu’un d’autre');
      const unknown = await request('personne@exemple.fr');
      for (const res of [again, registered, unknown]) {
        expect(res.status).toBe(first.status);
        expect(res.body).toEqual(first.body);
      }
      // The address registered already keeps its one registration, in its own name.
      expect(await registrations('camille@exemple.fr')).toEqual([
        expect.objectContaining({ status: 'confirmed', contact: expect.any(Number) }),
      ]);
      await runJobs();
      const subjects = (await mailsTo('camille@exemple.fr')).map((m) => m.subject);
      expect(subjects).toEqual([
        expect.stringContaining('Confirmez votre inscription'),
        expect.stringContaining('Inscription confirmée'),
        expect.stringContaining('Vous êtes déjà inscrit(e)'),
      ]);
      const told = (await mailsTo('camille@exemple.fr'))[2];
      expect(told.html_body).toContain('Bonjour Camille-bis Inscrite');
      expect(told.html_body).not.toContain('Quelqu’un d’autre');
    });

    it('keeps a squatter from taking a seat in someone else’s name', async () => {
      await request('dominique@exemple.fr', 'Usurpateur');
      await request('dominique@exemple.fr', 'Usurpateur');
      await runJobs();
      expect(await seatsLeft()).toBe(1);
      const rows = await registrations('dominique@exemple.fr');
      expect(rows).toEqual([expect.objectContaining({ status: 'pending', contact: null })]);
      // One mail for two requests in a few minutes: a third party cannot flood the address.
      expect(await mailsTo('dominique@exemple.fr')).toHaveLength(1);
      // Unknown or malformed links all answer the same 404.
      const unknown = await t.call('/api/v1/events/public/registration/00000000-0000-4000-8000-000000000000/confirm/', {
        method: 'POST',
      });
      expect(unknown.status).toBe(404);
      expect(
        (await t.call('/api/v1/events/public/registration/pas-un-lien/confirm/', { method: 'POST' })).body,
      ).toEqual(unknown.body);
    });
  });

  describe('6. an access token ends with its session', () => {
    beforeAll(async () => {
      await newClient('fin.de.session@example.org');
      await newClient('changement.mdp@example.org');
      await newClient('jeton.rejoue@example.org');
    });

    it('answers 401 to the access token of a signed-out session at once, and only to that session', async () => {
      const session = await signIn('fin.de.session@example.org');
      const other = await signIn('fin.de.session@example.org');
      expect(await profileStatus(session.token)).toBe(200);
      // A refresh keeps the session: the access token it replaces works until it expires.
      const refreshed = await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: session.refresh } });
      expect(refreshed.status).toBe(200);
      expect(await profileStatus(session.token)).toBe(200);
      expect(await profileStatus(refreshed.body.token)).toBe(200);

      const out = await t.call('/auth/logout/', { method: 'POST', token: session.token });
      expect(out.status).toBe(200);
      expect(await profileStatus(session.token)).toBe(401);
      expect(await profileStatus(refreshed.body.token)).toBe(401);
      // Not a sign-in either: an ended session's token makes the caller anonymous everywhere.
      expect((await t.call('/accounts/password/change/', { method: 'POST', token: session.token })).status).toBe(401);
      // The same person's other session goes on.
      expect(await profileStatus(other.token)).toBe(200);
    });

    it('answers 401 to every earlier access token of the account once its password changed', async () => {
      const a = await signIn('changement.mdp@example.org');
      const b = await signIn('changement.mdp@example.org');
      const changed = await t.call('/accounts/password/change/', {
        method: 'POST',
        token: a.token,
        body: {
          oldPassword: DEMO_PASSWORD,
          newPassword1: 'une phrase assez longue pour changer',
          newPassword2: 'une phrase assez longue pour changer',
        },
      });
      expect(changed.status).toBe(200);
      expect(await profileStatus(a.token)).toBe(401);
      expect(await profileStatus(b.token)).toBe(401);
      // The session that made the change goes on with the pair it was given.
      expect(await profileStatus(changed.body.token)).toBe(200);
    });

    it('answers 401 to the access tokens of a family revoked because a rotated refresh token came back', async () => {
      const session = await signIn('jeton.rejoue@example.org');
      const next = await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: session.refresh } });
      expect(next.status).toBe(200);
      // Past the grace period of two tabs refreshing together: the rotated token comes back stolen.
      await t.app.database.db
        .updateTable('auth_refresh_token')
        .set({ revoked_at: new Date(Date.now() - 60_000).toISOString() })
        .where('revoked_at', 'is not', null)
        .where(
          'user_pk',
          '=',
          (await t.app.database.db
            .selectFrom('account_user')
            .select('pk')
            .where('email', '=', 'jeton.rejoue@example.org')
            .executeTakeFirstOrThrow())!.pk,
        )
        .execute();
      const replay = await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: session.refresh } });
      expect(replay.status).toBe(401);
      expect(await profileStatus(next.body.token)).toBe(401);
    });
  });
});
