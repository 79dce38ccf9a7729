import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { appOn } from '../helpers/app-suite';
import type { TestApp } from '../helpers/test-app';
import {
  BOOKING_ADVISOR as ADVISOR,
  BOOKING_GROUP as GROUP,
  bookingFixture,
  daysAhead as at,
  type BookingFixture,
} from '../helpers/booking-fixture';
import { invalidateWhiteLabels } from '../../server/modules/white-labels/resolve-white-label';

// POST /dialogwatt/create-client-and-contact-with-rgpd/ (issue 26 item 1, issue 28 row 11): a visitor
// without an account confirms the time held at step 1 with their name, e-mail, phone and
// data-processing consent; the client account, the consent and the structure's file-area contact
// (an existing one linked, never a duplicate) are written with the confirmation, in one transaction.

const PATH = '/dialogwatt/create-client-and-contact-with-rgpd/';

describe.each(DIALECTS)('booking as a newcomer on %s', (dialect) => {
  let t!: TestApp;
  appOn(dialect, (a) => (t = a));
  let fixture: BookingFixture;
  let dayOffset = 30;
  const db = () => t.app.database.db;

  async function held(): Promise<{ pk: number; uuid: string }> {
    dayOffset += 1;
    const slot = await fixture.newSlot(at(dayOffset, 8), at(dayOffset, 11));
    const res = await t.call('/dialogwatt/book-appointment-tmp/', {
      method: 'POST',
      body: { reason: fixture.reason, slot: slot.pk, start: at(dayOffset, 8) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { pk: res.body.pk as number, uuid: res.body.uuid as string };
  }

  const person = (email: string, extra: Record<string, unknown> = {}) => ({
    user: { civility: 'Mme', firstName: 'Aline', lastName: 'Nouvelle', email, phone: '06 12 34 56 78', ...extra },
    rgpdConsent: {
      allowToKeepData: true,
      allowToUseEmailToSendReminder: false,
      allowToUsePhoneNumberToSendReminder: false,
      allowToShareMyInformationWithMyAdvisor: true,
      allowToShareMyInformationWithPartners: false,
    },
  });

  const appointment = (pk: number) =>
    db().selectFrom('dialogwatt_appointment').selectAll().where('pk', '=', pk).executeTakeFirstOrThrow();
  const counts = async () => ({
    users: Number(
      (
        await db()
          .selectFrom('account_user')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    contacts: Number(
      (
        await db()
          .selectFrom('fac_contact')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    consents: Number(
      (
        await db()
          .selectFrom('account_rgpd_consent')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  beforeAll(async () => {
    fixture = await bookingFixture(t, {
      reason: 'Motif des nouveaux venus',
      area: 'Zone des nouveaux venus',
      place: { name: 'Lieu des nouveaux venus', selectedAdvisors: [ADVISOR], city: 'Échirolles' },
    });
  });

  it('creates the account, its consent and the contact, and confirms the hold for them', async () => {
    const hold = await held();
    const res = await t.call(PATH, {
      method: 'POST',
      body: { ...person(' Aline.Nouvelle@exemple.fr '), appointment: hold },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.appointment).toMatchObject({ pk: hold.pk, uuid: hold.uuid, status: 'validated' });
    // The anonymous caller gets the appointment, nothing of the file area.
    expect(res.body.contact).toBeUndefined();
    const user = await db()
      .selectFrom('account_user')
      .selectAll()
      .where('email', '=', 'aline.nouvelle@exemple.fr')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: 'client', first_name: 'Aline', last_name: 'Nouvelle', is_active: 1 });
    const consent = await db()
      .selectFrom('account_rgpd_consent')
      .selectAll()
      .where('user', '=', user.pk)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ allow_to_keep_data: 1, allow_to_share_my_information_with_partners: 0 });
    const contact = await db()
      .selectFrom('fac_contact')
      .selectAll()
      .where('client_account', '=', user.pk)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ owning_group: GROUP, first_name: 'Aline', email: 'aline.nouvelle@exemple.fr' });
    expect(contact.accepts_newsletters).toBe(0);
    const a = await appointment(hold.pk);
    expect(a).toMatchObject({ status: 'validated', client: user.pk, contact: contact.pk });
    // The advisor sees it on the contact's page (the related list reads the appointments by contact).
    const related = await t.call(`/dialogwatt/appointment/?contact=${contact.pk}`, { token: fixture.advisorToken });
    expect(related.status).toBe(200);
    expect((related.body as { pk: number }[]).map((r) => r.pk)).toContain(hold.pk);
    // And the newcomer's own list has it once they have chosen a password.
    expect(a.uuid).toBe(hold.uuid);
  });

  it('links the structure’s existing contact instead of creating a duplicate', async () => {
    const existing = await fixture.post('/fac/contact/', {
      owningGroup: GROUP,
      civility: 'M.',
      firstName: 'Bruno',
      lastName: 'Déjàconnu',
      email: 'bruno.dejaconnu@exemple.fr',
    });
    const before = await counts();
    const hold = await held();
    const body = person('Bruno.Dejaconnu@exemple.fr', { firstName: 'bruno ', lastName: 'DÉJÀCONNU', civility: 'M.' });
    const res = await t.call(PATH, { method: 'POST', body: { ...body, appointment: hold } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await counts();
    expect(after.contacts).toBe(before.contacts);
    expect(after.users).toBe(before.users + 1);
    const linked = await db()
      .selectFrom('fac_contact')
      .selectAll()
      .where('pk', '=', existing.pk)
      .executeTakeFirstOrThrow();
    expect(linked.client_account).not.toBeNull();
    // The file's names are the advisor's: the visitor's casing does not overwrite them; the phone was missing.
    expect(linked).toMatchObject({ first_name: 'Bruno', last_name: 'Déjàconnu', phone: '06 12 34 56 78' });
    expect(await appointment(hold.pk)).toMatchObject({ contact: existing.pk, client: linked.client_account });
  });

  it('refuses bad input in French and writes nothing', async () => {
    const hold = await held();
    const before = await counts();
    const cases: [Record<string, unknown>, string[]][] = [
      [
        { user: {}, rgpdConsent: {}, appointment: hold },
        ['firstName', 'lastName', 'email', 'phone', 'allowToKeepData'],
      ],
      [
        { ...person('sans.accord@exemple.fr'), rgpdConsent: { allowToKeepData: false }, appointment: hold },
        ['allowToKeepData'],
      ],
      [{ ...person('pas-une-adresse'), appointment: hold }, ['email']],
      // An address that already has an account signs in: never a booking in someone else's account.
      [{ ...person('client@demo.fr'), appointment: hold }, ['email']],
      [{ ...person('sans.horaire@exemple.fr') }, ['appointment']],
    ];
    for (const [body, paths] of cases) {
      const res = await t.call(PATH, { method: 'POST', body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(/[éèà]|Erreur/);
      const got = (res.body.errors as { path: string; message: string }[]).map((e) => e.path);
      for (const p of paths) expect(got, JSON.stringify(res.body)).toContain(p);
      for (const e of res.body.errors as { message: string }[]) expect(e.message).not.toMatch(/must|should|required/);
    }
    const unknownHold = await t.call(PATH, {
      method: 'POST',
      body: {
        ...person('hold.inconnu@exemple.fr'),
        appointment: { pk: hold.pk, uuid: '00000000-0000-4000-8000-000000000000' },
      },
    });
    expect(unknownHold.status).toBe(404);
    expect(unknownHold.body.message).toBe('La réservation temporaire du rendez-vous est expirée.');
    expect(await counts()).toEqual(before);
    expect(await appointment(hold.pk)).toMatchObject({ status: 'waiting', client: null, contact: null });
  });

  it('is refused to a signed-in client, and where the white label does not open it', async () => {
    const hold = await held();
    const clientToken = await t.login('client@demo.fr');
    const signedIn = await t.call(PATH, {
      method: 'POST',
      token: clientToken,
      body: { ...person('autre@exemple.fr'), appointment: hold },
    });
    expect(signedIn.status).toBe(403);
    expect(signedIn.body.message).toContain('déjà connecté');
    await db()
      .updateTable('white_label')
      .set({ booking_newcomers_is_active: 0 })
      .where('domain', '=', 'localhost')
      .execute();
    invalidateWhiteLabels();
    try {
      const closed = await t.call(PATH, { method: 'POST', body: { ...person('ferme@exemple.fr'), appointment: hold } });
      expect(closed.status).toBe(403);
      expect(closed.body.message).toContain("n'est pas ouverte sur ce site");
    } finally {
      await db()
        .updateTable('white_label')
        .set({ booking_newcomers_is_active: 1 })
        .where('domain', '=', 'localhost')
        .execute();
      invalidateWhiteLabels();
    }
    expect(await appointment(hold.pk)).toMatchObject({ status: 'waiting', client: null });
  });

  it('lets staff open a client account and its contact in their structure (reference call)', async () => {
    const res = await t.call(PATH, {
      method: 'POST',
      token: fixture.advisorToken,
      body: { ...person('par.conseiller@exemple.fr'), nomail: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'par.conseiller@exemple.fr', userType: 'client' });
    expect(res.body.contact).toMatchObject({
      owningGroup: GROUP,
      clientAccount: res.body.user.pk,
      lastName: 'Nouvelle',
    });
    expect(res.body.rgpdConsent).toMatchObject({ allowToKeepData: true });
    const before = await counts();
    const elsewhere = await t.call(PATH, {
      method: 'POST',
      token: fixture.advisorToken,
      body: { ...person('ailleurs@exemple.fr', { owningGroup: 9999 }), nomail: true },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors[0]).toMatchObject({ path: 'owningGroup' });
    expect(await counts()).toEqual(before);
  });
});
