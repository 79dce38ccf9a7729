import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { parseOutboundAllow } from '../../server/security/outbound-allow';
import { sendGroupMail } from '../../server/mail/send-group-mail';

// Issue 25, finding 3 (docs/security.md, « Second review »): the connections a user configures (a
// structure's SMTP account, through its test and through every mail it sends) go through the outbound
// policy: no internal address unless the operator lists it in OUTBOUND_ALLOW, resolved addresses
// checked, and answers that say nothing about the network (no « ECONNREFUSED », no port state).

const TEST_FAILED = "Le courriel de test n'a pas pu être envoyé : ";
const POLICY =
  "Ce serveur n'est pas autorisé par la plateforme : les adresses internes, locales ou réservées ne peuvent pas " +
  "être jointes. Si ce serveur doit l'être, demandez-le à l'administrateur de la plateforme.";
const UNREACHABLE =
  "La connexion au serveur configuré n'a pas abouti (serveur injoignable, délai dépassé ou envoi refusé). " +
  "Vérifiez le nom du serveur, le port, le chiffrement (SSL/TLS), l'identifiant et le mot de passe.";
const NOT_ALLOWED = TEST_FAILED + POLICY;
const FAILED = TEST_FAILED + UNREACHABLE;
/** What a probe would learn from: network errors, addresses, ports, SMTP dialogue. */
const LEAKS = /ECONN|EHOST|ETIMEDOUT|ENOTFOUND|Greeting|127\.0\.0\.1|:\d+|\b(1|22|5432)\b|socket|timeout/i;

describe.each(DIALECTS)('outbound connections users configure, on %s', (dialect) => {
  let t: TestApp;
  // The operator allowed nothing (the other suites allow 127.0.0.1 for their SMTP servers).
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { env: { OUTBOUND_ALLOW: '' } },
  );
  let token: string;
  let account: number;

  beforeAll(async () => {
    token = await t.login('superconseiller@demo.fr');
    const saved = await t.call('/sms/smtp-account/', {
      method: 'POST',
      token,
      body: { name: 'Serveur', smtpType: 'smtp', emailHostUser: 'envoi@demo.fr', emailHost: '127.0.0.1', emailPort: 1 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    account = saved.body.pk;
  });

  const allow = (raw: string) => {
    t.app.config.outboundAllow = parseOutboundAllow(raw);
  };

  async function testWith(emailHost: string, emailPort: number) {
    const changed = await t.call(`/sms/smtp-account/${account}/`, {
      method: 'PATCH',
      token,
      body: { emailHost, emailPort },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const res = await t.call('/dialogwatt/smtp-account-test/', { method: 'POST', token, body: {} });
    expect(res.status).toBe(200);
    return res.body as { status: string; message: string };
  }

  it('answers the same for ports 1, 22 and 5432 of the loopback, without connecting', async () => {
    allow('');
    const answers = [];
    for (const port of [1, 22, 5432]) answers.push(await testWith('127.0.0.1', port));
    for (const a of answers) {
      expect(a).toEqual({ status: 'failed', to: 'superconseiller@demo.fr', message: NOT_ALLOWED });
      expect(a.message).not.toMatch(LEAKS);
    }
    // The outbox row an administrator reads says no more.
    const rows = await t.app.database.db
      .selectFrom('mail_outbox' as never)
      .select(['error' as never])
      .where('to_email' as never, '=', 'superconseiller@demo.fr' as never)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows as { error: string }[]) expect(row.error).not.toMatch(LEAKS);
  });

  it('refuses names that resolve to an internal address: the resolved addresses are checked', async () => {
    allow('');
    // « 127.1 », « 2130706433 » and « 0x7f000001 » are names for the resolver, which reads them as 127.0.0.1.
    for (const host of ['localhost', '127.1', '2130706433', '0x7f000001', '169.254.169.254', '10.0.0.1'])
      expect((await testWith(host, 25)).message, host).toBe(NOT_ALLOWED);
  });

  it('sends through a server the operator allowed, and only on the allowed port', async () => {
    const smtp = await startSmtpCapture();
    try {
      const port = Number(new URL(smtp.url).port);
      allow(`127.0.0.1:${port}`);
      const sent = await testWith('127.0.0.1', port);
      expect(sent).toEqual({
        status: 'sent',
        to: 'superconseiller@demo.fr',
        message: 'Le courriel de test a été envoyé à superconseiller@demo.fr.',
      });
      expect((await smtp.waitFor('superconseiller@demo.fr')).subject).toContain("Test d'envoi de SMTP");
      expect((await testWith('127.0.0.1', 22)).message).toBe(NOT_ALLOWED);
      // A name the operator allowed is resolved once and connected to by its checked address.
      allow(`localhost:${port}`);
      const before = smtp.mails.length;
      const byName = await testWith('localhost', port);
      // « localhost » may resolve to ::1 first, where the capture server does not listen: sent or one failure.
      expect([FAILED, 'Le courriel de test a été envoyé à superconseiller@demo.fr.']).toContain(byName.message);
      if (byName.status === 'sent') expect(smtp.mails.length).toBe(before + 1);
    } finally {
      await smtp.close();
    }
  });

  it('answers one message for refused, closed or silent ports the operator allowed', async () => {
    allow('127.0.0.1');
    for (const port of [1, 5432]) {
      const answer = await testWith('127.0.0.1', port);
      expect(answer, String(port)).toEqual({ status: 'failed', to: 'superconseiller@demo.fr', message: FAILED });
    }
  });

  it('applies the same policy and messages to the mails a structure sends', async () => {
    allow('');
    await testWith('127.0.0.1', 5432);
    const mail = { group: 2, to: 'client@demo.fr', subject: 'Rendez-vous', html: '<p>Bonjour</p>', siteName: 'Démo' };
    const refused = await sendGroupMail(t.app, mail);
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe(POLICY);
    allow('127.0.0.1');
    await testWith('127.0.0.1', 1);
    const failed = await sendGroupMail(t.app, mail);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(UNREACHABLE);
    expect(failed.error).not.toMatch(LEAKS);
  });
});
