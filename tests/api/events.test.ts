import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { appOn } from '../helpers/app-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import type { TestApp } from '../helpers/test-app';
import { createJobRunner } from '../../server/jobs/job-runner';
import { sweepEventReminders } from '../../server/modules/events/event-jobs';
import { BOOKING_GROUP as GROUP } from '../helpers/booking-fixture';

// Events end to end (docs/events.md): public registration (request, then the mailed confirmation link)
// against the capacity, the waiting list,
// the mails with their invitation through the structure's SMTP account, the cancel link's promotion,
// the day-before reminder, and the staff's list and export.

const DAY = 86_400_000;

describe.each(DIALECTS)('events on %s', (dialect) => {
  let t!: TestApp;
  appOn(dialect, (a) => (t = a));
  let smtp!: Awaited<ReturnType<typeof startSmtpCapture>>;
  let advisor: string;
  const db = () => t.app.database.db;
  const runJobs = () => createJobRunner(t.app, { id: 'test', schedules: [] }).runOnce();

  async function mailTo(to: string, from: number): Promise<ParsedMail> {
    return simpleParser((await smtp.waitFor(to, from)).raw);
  }
  function invitation(mail: ParsedMail) {
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    if (!ics) return null;
    const cal = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
    return { method: cal.getFirstPropertyValue('method'), ev: new ICAL.Event(cal.getFirstSubcomponent('vevent')!) };
  }
  const request = (pk: number, who: string, extra: Record<string, unknown> = {}) =>
    t.call(`/api/v1/events/public/${pk}/register/`, {
      method: 'POST',
      body: { firstName: who, lastName: 'Test', email: `${who.toLowerCase()}@exemple.fr`, consent: true, ...extra },
    });
  /**
   * A public registration as the person makes it: the request (the same answer for every address),
   * then the confirmation link mailed to the address (read here from its row: the mail is tested in
   * tests/api/security-sessions.test.ts). A refused request is answered as it is.
   */
  async function register(pk: number, who: string, extra: Record<string, unknown> = {}) {
    const asked = await request(pk, who, extra);
    if (asked.status !== 202) return asked;
    const row = await db()
      .selectFrom('events_registration')
      .select('cancel_uuid')
      .where('event', '=', pk)
      .where('email', '=', `${who.toLowerCase()}@exemple.fr`)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return t.call(`/api/v1/events/public/registration/${row.cancel_uuid}/confirm/`, { method: 'POST' });
  }

  beforeAll(async () => {
    advisor = await t.login('conseiller@demo.fr');
    smtp = await startSmtpCapture();
    const now = new Date().toISOString();
    await db()
      .insertInto('messaging_smtp_account')
      .values({
        name: 'Envoi des événements',
        is_active: 1,
        group: GROUP,
        from_username: 'Espace conseil',
        smtp_type: 'smtp',
        email_host_user: 'evenements@espace-conseil.fr',
        email_host: '127.0.0.1',
        email_port: Number(new URL(smtp.url).port),
        email_host_password: '',
        email_use_tls: 0,
        email_use_ssl: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  async function newEvent(body: Record<string, unknown> = {}) {
    const start = new Date(Date.now() + 3 * DAY);
    const res = await t.call('/events/event/', {
      method: 'POST',
      token: advisor,
      body: {
        title: 'Atelier « isoler ses combles »',
        group: GROUP,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        address: '12 rue Vendôme\n38130 Échirolles',
        capacity: 2,
        isPublic: true,
        form: {
          schema: { type: 'object', properties: { repas: { type: 'boolean', title: 'Je reste au repas' } } },
        },
        ...body,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.pk as number;
  }

  it('capacity 2: two confirmed with an invitation, the third waits; a cancellation promotes it', async () => {
    const pk = await newEvent();
    const from = smtp.mails.length;
    expect((await register(pk, 'Alice', { formAnswers: { repas: true } })).body).toEqual({
      status: 'confirmed',
      position: 1,
    });
    expect((await register(pk, 'Bruno')).body).toMatchObject({ status: 'confirmed', position: 2 });
    expect((await register(pk, 'Chloe')).body).toMatchObject({ status: 'waiting', position: 3 });
    const page = await t.call(`/api/v1/events/public/${pk}/`);
    expect(page.body).toMatchObject({ seatsLeft: 0, state: 'open', location: '12 rue Vendôme, 38130 Échirolles' });

    await runJobs();
    const alice = await mailTo('alice@exemple.fr', from);
    expect(alice.subject).toContain('Inscription confirmée');
    const invite = invitation(alice)!;
    expect(invite.method).toBe('REQUEST');
    expect(invite.ev.summary).toBe('Atelier « isoler ses combles »');
    expect(invitation(await mailTo('bruno@exemple.fr', from))?.method).toBe('REQUEST');
    const chloe = await mailTo('chloe@exemple.fr', from);
    expect(chloe.subject).toContain('liste d’attente');
    expect(invitation(chloe)).toBeNull();

    // Each attendee is a contact of the event's structure; answers are kept.
    const rows = await db()
      .selectFrom('events_registration')
      .selectAll()
      .where('event', '=', pk)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'waiting']);
    // The same address again: the same answer as any request, nothing written, and a mail to the address.
    const again = await request(pk, 'Alice');
    expect(again.status).toBe(202);
    expect(await db().selectFrom('events_registration').select('pk').where('event', '=', pk).execute()).toHaveLength(3);
    const answers = rows[0].answers;
    expect(typeof answers === 'string' ? JSON.parse(answers) : answers).toEqual({ repas: true });
    const contact = await db()
      .selectFrom('fac_contact')
      .selectAll()
      .where('pk', '=', rows[0].contact!)
      .executeTakeFirst();
    expect(contact).toMatchObject({ owning_group: GROUP, email: 'alice@exemple.fr', last_name: 'Test' });

    // Bruno's mail carries his secret cancel link; following it promotes Chloé.
    const link = /\/evenements\/annulation\/([0-9a-f-]{36})/.exec(
      (await mailTo('bruno@exemple.fr', from)).html as string,
    )![1];
    expect(link).toBe(rows[1].cancel_uuid);
    const shown = await t.call(`/api/v1/events/public/registration/${link}/`);
    expect(shown.body).toMatchObject({ status: 'confirmed', firstName: 'Bruno' });
    const from2 = smtp.mails.length;
    const cancelled = await t.call(`/api/v1/events/public/registration/${link}/cancel/`, { method: 'POST' });
    expect(cancelled.body).toEqual({ status: 'cancelled', promoted: 1 });
    // A second click changes nothing.
    expect((await t.call(`/api/v1/events/public/registration/${link}/cancel/`, { method: 'POST' })).body).toEqual({
      status: 'cancelled',
      promoted: 0,
    });
    await runJobs();
    const promoted = await mailTo('chloe@exemple.fr', from2);
    expect(promoted.subject).toContain('inscription confirmée');
    expect(invitation(promoted)?.method).toBe('REQUEST');
    expect(invitation(await mailTo('bruno@exemple.fr', from2))?.method).toBe('CANCEL');
    const after = await db()
      .selectFrom('events_registration')
      .select(['status'])
      .where('event', '=', pk)
      .orderBy('position')
      .execute();
    expect(after.map((r) => r.status)).toEqual(['confirmed', 'cancelled', 'confirmed']);
    expect((await t.call('/api/v1/events/public/registration/00000000-0000-4000-8000-000000000000/')).status).toBe(404);

    // Staff: the registrations of the event, never their secrets; attendance marked; xlsx export.
    const list = await t.call(`/events/registration/?event=${pk}&sort=position`, { token: advisor });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body[0]).not.toHaveProperty('cancelUuid');
    const marked = await t.call(`/events/registration/${list.body[0].pk}/`, {
      method: 'PATCH',
      token: advisor,
      body: { attended: true, status: 'waiting' },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ attended: true, status: 'confirmed' });
    const xlsx = await t.call(`/events/registration/?event=${pk}&format=xlsx`, { token: advisor });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    expect((await t.call(`/events/registration/?event=${pk}`, { token: neighbour })).body).toEqual([]);
    expect((await t.call(`/events/event/${pk}/`, { token: neighbour })).status).toBe(403);
  });

  it('refuses closed, consent-less or hidden registrations; concurrent ones keep to the capacity', async () => {
    const later = await newEvent({ registrationOpensAt: new Date(Date.now() + DAY).toISOString() });
    const notYet = await register(later, 'Denis');
    expect(notYet.status).toBe(400);
    expect(notYet.body.message).toBe('Les inscriptions à cet événement ne sont pas encore ouvertes.');
    const hidden = await newEvent({ isPublic: false });
    expect((await register(hidden, 'Denis')).status).toBe(404);
    expect((await t.call(`/api/v1/events/public/${hidden}/`)).status).toBe(404);
    const pk = await newEvent({ capacity: 3 });
    const noConsent = await register(pk, 'Denis', { consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors[0]).toMatchObject({ path: 'consent' });
    const answers = await Promise.all(['E1', 'E2', 'E3', 'E4', 'E5', 'E6'].map((n) => register(pk, n)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const statuses = answers.map((a) => a.body.status as string);
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(3);
    expect(new Set(answers.map((a) => a.body.position)).size).toBe(6);
    // One more seat: the earliest waiting registration is confirmed with the save.
    const raised = await t.call(`/events/event/${pk}/`, { method: 'PATCH', token: advisor, body: { capacity: 4 } });
    expect(raised.status).toBe(200);
    const waiting = answers.filter((a) => a.body.status === 'waiting').map((a) => a.body.position as number);
    const seats = await db()
      .selectFrom('events_registration')
      .select(['status', 'position'])
      .where('event', '=', pk)
      .execute();
    expect(seats.filter((s) => s.status === 'confirmed')).toHaveLength(4);
    expect(seats.find((s) => s.position === Math.min(...waiting))?.status).toBe('confirmed');
    // Given to another structure, the event takes its registrations along (the structure rule reads them).
    const admin = await t.login('admin@demo.fr');
    expect((await t.call(`/events/event/${pk}/`, { method: 'PATCH', token: admin, body: { group: 3 } })).status).toBe(
      200,
    );
    const moved = await db().selectFrom('events_registration').select('group').where('event', '=', pk).execute();
    expect(moved.every((r) => r.group === 3)).toBe(true);
    const agenda = await t.call('/api/v1/events/public/');
    expect(agenda.body.map((e: { pk: number }) => e.pk)).toContain(pk);
    expect(agenda.body.map((e: { pk: number }) => e.pk)).not.toContain(hidden);
  });

  it('lets the structure’s staff add an attendee by hand, through the same capacity engine', async () => {
    // Not public and not yet open: a registration taken by phone is still accepted from the staff.
    const pk = await newEvent({ capacity: 1, isPublic: false, form: null });
    const add = (who: string, token?: string, extra: Record<string, unknown> = {}) =>
      t.call(`/events/staff/${pk}/attendees/`, {
        method: 'POST',
        token,
        body: {
          firstName: who,
          lastName: 'Guichet',
          email: `${who.toLowerCase()}@exemple.fr`,
          consent: true,
          ...extra,
        },
      });
    const count = async () =>
      (await db().selectFrom('events_registration').select('pk').where('event', '=', pk).execute()).length;
    const noConsent = await add('Irene', advisor, { consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors[0]).toMatchObject({ path: 'consent' });
    expect((await add('Irene')).status).toBe(401);
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    expect((await add('Irene', neighbour)).status).toBe(403);
    expect(await count()).toBe(0);
    const from = smtp.mails.length;
    expect((await add('Irene', advisor)).body).toEqual({ status: 'confirmed', position: 1 });
    expect((await add('Jules', advisor)).body).toEqual({ status: 'waiting', position: 2 });
    const twice = await add('Irene', advisor);
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toMatchObject({ path: 'email' });
    expect(await count()).toBe(2);
    await runJobs();
    expect(invitation(await mailTo('irene@exemple.fr', from))?.method).toBe('REQUEST');
    expect((await mailTo('jules@exemple.fr', from)).subject).toContain('liste d’attente');
    expect((await t.call(`/events/staff/999999/attendees/`, { method: 'POST', token: advisor, body: {} })).status).toBe(
      404,
    );
  });

  it('reminds confirmed attendees the day before, once even when two sweeps run together', async () => {
    const start = new Date(Date.now() + DAY + 3_600_000);
    const pk = await newEvent({
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    await register(pk, 'Fanny');
    await register(pk, 'Gael');
    await register(pk, 'Hugo');
    await runJobs();
    const from = smtp.mails.length;
    // "Tomorrow" is the Paris day after `now`: sweep as if it were the eve of the event.
    const eve = new Date(start.getTime() - DAY);
    const added = await Promise.all([sweepEventReminders(t.app, eve), sweepEventReminders(t.app, eve)]);
    expect(added[0] + added[1]).toBe(2);
    await runJobs();
    expect((await mailTo('fanny@exemple.fr', from)).subject).toContain('Rappel');
    await mailTo('gael@exemple.fr', from);
    expect(smtp.mails.slice(from).filter((m) => m.to.includes('hugo@exemple.fr'))).toHaveLength(0);
    expect(smtp.mails.slice(from)).toHaveLength(2);
  });
});
