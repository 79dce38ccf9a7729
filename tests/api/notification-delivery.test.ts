import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { appOn } from '../helpers/app-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import type { TestApp } from '../helpers/test-app';
import { buildAppointmentInvitation, invitationContentType } from '../../engine/calendar/build-calendar';
import type { AppointmentTemplateContext } from '../../engine/templates/appointment-template-context';
import { sendTemplatedMail } from '../../server/mail/send-templated-mail';
import { NO_SMTP_ACCOUNT } from '../../server/mail/send-group-mail';
import { sendSms, SMS_ERRORS } from '../../server/messaging/send-sms';
import { registerSmsProvider } from '../../server/messaging/sms-providers';
import type { SmsMessage } from '../../server/messaging/sms-provider';
import { enqueueJob } from '../../server/jobs/enqueue-job';
import { createJobRunner } from '../../server/jobs/job-runner';
import '../../server/messaging/messaging-jobs';

// Demo structure 2 (the advisors' one) sends; structure 3 has no account.
const GROUP = 2;
const UUID = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

const context: AppointmentTemplateContext = {
  start: '2027-03-05T13:00:00Z',
  end: '2027-03-05T14:00:00Z',
  now: '2027-02-01T09:00:00Z',
  contact: { fullName: 'Élise <Martin>', email: 'elise@exemple.fr' },
  advisor: { fullName: 'Claire Conseillère' },
  group: { name: 'Espace conseil', phone: '04 76 00 00 00' },
  place: { name: 'Maison de l’énergie', address: '12 rue Vendôme\n38000 Grenoble', phone: '04 76 11 11 11' },
};

const invitation = (method: 'REQUEST' | 'CANCEL', sequence: number) =>
  buildAppointmentInvitation(
    {
      uid: UUID,
      sequence,
      status: 'validated',
      subject: 'RDV pris en ligne',
      start: context.start,
      end: context.end,
      place: { name: 'Maison de l’énergie' },
      advisor: { name: 'Claire Conseillère', email: 'conseiller@demo.fr' },
      client: { name: 'Élise Martin', email: 'elise@exemple.fr' },
    },
    { now: context.now, method, organizer: { name: 'Espace conseil', email: 'rdv@espace-conseil.fr' } },
  );

// A provider as a deployment would plug in (here it keeps what it was given instead of calling an API).
const handed: SmsMessage[] = [];
registerSmsProvider('twilio', () => ({
  name: 'twilio',
  async send(message) {
    if (message.text.includes('refus')) throw new Error('numéro bloqué par le prestataire');
    handed.push(message);
    return { delivered: true, reference: `SM${handed.length}` };
  },
}));

