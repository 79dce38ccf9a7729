import { appointmentCalendarUid } from '../../server/modules/booking/appointment-calendar-uid';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { appOn } from '../helpers/app-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import type { TestApp } from '../helpers/test-app';
import { createJobRunner } from '../../server/jobs/job-runner';
import { declaredSchedules } from '../../server/jobs/job-schedules';
import {
  BOOKING_ADVISOR as ADVISOR,
  BOOKING_CLIENT as CLIENT,
  BOOKING_GROUP as GROUP,
  HOUR_MS as HOUR,
  bookingFixture,
  daysAhead as at,
  type BookingFixture,
} from '../helpers/booking-fixture';

// The booking calls' notifications end to end (docs/notifications.md): event → exchange and
// ledger row → delivery job → mail received by an SMTP server, with its iCalendar invitation.

describe.each(DIALECTS)('booking notifications on %s', (dialect) => {
  let t!: TestApp;
  appOn(dialect, (a) => (t = a));
  let smtp!: Awaited<ReturnType<typeof startSmtpCapture>>;
  let advisorToken: string;
  let clientToken: string;
  let reason: number;
  let place: number;
  let dayOffset = 20;
  const db = () => t.app.database.db;
  const runner = () => createJobRunner(t.app, { id: 'test', schedules: [] });

  let fixture: BookingFixture;

  async function newSlot() {
    dayOffset += 1;
    return (await fixture.newSlot(at(dayOffset, 8), at(dayOffset, 11), { text: 'Permanence des notifications' })).pk;
  }

  const setConsent = async (email: boolean) => {
    await db().deleteFrom('account_rgpd_consent').where('user', '=', CLIENT).execute();
    const now = new Date().toISOString();
    await db()
      .insertInto('account_rgpd_consent')
      .values({
        user: CLIENT,
        allow_to_keep_data: 1,
        allow_to_use_email_to_send_reminder: email ? 1 : 0,
        allow_to_use_phone_number_to_send_reminder: 0,
        allow_to_share_my_information_with_my_advisor: 1,
        allow_to_share_my_information_with_partners: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };

  const exchangesOf = (appointment: number) =>
    db().selectFrom('dialogwatt_exchange').selectAll().where('appointment', '=', appointment).orderBy('pk').execute();
  const ledgerOf = (appointment: number) =>
    db()
      .selectFrom('dialogwatt_notification_sent')
      .selectAll()
      .where('origin_entity', '=', 'appointment')
      .where('origin_pk', '=', appointment)
      .execute();

  async function received(from: number): Promise<ParsedMail> {
    return simpleParser((await smtp.waitFor('client@demo.fr', from)).raw);
  }

  function event(mail: ParsedMail) {
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics).toBeDefined();
    const cal = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
    const vevent = cal.getFirstSubcomponent('vevent')!;
    return { method: cal.getFirstPropertyValue('method'), vevent, ev: new ICAL.Event(vevent), filename: ics!.filename };
  }

  beforeAll(async () => {
    fixture = await bookingFixture(t, {
      reason: 'Motif des notifications',
      area: 'Zone notifiée',
      place: {
        name: 'Maison de l’énergie',
        selectedAdvisors: [ADVISOR],
        address: '12 rue Vendôme',
        postcode: '38130',
        city: 'Échirolles',
      },
    });
    ({ advisorToken, reason, place } = fixture);
    clientToken = await t.login('client@demo.fr');
    smtp = await startSmtpCapture();
    const now = new Date().toISOString();
    await db()
      .insertInto('messaging_smtp_account')
      .values({
        name: 'Envoi des rendez-vous',
        is_active: 1,
        group: GROUP,
        from_username: 'Espace conseil',
        smtp_type: 'smtp',
        email_host_user: 'rdv@espace-conseil.fr',
        email_host: '127.0.0.1',
        email_port: Number(new URL(smtp.url).port),
        email_host_password: '',
        email_use_tls: 0,
        email_use_ssl: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Only this test's notifications speak (the demo structure has its own).
    await db().updateTable('dialogwatt_notification').set({ is_active: 0 }).where('group', '=', GROUP).execute();
    const notification = (trigger: string, subject: string, message: string) =>
      db()
        .insertInto('dialogwatt_notification')
        .values({
          name: `Notification ${trigger}`,
          is_active: 1,
          group: GROUP,
          trigger,
          term: 'immediate',
          term_days: 0,
          term_after_before: 'before',
          term_time: '09:00',
          all_reasons: 1,
          all_places: 1,
          to: 'contact',
          sms_is_active: 0,
          mail_is_active: 1,
          mail_subject: subject,
          mail_message: message,
          chat_is_active: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await notification(
      'created_client',
      'Rendez-vous confirmé',
      '<p>Bonjour {contact}, rendez-vous {date_rdv} à {lieu}.</p>',
    );
    await notification(
      'cancelled_client',
      'Rendez-vous annulé',
      '<p>Bonjour {contact}, votre rendez-vous est annulé.</p>',
    );
    await notification('changed_client', 'Rendez-vous déplacé', '<p>Bonjour {contact}, rendez-vous {date_rdv}.</p>');
    await notification('created_advisor', 'Rendez-vous pris par {conseiller}', '<p>Bonjour {contact}.</p>');
    await notification(
      'changed_advisor',
      'Rendez-vous déplacé',
      '<p>Bonjour {contact}, nouveau rendez-vous {date_rdv}.</p>',
    );
    await notification('cancelled_advisor', 'Rendez-vous annulé par la structure', '<p>Bonjour {contact}.</p>');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('mails the confirmation once, tokens replaced, with an invitation; cancels with a higher SEQUENCE', async () => {
    await setConsent(true);
    const slot = await newSlot();
    const start = at(dayOffset, 9);
    const held = await t.call('/dialogwatt/book-appointment-tmp/', {
      method: 'POST',
      body: { reason, slot, start },
    });
    expect(held.status).toBe(201);
    const pk = held.body.pk as number;
    // A hold tells nobody yet.
    expect(await exchangesOf(pk)).toHaveLength(0);
    const path = `/dialogwatt/book-appointment-tmp/${pk}/${held.body.uuid}/`;
    expect((await t.call(path, { method: 'PATCH', token: clientToken })).status).toBe(200);

    const exchanges = await exchangesOf(pk);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({ message_type: 'mail', trigger: 'created_client', to_user: CLIENT, error: '' });
    expect(exchanges[0].has_been_sent_on).toBeNull();
    expect(await ledgerOf(pk)).toHaveLength(1);

    const from = smtp.mails.length;
    expect(await runner().runOnce()).toBeGreaterThanOrEqual(1);
    const mail = await received(from);
    expect(mail.subject).toContain('Rendez-vous confirmé');
    expect(mail.text).toContain('Bonjour Camille Cliente');
    expect(mail.text).toContain('Maison de l’énergie');
    expect(mail.text).not.toMatch(/\{(contact|date_rdv|lieu)\}/);
    const invite = event(mail);
    expect(invite.method).toBe('REQUEST');
    // The calendar's event id is derived from the uuid, never the uuid (the secret of the visitor's links).
    expect(invite.ev.uid).toBe(appointmentCalendarUid(held.body.uuid));
    expect(invite.ev.uid).not.toBe(held.body.uuid);
    expect(invite.ev.startDate.toJSDate().toISOString()).toBe(start);
    expect(invite.ev.endDate.toJSDate().toISOString()).toBe(new Date(Date.parse(start) + HOUR).toISOString());
    expect(invite.ev.location).toContain('Maison de l’énergie');
    const firstSequence = invite.ev.sequence;
    expect((await exchangesOf(pk))[0].has_been_sent_on).not.toBeNull();

    // Confirming again and running the runner again send nothing more.
    expect((await t.call(path, { method: 'PATCH', token: clientToken })).status).toBe(404);
    await runner().runOnce();
    expect(await exchangesOf(pk)).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes('client@demo.fr')).length).toBe(
      smtp.mails.slice(0, from).filter((m) => m.to.includes('client@demo.fr')).length + 1,
    );

    const cancelled = await t.call(`/dialogwatt/appointment-by-uuid/${held.body.uuid}/cancel/`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    const afterCancel = await exchangesOf(pk);
    expect(afterCancel).toHaveLength(2);
    expect(afterCancel[1].trigger).toBe('cancelled_client');
    const from2 = smtp.mails.length;
    await runner().runOnce();
    const cancelMail = await received(from2);
    expect(cancelMail.subject).toContain('Rendez-vous annulé');
    const cancel = event(cancelMail);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.ev.uid).toBe(appointmentCalendarUid(held.body.uuid));
    expect(cancel.ev.sequence).toBeGreaterThan(firstSequence);
  });

  it(
    'mails confirmation, move and cancellation to the client whatever the e-mail consent, ' +
      'with the manage and cancel links and the invitation',
    async () => {
      await setConsent(false);
      const slot = await newSlot();
      const booked = await t.call('/dialogwatt/book-appointment/', {
        method: 'POST',
        token: clientToken,
        body: { reason, slot, start: at(dayOffset, 10) },
      });
      expect(booked.status).toBe(201);
      const uuid = booked.body.uuid as string;
      const exchanges = await exchangesOf(booked.body.pk);
      expect(exchanges).toHaveLength(1);
      expect(exchanges[0].error).toBe('');
      // The message log shows the links the client got.
      expect(exchanges[0].message_mail_html).toContain(`/dg/${uuid}`);
      const links = (mail: ParsedMail) => [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      let from = smtp.mails.length;
      await runner().runOnce();
      const confirmation = await received(from);
      expect(links(confirmation)).toEqual(
        expect.arrayContaining([expect.stringMatching(`/dg/${uuid}$`), expect.stringMatching(`/da/${uuid}$`)]),
      );
      expect(confirmation.text).toContain('Annuler mon rendez-vous');
      expect(event(confirmation).method).toBe('REQUEST');

      // The client moves it from the mail's link: the client is told too, with the new invitation.
      const moved = await t.call(`/dialogwatt/appointment-by-uuid/${uuid}/move/`, {
        method: 'POST',
        body: { slot, start: at(dayOffset, 9) },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect((await exchangesOf(booked.body.pk)).map((e) => e.trigger)).toEqual(['created_client', 'changed_client']);
      from = smtp.mails.length;
      await runner().runOnce();
      const move = await received(from);
      expect(move.subject).toContain('Rendez-vous déplacé');
      const invite = event(move);
      expect(invite.method).toBe('REQUEST');
      expect(invite.ev.startDate.toJSDate().toISOString()).toBe(at(dayOffset, 9));
      expect(links(move)).toEqual(expect.arrayContaining([expect.stringMatching(`/da/${uuid}$`)]));

      // And cancels it: the cancellation says how to book again.
      expect((await t.call(`/dialogwatt/appointment-by-uuid/${uuid}/cancel/`, { method: 'POST' })).status).toBe(200);
      from = smtp.mails.length;
      await runner().runOnce();
      const cancel = await received(from);
      expect(event(cancel).method).toBe('CANCEL');
      expect(links(cancel)).toEqual([expect.stringMatching(/\/dialogwatt\/rendez-vous\/$/)]);
      await setConsent(true);
    },
  );

  it('tells the client about back-office creation, change and cancellation of an appointment', async () => {
    await setConsent(true);
    const start = at(dayOffset + 40, 13);
    const body = { subject: 'RDV au bureau', startDate: start, endDate: at(dayOffset + 40, 14), advisor: ADVISOR };
    const created = await t.call('/dialogwatt/appointment/', {
      method: 'POST',
      token: advisorToken,
      body: { ...body, client: CLIENT, reason, place },
    });
    expect(created.status).toBe(201);
    const pk = created.body.pk as number;
    expect((await exchangesOf(pk)).map((e) => e.trigger)).toEqual(['created_advisor']);
    expect((await exchangesOf(pk))[0].subject).toBe('Rendez-vous pris par Claire Conseillère');

    const moved = await t.call(`/dialogwatt/appointment/${pk}/`, {
      method: 'PATCH',
      token: advisorToken,
      body: { startDate: at(dayOffset + 40, 15), endDate: at(dayOffset + 40, 16) },
    });
    expect(moved.status).toBe(200);
    const deleted = await t.call(`/dialogwatt/appointment/${pk}/`, { method: 'DELETE', token: advisorToken });
    expect(deleted.status).toBeLessThan(300);
    const exchanges = await exchangesOf(pk);
    expect(exchanges.map((e) => e.trigger)).toEqual(['created_advisor', 'changed_advisor', 'cancelled_advisor']);
    // Written by the notification code, yet found by the list's search like any record: case and
    // accents ignored, every word needed.
    expect(exchanges.every((e) => (e.search_text ?? '').includes('camille cliente'))).toBe(true);
    const search = async (q: string) => {
      const res = await t.call(`/dialogwatt/exchange/?appointment=${pk}&q=${encodeURIComponent(q)}`, {
        token: advisorToken,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { pk: number }[]).map((e) => e.pk).sort((a, b) => a - b);
    };
    expect(await search('annulé STRUCTURE')).toEqual([exchanges[2].pk]);
    expect(await search('pris par claire conseillere')).toEqual([exchanges[0].pk]);
    expect(await search('camille')).toEqual(exchanges.map((e) => e.pk));
    expect(await search('annulé introuvable')).toEqual([]);

    // A refused save tells nobody.
    const before = await db().selectFrom('dialogwatt_exchange').select('pk').execute();
    const refused = await t.call('/dialogwatt/appointment/', {
      method: 'POST',
      token: advisorToken,
      body: { ...body, client: CLIENT, endDate: start },
    });
    expect(refused.status).toBe(400);
    expect(await db().selectFrom('dialogwatt_exchange').select('pk').execute()).toHaveLength(before.length);
    const from = smtp.mails.length;
    await runner().runOnce();
    const last = await received(from);
    expect(last.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
  });

  it('resends an exchange for the staff of its structure only', async () => {
    const sent = await db()
      .selectFrom('dialogwatt_exchange')
      .selectAll()
      .where('group', '=', GROUP)
      .where('has_been_sent_on', 'is not', null)
      .where('to_user', '=', CLIENT)
      .orderBy('pk')
      .executeTakeFirstOrThrow();
    const path = `/dialogwatt/exchange/${sent.pk}/resend/`;
    expect((await t.call(path, { method: 'POST', token: clientToken })).status).toBe(403);
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    const hidden = await t.call(path, { method: 'POST', token: neighbour });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Échange introuvable.');
    const resent = await t.call(path, { method: 'POST', token: advisorToken });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('Le message est remis dans la file d’envoi : il partira dans quelques instants.');
    const from = smtp.mails.length;
    await runner().runOnce();
    const mail = await received(from);
    expect(mail.subject).toContain(sent.subject);
    const after = await db()
      .selectFrom('dialogwatt_exchange')
      .select('has_been_sent_on')
      .where('pk', '=', sent.pk)
      .executeTakeFirstOrThrow();
    expect(after.has_been_sent_on).not.toBeNull();
  });

  it('cancels a hold whose time ran out through the expire-holds schedule', async () => {
    const slot = await newSlot();
    const held = await t.call('/dialogwatt/book-appointment-tmp/', {
      method: 'POST',
      body: { reason, slot, start: at(dayOffset, 8) },
    });
    expect(held.status).toBe(201);
    await db()
      .updateTable('dialogwatt_appointment')
      .set({
        tmp_book_date: new Date(Date.now() - 2 * HOUR).toISOString(),
        hold_until: new Date(Date.now() - HOUR).toISOString(),
      })
      .where('pk', '=', held.body.pk)
      .execute();
    const schedules = declaredSchedules().filter((s) => s.name === 'dialogwatt.expire-holds');
    expect(schedules).toHaveLength(1);
    await createJobRunner(t.app, { id: 'test-schedules', schedules }).runOnce();
    const row = await db()
      .selectFrom('dialogwatt_appointment')
      .select('status')
      .where('pk', '=', held.body.pk)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });
});
