import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { createJobRunner } from '../../server/jobs/job-runner';
import { declaredSchedules } from '../../server/jobs/job-schedules';
import { REMINDER_DIGEST_JOB } from '../../server/modules/fac/reminder-digest-job';

// The daily reminder digest (reference §8.5, §6): the advisor with a due reminder gets one French
// mail listing it with a link to the contact's page; a second process at the same tick finds the
// day's job already there and sends nothing more.
describe.each(DIALECTS)('fac reminder digest through a real SMTP server on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: '"Rénovation Démo" <noreply@demo.fr>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails each advisor their due reminders once a day', async () => {
    const token = await t.login('conseiller@demo.fr');
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call(path, { method: 'POST', token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as Record<string, number>;
    };
    const c = await post('/fac/contact/', { firstName: 'Paul', lastName: `Digest${dialect}` });
    const n = await post('/fac/note/', { contact: c.pk, note: '<p>Relancer pour le devis</p>' });
    await post('/fac/reminder/', { note: n.pk, date: '2026-01-02', persons: [n.creator] });

    const schedules = declaredSchedules().filter((s) => s.name === REMINDER_DIGEST_JOB);
    expect(schedules).toHaveLength(1);
    const before = smtp.mails.length;
    expect(await createJobRunner(t.app, { id: 'digest-a', schedules }).runOnce()).toBe(1);
    expect(await createJobRunner(t.app, { id: 'digest-b', schedules }).runOnce()).toBe(0);

    const mail = await smtp.waitFor('conseiller@demo.fr', before);
    expect(mail.subject).toMatch(/^Rénovation Démo - \[FAC\] \d+ rappels? en attente$/);
    expect(mail.text).toContain(
      `Paul Digest${dialect} — rappel du 02.01.2026 — Note sur la fiche. Relancer pour le devis`,
    );
    expect(mail.text).toContain(`/fac/contacts/${c.pk}`);
    expect(mail.html).toContain('/fac/reminders/');
    const toAdvisor = smtp.mails.slice(before).filter((m) => m.to.includes('conseiller@demo.fr'));
    expect(toAdvisor).toHaveLength(1);
    // The neighbour structure's advisor has no due reminder: no mail.
    expect(smtp.mails.slice(before).some((m) => m.to.includes('conseiller.voisin@demo.fr'))).toBe(false);
  });
});