for (const dialect of DIALECTS) {
  describe(`notification delivery on ${dialect}`, () => {
    let t!: TestApp;
    let smtp!: Awaited<ReturnType<typeof startSmtpCapture>>;
    appOn(dialect, (a) => (t = a));
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      const port = Number(new URL(smtp.url).port);
      const now = new Date().toISOString();
      await t.app.database.db
        .insertInto('messaging_smtp_account')
        .values({
          name: 'Envoi des rendez-vous',
          is_active: 1,
          group: GROUP,
          from_username: 'Espace conseil',
          smtp_type: 'smtp',
          email_host_user: 'rdv@espace-conseil.fr',
          email_host: '127.0.0.1',
          email_port: port,
          email_host_password: '',
          email_use_tls: 0,
          email_use_ssl: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    afterAll(async () => {
      await smtp.close();
    });

    async function received(to: string, from: number): Promise<ParsedMail> {
      return simpleParser((await smtp.waitFor(to, from)).raw);
    }

    it('sends a confirmation through the structure account: tokens replaced, .ics invitation that parses', async () => {
      const from = smtp.mails.length;
      const result = await sendTemplatedMail(t.app, {
        group: GROUP,
        to: 'elise@exemple.fr',
        siteName: 'Rénovation Isère',
        footer: 'Espace conseil France Rénov’',
        subjectTemplate: 'Confirmation de votre rendez-vous du {date_rdv}',
        htmlTemplate: '<p>Bonjour {contact},</p><p>Rendez-vous le {date_rdv} avec {conseiller} à {lieu}.</p>',
        context,
        attachments: [
          {
            filename: 'rendez-vous.ics',
            content: invitation('REQUEST', 0),
            contentType: invitationContentType('REQUEST'),
          },
        ],
      });
      expect(result).toMatchObject({ status: 'sent', error: null });
      const mail = await received('elise@exemple.fr', from);
      expect(mail.subject).toBe(
        'Rénovation Isère - Confirmation de votre rendez-vous du vendredi 5 mars, 14:00 - 15:00',
      );
      expect(mail.from?.value).toEqual([{ name: 'Espace conseil', address: 'rdv@espace-conseil.fr' }]);
      expect(mail.html).toContain('<p>Bonjour Élise &lt;Martin&gt;,</p>');
      expect(mail.html).toContain(
        'Rendez-vous le vendredi 5 mars, 14:00 - 15:00 avec Claire Conseillère à Maison de l’énergie ' +
          '(adresse: 12 rue Vendôme - 38000 Grenoble / téléphone: 04 76 11 11 11).',
      );
      expect(mail.text).toContain('Bonjour Élise <Martin>,');
      expect(mail.text).not.toContain('{');
      expect(mail.attachments).toHaveLength(1);
      const ics = mail.attachments[0]!;
      expect(ics.filename).toBe('rendez-vous.ics');
      expect(ics.contentType).toBe('text/calendar');
      const calendar = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.uid).toBe(UUID);
      expect(event.sequence).toBe(0);
      expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-05T13:00:00.000Z');
      expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-05T14:00:00.000Z');
      expect(event.location).toBe('Maison de l’énergie');
      const outbox = await t.app.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('pk', '=', result.outboxPk)
        .executeTakeFirstOrThrow();
      expect(outbox).toMatchObject({ status: 'sent', to_email: 'elise@exemple.fr' });
    });

    it('a mail job delivers a cancellation with the same UID and a later SEQUENCE', async () => {
      const from = smtp.mails.length;
      await enqueueJob(t.app.database.db, {
        kind: 'messaging.send-mail',
        payload: {
          group: GROUP,
          to: 'elise@exemple.fr',
          siteName: 'Rénovation Isère',
          subject: 'Annulation de votre rendez-vous',
          html: '<p>Votre rendez-vous est annulé.</p>',
          attachments: [
            {
              filename: 'rendez-vous.ics',
              contentBase64: Buffer.from(invitation('CANCEL', 1)).toString('base64'),
              contentType: invitationContentType('CANCEL'),
            },
          ],
        },
      });
      expect(await createJobRunner(t.app, { id: 'test', schedules: [] }).runOnce()).toBe(1);
      const mail = await received('elise@exemple.fr', from);
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content.toString('utf8')));
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect([event.uid, event.sequence, event.component.getFirstPropertyValue('status')]).toEqual([
        UUID,
        1,
        'CANCELLED',
      ]);
    });

    it('without an active account of the structure the mail stays in the outbox with a French error', async () => {
      const from = smtp.mails.length;
      const result = await sendTemplatedMail(t.app, {
        group: 3,
        to: 'elise@exemple.fr',
        siteName: 'Rénovation',
        subjectTemplate: 'RDV',
        htmlTemplate: '<p>{contact}</p>',
        context,
      });
      expect(result).toMatchObject({ status: 'outbox', error: NO_SMTP_ACCOUNT });
      const row = await t.app.database.db
        .selectFrom('mail_outbox')
        .select(['status', 'error'])
        .where('pk', '=', result.outboxPk)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'outbox', error: NO_SMTP_ACCOUNT });
      expect(smtp.mails.length).toBe(from);
    });

    describe('SMS', () => {
      beforeEach(async () => {
        handed.length = 0;
        await t.app.database.db.deleteFrom('messaging_sms_account').execute();
        await t.app.database.db.deleteFrom('messaging_sms_outbox').execute();
      });

      async function account(type: 'ovh' | 'twilio', monthlyLimit = 1000) {
        const now = new Date().toISOString();
        await t.app.database.db
          .insertInto('messaging_sms_account')
          .values({
            account_type: type,
            is_active: 1,
            group: GROUP,
            monthly_limit: monthlyLimit,
            phone: '+33700000000',
            ovh_sender: 'Renov',
            created_at: now,
            updated_at: now,
          })
          .execute();
      }

      it('refuses without an account of the structure, and records it', async () => {
        const r = await sendSms(t.app, { group: GROUP, to: '06 12 34 56 78', text: 'RDV demain' });
        expect(r).toMatchObject({ status: 'failed', error: SMS_ERRORS.noAccount });
      });

      it('keeps the SMS in the outbox when no provider is plugged in for the account type', async () => {
        await account('ovh');
        const r = await sendSms(t.app, { group: GROUP, to: '06 12 34 56 78', text: 'RDV demain' });
        expect(r).toMatchObject({ status: 'outbox', error: SMS_ERRORS.noProvider });
        const row = await t.app.database.db
          .selectFrom('messaging_sms_outbox')
          .selectAll()
          .where('pk', '=', r.outboxPk)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ to_phone: '+33612345678', provider: 'outbox', status: 'outbox', group: GROUP });
      });

      it('hands the SMS to the registered provider in E.164, stops at the monthly limit, keeps errors', async () => {
        await account('twilio', 2);
        const ok = await sendSms(t.app, { group: GROUP, to: '06 12 34 56 78', text: 'RDV demain 10:00' });
        expect(ok).toMatchObject({ status: 'sent', error: null });
        expect(handed).toEqual([{ to: '+33612345678', text: 'RDV demain 10:00', sender: '+33700000000' }]);
        const refused = await sendSms(t.app, { group: GROUP, to: '0612345678', text: 'refus' });
        expect(refused).toMatchObject({
          status: 'failed',
          error: "Échec de l'envoi du SMS (twilio) : numéro bloqué par le prestataire",
        });
        expect((await sendSms(t.app, { group: GROUP, to: '0612345678', text: 'deux' })).status).toBe('sent');
        const over = await sendSms(t.app, { group: GROUP, to: '0612345678', text: 'trois' });
        expect(over).toMatchObject({ status: 'failed', error: 'Le nombre maximal de sms mensuel a été atteint (2).' });
        expect(handed).toHaveLength(2);
        const bad = await sendSms(t.app, { group: GROUP, to: '12', text: 'x' });
        expect(bad.error).toBe(SMS_ERRORS.badNumber);
      });

      it("the structure's staff read its SMS outbox; nobody writes it through the API", async () => {
        await account('twilio');
        await sendSms(t.app, { group: GROUP, to: '06 12 34 56 78', text: 'RDV demain' });
        const mine = await t.call('/sms/sms-outbox/', { token: await t.login('conseiller@demo.fr') });
        expect(mine.status).toBe(200);
        expect(mine.body.map((r: { message: string }) => r.message)).toEqual(['RDV demain']);
        const write = await t.call('/sms/sms-outbox/', {
          method: 'POST',
          token: await t.login('conseiller@demo.fr'),
          body: { toPhone: '+33612345678', message: 'x', status: 'sent' },
        });
        expect(write.status).toBeGreaterThanOrEqual(400);
        expect((await t.call('/sms/sms-outbox/')).status).toBe(401);
      });
    });
  });
}
