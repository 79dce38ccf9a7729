import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { DIALECTS } from '../helpers/dialects';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { makePng } from '../helpers/png';
import { mediaFile } from '../../server/modules/accounts/profile-picture';

const DEMO_ACCOUNTS = [
  ['admin@demo.fr', 'administrator'],
  ['manager@demo.fr', 'manager'],
  ['conseiller@demo.fr', 'advisor'],
  ['superconseiller@demo.fr', 'superadvisor'],
  ['listepro@demo.fr', 'listeproadmin'],
  ['pro@demo.fr', 'professional'],
  ['client@demo.fr', 'client'],
  ['conseiller.voisin@demo.fr', 'advisor'],
] as const;

describe.each(DIALECTS)('accounts API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const obtain = (email: string, password = DEMO_PASSWORD) =>
    t.call('/auth/obtain_token/', { method: 'POST', body: { email, password } });

  it('signs in every demo account, whose profile has the right type', async () => {
    for (const [email, type] of DEMO_ACCOUNTS) {
      const res = await obtain(email);
      expect(res.status, email).toBe(200);
      expect(typeof res.body.token).toBe('string');
      expect(typeof res.body.refresh).toBe('string');
      const profile = await t.call('/accounts/profile/', { token: res.body.token });
      expect(profile.body.user).toMatchObject({ email, userType: type });
    }
  });

  it(
    'refresh gives a new token pair; ' + 'the old refresh token no longer works once the two-tab grace has passed',
    async () => {
      const first = (await obtain('conseiller@demo.fr')).body;
      const refreshed = await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: first.refresh } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.refresh).not.toBe(first.refresh);
      expect((await t.call('/accounts/profile/', { token: refreshed.body.token })).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 25_000);
      try {
        const replay = await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: first.refresh } });
        expect(replay.status).toBe(401);
        expect(replay.body.message).toBe('Votre session a expiré, merci de vous reconnecter.');
        // A replayed token means theft: the whole family ends, the legitimate holder signs in again.
        expect(
          (await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: refreshed.body.refresh } })).status,
        ).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('answers 400 with a French message for a wrong password or an unknown address, alike', async () => {
    const wrong = await obtain('conseiller@demo.fr', 'not-the-password');
    const unknown = await obtain('personne@demo.fr', 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Adresse électronique ou mot de passe incorrect.');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('reads the own profile with the default consent; anonymous callers get 401', async () => {
    expect((await t.call('/accounts/profile/')).status).toBe(401);
    const res = await t.call('/accounts/profile/', { token: await t.login('client@demo.fr') });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      pk: 7,
      email: 'client@demo.fr',
      firstName: 'Camille',
      lastName: 'Cliente',
      fullName: 'Camille Cliente',
      group: null,
      profilePic: null,
    });
    expect(res.body.rgpdConsent).toMatchObject({
      pk: null,
      allowToKeepData: true,
      allowToShareMyInformationWithPartners: true,
    });
    expect(res.body.domainName).toBe('localhost');
  });

  it(
    'reads another profile only with the change right on that user ' +
      '(consent for the owner and administrators only)',
    async () => {
      const advisor = await t.login('conseiller@demo.fr');
      const ofColleague = await t.call('/accounts/profile/4/', { token: advisor });
      expect(ofColleague.status).toBe(200);
      expect(ofColleague.body.user.email).toBe('superconseiller@demo.fr');
      expect(ofColleague.body.rgpdConsent).toBeNull();
      // A client's account is changed by its owner or an administrator only (issue 25).
      expect((await t.call('/accounts/profile/7/', { token: advisor })).status).toBe(403);
      expect((await t.call('/accounts/profile/1/', { token: advisor })).status).toBe(403);
      expect((await t.call('/accounts/profile/8/', { token: advisor })).status).toBe(403);
      expect((await t.call('/accounts/profile/3/', { token: await t.login('pro@demo.fr') })).status).toBe(403);
      const byAdmin = await t.call('/accounts/profile/7/', { token: await t.login('admin@demo.fr') });
      expect(byAdmin.body.rgpdConsent).toMatchObject({ allowToKeepData: true });
      expect((await t.call('/accounts/profile/999/', { token: advisor })).status).toBe(404);
    },
  );

  it('patches the own profile and appends a consent record each time; the latest is the effective one', async () => {
    const token = await t.login('superconseiller@demo.fr');
    const saved = await t.call('/accounts/profile/4/', {
      method: 'PATCH',
      token,
      body: {
        user: {
          firstName: 'Samuël',
          title: 'Coordinateur',
          phone: '04 76 00 00 01',
          color: '#224466',
          group: { pk: 2 },
          userType: 'superadvisor',
          email: 'SuperConseiller@demo.fr',
        },
        rgpdConsent: { allowToShareMyInformationWithPartners: false },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      firstName: 'Samuël',
      fullName: 'Samuël Superconseiller',
      title: 'Coordinateur',
      phone: '04 76 00 00 01',
      color: '#224466',
      userType: 'superadvisor',
    });
    expect(saved.body.rgpdConsent).toMatchObject({
      allowToKeepData: true,
      allowToShareMyInformationWithPartners: false,
    });
    const again = await t.call('/accounts/profile/4/', {
      method: 'PATCH',
      token,
      body: { rgpdConsent: { allowToKeepData: false } },
    });
    expect(again.body.rgpdConsent).toMatchObject({
      allowToKeepData: false,
      allowToShareMyInformationWithPartners: false,
    });
    const history = await t.call('/accounts/rgpd-consent/?user=4', { token });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(2);
    const row = await t.app.database.db
      .selectFrom('account_user')
      .select(['phone_cache'])
      .where('pk', '=', 4)
      .executeTakeFirst();
    expect(row?.phone_cache).toBe('0476000001');
  });

  it('refuses a change of structure or type through the profile, and writes nothing', async () => {
    const token = await t.login('conseiller@demo.fr');
    const res = await t.call('/accounts/profile/3/', {
      method: 'PATCH',
      token,
      body: { user: { firstName: 'Changé', group: 3, userType: 'administrator', email: 'autre@demo.fr' } },
    });
    expect(res.status).toBe(400);
    // The own e-mail may be asked for (a link goes to it: account-identity.test.ts), not the rest.
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['group', 'userType']);
    expect(res.body.errors[0].message).toBe('Ce champ ne peut pas être modifié depuis le profil.');
    const after = await t.call('/accounts/profile/', { token });
    expect(after.body.user).toMatchObject({
      firstName: 'Claire',
      userType: 'advisor',
      group: { pk: 2 },
      email: 'conseiller@demo.fr',
    });
    // Someone else's e-mail is not for an advisor to change.
    const colleague = await t.call('/accounts/profile/4/', {
      method: 'PATCH',
      token,
      body: { user: { email: 'autre@demo.fr' } },
    });
    expect(colleague.status).toBe(400);
    expect(colleague.body.errors.map((e: { path: string }) => e.path)).toEqual(['email']);
  });

  it(
    'checks rights on PATCH: neither a professional nor an advisor edits a client; ' +
      'an advisor may edit a colleague but not record their consent',
    async () => {
      const pro = await t.login('pro@demo.fr');
      expect(
        (await t.call('/accounts/profile/7/', { method: 'PATCH', token: pro, body: { user: { firstName: 'X' } } }))
          .status,
      ).toBe(403);
      const advisor = await t.login('conseiller@demo.fr');
      expect(
        (
          await t.call('/accounts/profile/7/', {
            method: 'PATCH',
            token: advisor,
            body: { user: { title: 'Propriétaire occupante' } },
          })
        ).status,
      ).toBe(403);
      const ok = await t.call('/accounts/profile/4/', {
        method: 'PATCH',
        token: advisor,
        body: { user: { title: 'Coordinateur' } },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user.title).toBe('Coordinateur');
      expect(
        (
          await t.call('/accounts/profile/4/', {
            method: 'PATCH',
            token: advisor,
            body: { rgpdConsent: { allowToKeepData: false } },
          })
        ).status,
      ).toBe(403);
      const invalid = await t.call('/accounts/profile/4/', {
        method: 'PATCH',
        token: advisor,
        body: { user: { color: 'rouge' } },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors[0]).toMatchObject({
        path: 'color',
        message: 'Ce champ doit être une couleur (par exemple #888888).',
      });
    },
  );

  it(
    'changes the password: both entries compared, ' + 'the rule in French, the old one checked; other sessions end',
    async () => {
      const other = (await obtain('listepro@demo.fr')).body;
      const session = (await obtain('listepro@demo.fr')).body;
      const change = (body: Record<string, unknown>) =>
        t.call('/accounts/password/change/', { method: 'POST', token: session.token, body });
      const missing = await change({});
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toMatchObject({ path: 'oldPassword', message: 'Ce champ est obligatoire.' });
      const mismatch = await change({
        oldPassword: DEMO_PASSWORD,
        newPassword1: 'une phrase assez longue',
        newPassword2: 'une phrase assez longue!',
      });
      expect(mismatch.body.errors).toEqual([
        expect.objectContaining({ path: 'newPassword2', message: 'Les deux mots de passe ne sont pas identiques.' }),
      ]);
      const short = await change({ oldPassword: DEMO_PASSWORD, newPassword1: 'court', newPassword2: 'court' });
      expect(short.body.errors[0].message).toBe('Le mot de passe doit contenir au moins 10 caractères.');
      const likeEmail = await change({
        oldPassword: DEMO_PASSWORD,
        newPassword1: 'listepro@demo.fr',
        newPassword2: 'listepro@demo.fr',
      });
      expect(likeEmail.body.errors[0].message).toBe(
        'Le mot de passe ne doit pas reprendre votre adresse électronique.',
      );
      // Common in France, and absent from the 40-word list the rule used to have.
      const twice = (p: string) => change({ oldPassword: DEMO_PASSWORD, newPassword1: p, newPassword2: p });
      expect((await twice('Marseille2013')).body.errors).toEqual([
        expect.objectContaining({
          path: 'newPassword1',
          message: 'Ce mot de passe est trop courant ; choisissez-en un plus difficile à deviner.',
        }),
      ]);
      expect((await twice('qsdfghjklm')).body.errors[0].message).toBe(
        'Ce mot de passe serait vite deviné : les lignes ' +
          'droites de touches de votre clavier sont faciles à deviner. Une phrase de plusieurs mots est plus sûre.',
      );
      const wrongOld = await change({
        oldPassword: 'pas le bon',
        newPassword1: 'une phrase assez longue',
        newPassword2: 'une phrase assez longue',
      });
      expect(wrongOld.body.errors[0]).toMatchObject({
        path: 'oldPassword',
        message: 'Le mot de passe actuel est incorrect.',
      });
      const done = await change({
        oldPassword: DEMO_PASSWORD,
        newPassword1: 'une phrase assez longue',
        newPassword2: 'une phrase assez longue',
      });
      expect(done.status).toBe(200);
      expect(done.body.ok).toBe(true);
      // This session continues with its new pair; the other one is over.
      expect(
        (await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: done.body.refresh } })).status,
      ).toBe(200);
      expect((await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: other.refresh } })).status).toBe(
        401,
      );
      expect((await obtain('listepro@demo.fr')).status).toBe(400);
      expect((await obtain('listepro@demo.fr', 'une phrase assez longue')).status).toBe(200);
    },
  );

  it(
    'uploads, serves, replaces and removes a profile picture; ' + 'refuses other types, big files and other people',
    async () => {
      const token = await t.login('conseiller@demo.fr');
      const png = makePng(64, 48);
      const up = await t.call('/accounts/user-profile-pic/3/', {
        method: 'PATCH',
        token,
        body: { profilePic: `data:image/png;base64,${png.toString('base64')}` },
      });
      expect(up.status).toBe(200);
      expect(up.body.profilePic).toMatch(/^\/media\/profile-pics\/3\/[A-Za-z0-9_-]{12}\.png$/);
      const served = await fetch(`${t.url}${up.body.profilePic}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      expect((await t.call('/accounts/profile/', { token })).body.user.profilePic).toBe(up.body.profilePic);
      expect((await t.call('/accounts/user-profile-pic/3/', { token: await t.login('pro@demo.fr') })).body).toEqual({
        pk: 3,
        profilePic: up.body.profilePic,
      });

      const fake = await t.call('/accounts/user-profile-pic/3/', {
        method: 'PATCH',
        token,
        body: { profilePic: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` },
      });
      expect(fake.status).toBe(400);
      expect(fake.body.errors[0].message).toBe("L'image doit être un fichier PNG, JPEG ou WebP.");
      const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
      const tooBig = await t.call('/accounts/user-profile-pic/3/', {
        method: 'PATCH',
        token,
        body: { profilePic: `data:image/png;base64,${big.toString('base64')}` },
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe('Erreur. Le document envoyé est trop volumineux.');
      expect(
        (
          await t.call('/accounts/user-profile-pic/3/', {
            method: 'PATCH',
            token: await t.login('pro@demo.fr'),
            body: { profilePic: null },
          })
        ).status,
      ).toBe(403);

      const replaced = await t.call('/accounts/user-profile-pic/3/', {
        method: 'PATCH',
        token,
        body: { profilePic: `data:image/png;base64,${makePng(20, 20).toString('base64')}` },
      });
      expect(existsSync(mediaFile(t.app, up.body.profilePic)!)).toBe(false);
      const removed = await t.call('/accounts/user-profile-pic/3/', {
        method: 'PATCH',
        token,
        body: { profilePic: null },
      });
      expect(removed.body).toEqual({ pk: 3, profilePic: null });
      expect(existsSync(mediaFile(t.app, replaced.body.profilePic)!)).toBe(false);
      expect((await fetch(`${t.url}${replaced.body.profilePic}`)).status).toBe(404);
      expect((await fetch(`${t.url}/media/../package.json`)).status).toBe(404);
    },
  );

  it(
    'deletes an account as the deletion screen says: own data erased, ' + 'shared records kept without the user',
    async () => {
      const token = await t.login('conseiller.voisin@demo.fr');
      await t.call('/accounts/profile/8/', {
        method: 'PATCH',
        token,
        body: { rgpdConsent: { allowToKeepData: true } },
      });
      const preview = await t.call('/accounts/profile/me/deletion/', { token });
      expect(preview.status).toBe(200);
      expect(preview.body.isLastAdministrator).toBe(false);
      expect(preview.body.deleted).toEqual(
        expect.arrayContaining([{ label: 'historique de vos choix de consentement', count: 1 }]),
      );
      // The demo gives this advisor a place, a slot, an appointment and a done act of a follow-up folder:
      // they stay, without the advisor.
      expect(preview.body.detached).toEqual([
        { label: 'actions (Réalisé par)', count: 1 },
        { label: 'rendez-vous (Conseiller)', count: 1 },
        { label: 'lieux (Conseillers présents)', count: 1 },
        { label: 'créneaux (Conseillers)', count: 1 },
      ]);

      const wrong = await t.call('/accounts/profile/me/', {
        method: 'DELETE',
        token,
        body: { password: 'pas le bon' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0]).toMatchObject({ path: 'password', message: 'Le mot de passe est incorrect.' });
      const done = await t.call('/accounts/profile/me/', {
        method: 'DELETE',
        token,
        body: { password: DEMO_PASSWORD },
      });
      expect(done.status).toBe(200);
      expect((await obtain('conseiller.voisin@demo.fr')).status).toBe(400);
      expect((await t.call('/accounts/profile/', { token })).status).toBe(401);
      const db = t.app.database.db;
      expect(await db.selectFrom('account_rgpd_consent').select('pk').where('user', '=', 8).execute()).toEqual([]);
      expect(await db.selectFrom('auth_refresh_token').select('pk').where('user_pk', '=', 8).execute()).toEqual([]);
      const place = await t.call('/dialogwatt/place/4/', { token: await t.login('admin@demo.fr') });
      expect(place.status).toBe(200);
      expect(place.body.selectedAdvisors).toEqual([]);
    },
  );

  it(
    "deletes an advisor's own downtimes with the account; " + 'the last administrator cannot delete the account',
    async () => {
      const token = await t.login('conseiller@demo.fr');
      const preview = (await t.call('/accounts/profile/me/deletion/', { token })).body;
      expect(preview.deleted).toEqual(expect.arrayContaining([{ label: 'indisponibilités (Conseiller)', count: 1 }]));
      expect(
        (await t.call('/accounts/profile/me/', { method: 'DELETE', token, body: { password: DEMO_PASSWORD } })).status,
      ).toBe(200);
      const db = t.app.database.db;
      expect(
        await db.selectFrom('dialogwatt_advisor_downtime').select('pk').where('advisor', '=', 3).execute(),
      ).toEqual([]);
      const place = await db
        .selectFrom('dialogwatt_place')
        .select('selected_advisors')
        .where('pk', '=', 1)
        .executeTakeFirst();
      const advisors = place?.selected_advisors;
      expect(typeof advisors === 'string' ? JSON.parse(advisors) : advisors).toEqual([4]);

      const admin = await t.login('admin@demo.fr');
      expect((await t.call('/accounts/profile/me/deletion/', { token: admin })).body.isLastAdministrator).toBe(true);
      const refused = await t.call('/accounts/profile/me/', {
        method: 'DELETE',
        token: admin,
        body: { password: DEMO_PASSWORD },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Vous êtes le dernier administrateur actif : nommez un autre administrateur avant de supprimer votre compte.',
      );
    },
  );

  it(
    'opens self-registration only where the white label allows it, ' +
      'as a client, with a consent and an initialisation mail',
    async () => {
      const body = {
        user: {
          email: 'Nouvelle.Cliente@demo.fr',
          lastName: 'Nouvelle',
          firstName: 'Cliente',
          userType: 'administrator',
          group: 2,
        },
        rgpdConsent: { allowToShareMyInformationWithPartners: false },
      };
      const closed = await t.call('/accounts/profile/create/', { method: 'POST', body });
      expect(closed.status).toBe(403);
      expect(closed.body.message).toBe("La création de compte n'est pas ouverte sur ce site.");
      await t.app.database.db
        .updateTable('white_label')
        .set({ clientselfcreation_is_active: 1 } as never)
        .where('domain', '=', 'localhost')
        .execute();
      const { invalidateWhiteLabels } = await import('../../server/modules/white-labels/resolve-white-label');
      invalidateWhiteLabels();
      const created = await t.call('/accounts/profile/create/', { method: 'POST', body });
      expect(created.status).toBe(201);
      expect(created.body.user).toMatchObject({ email: 'nouvelle.cliente@demo.fr', userType: 'client', group: null });
      expect(created.body.rgpdConsent).toMatchObject({
        allowToKeepData: true,
        allowToShareMyInformationWithPartners: false,
      });
      const again = await t.call('/accounts/profile/create/', { method: 'POST', body });
      expect(again.status).toBe(400);
      expect(again.body.errors[0].path).toBe('email');
      const { idle } = await import('../../server/mail/mail-queue');
      await idle(t.app);
      const mail = await t.app.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_email', '=', 'nouvelle.cliente@demo.fr')
        .executeTakeFirst();
      expect(mail).toMatchObject({
        kind: 'account_initialisation',
        status: 'outbox',
        subject: 'Rénovation Démo - Votre accès à Rénovation Démo',
      });
      expect(mail?.text_body).toMatch(/http:\/\/localhost:\d+\/mon-compte\/reinitialisation-mot-de-passe-changement\//);
    },
  );

  it(
    'refuses a state-changing call that carries cookies ' + 'from another site without the Authorization header',
    async () => {
      const forged = await t.call('/accounts/password/reset/', {
        method: 'POST',
        body: { email: 'client@demo.fr' },
        headers: { Cookie: 'sessionid=abc', Origin: 'https://evil.example' },
      });
      expect(forged.status).toBe(403);
      expect(forged.body.error).toBe('csrf');
      const sameSite = await t.call('/accounts/password/reset/', {
        method: 'POST',
        body: { email: 'client@demo.fr' },
        headers: { Cookie: 'sessionid=abc', 'Sec-Fetch-Site': 'same-origin' },
      });
      expect(sameSite.status).toBe(200);
      const withHeader = await t.call('/accounts/profile/', {
        token: await t.login('client@demo.fr'),
        headers: { Cookie: 'sessionid=abc', Origin: 'https://evil.example' },
      });
      expect(withHeader.status).toBe(200);
    },
  );
});
