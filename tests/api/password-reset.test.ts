import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { DIALECTS } from '../helpers/dialects';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { resetLink, startSmtpCapture } from '../helpers/smtp-capture';
import { idle } from '../../server/mail/mail-queue';

const NEW_PASSWORD = 'la rénovation, pas à pas';

describe.each(DIALECTS)('password reset by e-mail through a real SMTP server on %s', (dialect) => {
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

  it('mails a working, single-use link; the new password signs in and the old one no longer does', async () => {
    const before = smtp.mails.length;
    const asked = await t.call('/accounts/password/reset/', { method: 'POST', body: { email: ' Client@Demo.fr ' } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ ok: 'done' });
    const mail = await smtp.waitFor('client@demo.fr', before);
    expect(mail.subject).toBe('Rénovation Démo - Réinitialisation de votre mot de passe');
    expect(mail.text).toContain('Bonjour Camille Cliente,');
    expect(mail.html).toContain('Choisir mon mot de passe');
    const link = resetLink(mail.text);
    expect(link.url).toBe(`${t.url}/mon-compte/reinitialisation-mot-de-passe-changement/${link.uid}/${link.token}`);
    expect(resetLink(mail.html).url).toBe(link.url);

    const check = await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`);
    expect(check.body).toEqual({ ok: true, email: 'client@demo.fr' });
    const mismatch = await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`, {
      method: 'POST',
      body: { newPassword1: NEW_PASSWORD, newPassword2: `${NEW_PASSWORD}.` },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0]).toMatchObject({
      path: 'newPassword2',
      message: 'Les deux mots de passe ne sont pas identiques.',
    });
    const missing = await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`, {
      method: 'POST',
      body: { newPassword1: NEW_PASSWORD },
    });
    expect(missing.body.errors[0]).toMatchObject({ path: 'newPassword2', message: 'Ce champ est obligatoire.' });

    const done = await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`, {
      method: 'POST',
      body: { newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
    });
    expect(done.status).toBe(200);
    expect(done.body.ok).toBe('done');
    expect(
      (
        await t.call('/auth/obtain_token/', {
          method: 'POST',
          body: { email: 'client@demo.fr', password: NEW_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call('/auth/obtain_token/', {
          method: 'POST',
          body: { email: 'client@demo.fr', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(400);

    const twice = await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`, {
      method: 'POST',
      body: { newPassword1: 'encore un autre mot', newPassword2: 'encore un autre mot' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/^Ce lien de réinitialisation n'est pas valide ou a expiré/);
    expect((await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`)).status).toBe(400);
  });

  it('a sign-in after the request makes the link useless (the token signs the last sign-in)', async () => {
    const before = smtp.mails.length;
    await t.call('/accounts/password/reset/', { method: 'POST', body: { email: 'pro@demo.fr' } });
    const link = resetLink((await smtp.waitFor('pro@demo.fr', before)).text);
    expect((await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`)).status).toBe(200);
    expect(
      (await t.call('/auth/obtain_token/', { method: 'POST', body: { email: 'pro@demo.fr', password: DEMO_PASSWORD } }))
        .status,
    ).toBe(200);
    expect((await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`)).status).toBe(400);
  });

  it(
    'answers the same for an unknown address and sends nothing; ' + 'refuses forged links; records sent mails',
    async () => {
      const before = smtp.mails.length;
      const unknown = await t.call('/accounts/password/reset/', {
        method: 'POST',
        body: { email: 'personne@demo.fr' },
      });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ ok: 'done' });
      await idle(t.app);
      expect(smtp.mails.slice(before).some((m) => m.to.includes('personne@demo.fr'))).toBe(false);
      const invalidEmail = await t.call('/accounts/password/reset/', {
        method: 'POST',
        body: { email: 'pas-une-adresse' },
      });
      expect(invalidEmail.status).toBe(400);
      expect(invalidEmail.body.errors[0].message).toBe('Ce champ doit être une adresse électronique valide.');
      for (const [uid, token] of [
        ['Nw', 'abc-0123'],
        ['!!', 'x'],
        ['OTk5', `${Math.floor(Date.now() / 1000).toString(36)}-${'0'.repeat(32)}`],
      ]) {
        const res = await t.call(`/accounts/password/reset/${uid}/${token}/`, {
          method: 'POST',
          body: { newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('invalid_link');
      }
      const sent = await t.app.database.db
        .selectFrom('mail_outbox')
        .select(['to_email', 'status', 'kind', 'from_email', 'sent_at'])
        .where('to_email', '=', 'client@demo.fr')
        .execute();
      expect(sent[0]).toMatchObject({
        status: 'sent',
        kind: 'password_reset',
        from_email: '"Rénovation Démo" <noreply@demo.fr>',
      });
      expect(sent[0]!.sent_at).toBeTruthy();
    },
  );
});

describe('mail without SMTP, and mail to a dead SMTP server (SQLite)', () => {
  it(
    'keeps the mail in the outbox, ' + 'readable by administrators only through the generated list and detail',
    async () => {
      const t = await startTestApp('sqlite');
      try {
        await t.call('/accounts/password/reset/', { method: 'POST', body: { email: 'conseiller@demo.fr' } });
        await idle(t.app);
        const admin = await t.login('admin@demo.fr');
        const list = await t.call('/accounts/mail-outbox/', { token: admin });
        expect(list.status).toBe(200);
        expect(list.body[0]).toMatchObject({
          toEmail: 'conseiller@demo.fr',
          status: 'outbox',
          kind: 'password_reset',
          subject: 'Rénovation Démo - Réinitialisation de votre mot de passe',
          sentAt: null,
        });
        const detail = await t.call(`/accounts/mail-outbox/${list.body[0].pk}/`, { token: admin });
        const link = resetLink(detail.body.textBody);
        expect((await t.call(`/accounts/password/reset/${link.uid}/${link.token}/`)).body.email).toBe(
          'conseiller@demo.fr',
        );
        expect(detail.body.htmlBody).toContain(link.url);
        expect((await t.call('/accounts/mail-outbox/', { token: await t.login('manager@demo.fr') })).status).toBe(403);
        expect((await t.call('/accounts/mail-outbox/', { token: await t.login('conseiller@demo.fr') })).status).toBe(
          403,
        );
        expect((await t.call('/accounts/mail-outbox/')).status).toBe(401);
        expect(
          (
            await t.call('/accounts/mail-outbox/', {
              method: 'POST',
              token: admin,
              body: { toEmail: 'x@demo.fr', subject: 'x', status: 'sent' },
            })
          ).status,
        ).toBe(404);
        const overview = await t.call('/accounts/profile/me/overview/', { token: admin });
        expect(overview.body.platform.mail).toMatchObject({ mode: 'outbox', notSent: 1, sent: 0 });
      } finally {
        await t.close();
      }
    },
  );

  it('records a failed delivery with its error when the SMTP server does not answer', async () => {
    const t = await startTestApp('sqlite', { env: { SMTP_URL: 'smtp://user:secret@127.0.0.1:9' } });
    try {
      await t.call('/accounts/password/reset/', { method: 'POST', body: { email: 'manager@demo.fr' } });
      await idle(t.app);
      const row = await t.app.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_email', '=', 'manager@demo.fr')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.error).toContain('smtp://user:***@127.0.0.1:9');
      expect(row.error).not.toContain('secret');
    } finally {
      await t.close();
    }
  });
});

describe('sign-in throttling (SQLite)', () => {
  it('counts failed sign-ins only per address: a room of people signing in is never locked', async () => {
    const t = await startTestApp('sqlite', { env: { LOGIN_RATE_LIMIT: '3', LOGIN_FAILURES_PER_EMAIL: '100' } });
    try {
      const attempt = (email: string, password: string) =>
        t.call('/auth/obtain_token/', { method: 'POST', body: { email, password } });
      // A training room behind one address: many more successes than the limit, all accepted.
      const people = ['client@demo.fr', 'pro@demo.fr', 'conseiller@demo.fr', 'manager@demo.fr', 'admin@demo.fr'];
      for (let i = 0; i < 8; i += 1)
        expect((await attempt(people[i % people.length]!, DEMO_PASSWORD)).status).toBe(200);
      // Failures from that address, on any accounts, are what the address is refused for.
      expect((await attempt('client@demo.fr', 'faux mot de passe')).status).toBe(400);
      expect((await attempt('pro@demo.fr', 'faux mot de passe')).status).toBe(400);
      expect((await attempt('inconnu@demo.fr', 'faux mot de passe')).status).toBe(400);
      const refused = await attempt('manager@demo.fr', DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Trop de tentatives de connexion. Réessayez dans quelques minutes.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it(
    'blocks an e-mail after LOGIN_FAILURES_PER_EMAIL failures, ' + 'even with the right password; other accounts go on',
    async () => {
      const t = await startTestApp('sqlite', { env: { LOGIN_FAILURES_PER_EMAIL: '2' } });
      try {
        const attempt = (email: string, password: string) =>
          t.call('/auth/obtain_token/', { method: 'POST', body: { email, password } });
        // Successes do not count, and one clears the failures before it.
        expect((await attempt('pro@demo.fr', 'faux mot de passe')).status).toBe(400);
        expect((await attempt('pro@demo.fr', DEMO_PASSWORD)).status).toBe(200);
        expect((await attempt('pro@demo.fr', 'faux mot de passe')).status).toBe(400);
        expect((await attempt('PRO@demo.fr', 'faux mot de passe')).status).toBe(400);
        const blocked = await attempt('pro@demo.fr', DEMO_PASSWORD);
        expect(blocked.status).toBe(429);
        expect(blocked.body.message).toBe('Trop de tentatives de connexion. Réessayez dans quelques minutes.');
        expect((await attempt('client@demo.fr', DEMO_PASSWORD)).status).toBe(200);
      } finally {
        await t.close();
      }
    },
  );

  it('shares the counters between two server processes through Redis when REDIS_URL is set', async (ctx) => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = createClient({ url: redisUrl, socket: { connectTimeout: 1000, reconnectStrategy: false } });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
    } catch {
      ctx.skip();
      return;
    }
    const keys = await probe.keys('renovation:login-*');
    if (keys.length) await probe.del(keys);
    const env = { REDIS_URL: redisUrl, LOGIN_RATE_LIMIT: '1000', LOGIN_FAILURES_PER_EMAIL: '2' };
    const a = await startTestApp('sqlite', { env });
    const b = await startTestApp('sqlite', { env });
    try {
      const attempt = (s: TestApp) =>
        s.call('/auth/obtain_token/', {
          method: 'POST',
          body: { email: 'manager@demo.fr', password: 'faux mot de passe' },
        });
      expect((await attempt(a)).status).toBe(400);
      expect((await attempt(b)).status).toBe(400);
      expect((await attempt(a)).status).toBe(429);
      expect((await attempt(b)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      const left = await probe.keys('renovation:login-*');
      if (left.length) await probe.del(left);
      await probe.quit();
    }
  });
});
