import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { systemContext } from '../../server/seed/system-context';
import { insertFixture } from '../../server/seed/insert-record';
import { hashPassword } from '../../server/modules/auth/passwords';

// Issue 25, findings 4 to 6 (docs/security.md, « Second review (issue 25) »): public holds that
// could empty the calendar, an event registration that told who was registered, and access tokens
// that outlived the end of their session.

describe.each(DIALECTS)('sessions, holds and registrations (issue 25) on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

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

  const profileStatus = async (token: string) => (await t.call('/accounts/profile/', { token })).status;

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
