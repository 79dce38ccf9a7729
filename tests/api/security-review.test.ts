import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { loadConfig } from '../../server/config';
import { create } from '../../server/operations/write';
import { inTransaction } from '../../server/db/transaction';
import { systemContext } from '../../server/seed/system-context';
import { idle } from '../../server/mail/mail-queue';
import { accountSettings } from '../../server/modules/accounts/settings';
import { makePng } from '../helpers/png';

// One regression test per finding of the security review (docs/security.md, "Review of the
// generic layer"); findings 8 and 16 (validation of empty values, unsafe patterns) are tested
// with the validation suites.

const FRESH_UUID = '0b6f4a52-7c2f-4a8e-9d0e-2f7d3c1b9a10';

async function outboxTo(t: TestApp, email: string): Promise<number> {
  const rows = await t.app.database.db.selectFrom('mail_outbox').select('pk').where('to_email', '=', email).execute();
  return rows.length;
}

describe.each(DIALECTS)('security review findings on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  describe('1. records reached by a secret link are never listable', () => {
    it('refuses to list the PDF store through the options endpoint, and still reads an entry by its uuid', async () => {
      const stored = await t.call('/pdf_generator/pdf_temp_store/', {
        method: 'POST',
        body: { data: { name: 'Mme Dupont', phone: '0476000000' } },
      });
      expect(stored.status).toBe(201);
      const listed = await t.call('/meta/options/pdf-temp-store');
      expect(listed.status).toBe(404);
      expect(JSON.stringify(listed.body)).not.toContain(stored.body.uuid);
      const admin = await t.login('admin@demo.fr');
      expect((await t.call('/meta/options/pdf-temp-store', { token: admin })).status).toBe(404);
      const read = await t.call(`/pdf_generator/pdf_temp_store/${stored.body.uuid}/`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual({ name: 'Mme Dupont', phone: '0476000000' });
    });

    it('answers 404 for an expired secret, exactly as for an unknown one', async () => {
      const stored = await t.call('/pdf_generator/pdf_temp_store/', { method: 'POST', body: { data: { x: 1 } } });
      const old = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
      await t.app.database.db
        .updateTable('pdf_temp_store')
        .set({ created_at: old, updated_at: old })
        .where('uuid', '=', stored.body.uuid)
        .execute();
      const expired = await t.call(`/pdf_generator/pdf_temp_store/${stored.body.uuid}/`);
      const unknown = await t.call(`/pdf_generator/pdf_temp_store/${FRESH_UUID}/`);
      expect(expired.status).toBe(404);
      expect(expired.body).toEqual(unknown.body);
    });

    it('applies the module flag, the rights and the row filters of the list to relation options', async () => {
      // Appointments are off on the directory's domain: their records are not offered there.
      expect((await t.call('/meta/options/place', { domain: 'annuaire.localhost' })).status).toBe(404);
      expect((await t.call('/meta/options/catchment-area')).status).toBe(401);
      expect((await t.call('/meta/options/catchment-area', { token: await t.login('pro@demo.fr') })).status).toBe(403);
      const advisor = await t.login('conseiller@demo.fr');
      const mine = await t.call('/meta/options/catchment-area', { token: advisor });
      const listed = await t.call('/dialogwatt/catchment-area/', { token: advisor });
      expect(mine.status).toBe(200);
      expect((mine.body as { value: number }[]).map((o) => o.value).sort()).toEqual(
        (listed.body as { pk: number }[]).map((r) => r.pk).sort(),
      );
      // Asking for ids outside the caller's rows does not reveal them either.
      const asked = await t.call('/meta/options/catchment-area?ids=1,2,3', { token: advisor });
      expect((asked.body as { value: number }[]).map((o) => o.value)).not.toContain(3);
    });
  });

  describe('2. which fields a role may write is declared per field and enforced by every write', () => {
    it(
      'keeps the e-mail, projects-exchange access and white label of a professional ' +
        'who tries to change them through the user endpoint',
      async () => {
        const pro = await t.login('pro@demo.fr');
        const res = await t.call('/accounts/user/6/', {
          method: 'PATCH',
          token: pro,
          body: { email: 'pirate@example.org', allowedToSeeBapMenu: false, whiteLabelling: 2, isActive: false },
        });
        // Fields the declaration locks for this user keep their stored value (as read-only fields do).
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          email: 'pro@demo.fr',
          allowedToSeeBapMenu: true,
          whiteLabelling: null,
          isActive: true,
        });
        const stored = await t.app.database.db
          .selectFrom('account_user')
          .select(['email', 'allowed_to_see_bap_menu', 'white_labelling', 'is_active'])
          .where('pk', '=', 6)
          .executeTakeFirstOrThrow();
        expect(stored).toMatchObject({ email: 'pro@demo.fr', white_labelling: null });
        expect(Boolean(stored.allowed_to_see_bap_menu)).toBe(true);
        expect(Boolean(stored.is_active)).toBe(true);
      },
    );

    it('lets the same professional change what the profile allows, through either endpoint', async () => {
      const pro = await t.login('pro@demo.fr');
      const generic = await t.call('/accounts/user/6/', {
        method: 'PATCH',
        token: pro,
        body: { title: 'Directeur', email: 'pro@demo.fr' },
      });
      expect(generic.status).toBe(200);
      expect(generic.body.title).toBe('Directeur');
      const profile = await t.call('/accounts/profile/6/', {
        method: 'PATCH',
        token: pro,
        body: { user: { title: 'Dirigeant', allowedToSeeBapMenu: false } },
      });
      expect(profile.status).toBe(400);
      expect(profile.body.errors.map((e: { path: string }) => e.path)).toEqual(['allowedToSeeBapMenu']);
      const admin = await t.login('admin@demo.fr');
      const withdrawn = await t.call('/accounts/user/6/', {
        method: 'PATCH',
        token: admin,
        body: { allowedToSeeBapMenu: false },
      });
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.allowedToSeeBapMenu).toBe(false);
      await t.call('/accounts/user/6/', {
        method: 'PATCH',
        token: admin,
        body: { allowedToSeeBapMenu: true, title: 'Gérant' },
      });
    });
  });

  describe('3. overlays stay tighten-only, and a write never resets a value it was not sent', () => {
    let localhostPk: number;
    beforeAll(async () => {
      localhostPk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    });

    it('refuses a visibility rule on a required field', async () => {
      const admin = await t.login('admin@demo.fr');
      const res = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
        method: 'PUT',
        token: admin,
        body: { ops: [{ op: 'visibleIf', field: 'name', rule: { '==': [1, 2] } }] },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe(
        'visibleIf : le champ obligatoire « Nom » ne peut pas être masqué par une règle.',
      );
    });

    it('keeps the stored value of a field hidden by a rule when a PATCH does not send it', async () => {
      const advisor = await t.login('conseiller@demo.fr');
      const created = await t.call('/dialogwatt/notification/', {
        method: 'POST',
        token: advisor,
        body: {
          name: 'Rappel',
          group: 2,
          trigger: 'created_client',
          term: 'delayed',
          termDays: 3,
          termTime: '10:00',
          to: 'contact',
          smsIsActive: false,
          mailIsActive: true,
          mailSubject: 'Rappel',
          mailMessage: 'Bonjour',
        },
      });
      expect(created.status).toBe(201);
      // termDays is shown only for delayed notifications; a PATCH that does not send it keeps it.
      const patched = await t.call(`/dialogwatt/notification/${created.body.pk}/`, {
        method: 'PATCH',
        token: advisor,
        body: { term: 'immediate' },
      });
      expect(patched.status).toBe(200);
      const back = await t.call(`/dialogwatt/notification/${created.body.pk}/`, {
        method: 'PATCH',
        token: advisor,
        body: { term: 'delayed' },
      });
      expect(back.body.termDays).toBe(3);
      await t.call(`/dialogwatt/notification/${created.body.pk}/`, { method: 'DELETE', token: advisor });
    });
  });

  describe('4. every value stored as HTML is sanitised, whatever its origin', () => {
    it(
      'refuses an overlay default that is not valid for its field, ' + 'and cleans an HTML default when it is stored',
      async () => {
        const admin = await t.login('admin@demo.fr');
        const wl = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
        const wrongType = await t.call(`/white_labelling/${wl}/overlays/entity:global-message`, {
          method: 'PUT',
          token: admin,
          body: { ops: [{ op: 'default', field: 'isActive', value: 'oui' }] },
        });
        expect(wrongType.status).toBe(400);
        const readOnly = await t.call(`/white_labelling/${wl}/overlays/entity:user`, {
          method: 'PUT',
          token: admin,
          body: { ops: [{ op: 'default', field: 'phoneCache', value: '0600000000' }] },
        });
        expect(readOnly.status).toBe(400);
        expect(readOnly.body.errors[0].message).toBe(
          'default : le champ « Téléphone (recherche) » est en lecture seule et ne prend pas de valeur par défaut.',
        );
        const hostile = '<p>Bienvenue</p><img src=x onerror="alert(1)"><script>alert(2)</script>';
        const saved = await t.call(`/white_labelling/${wl}/overlays/entity:global-message`, {
          method: 'PUT',
          token: admin,
          body: { ops: [{ op: 'default', field: 'messageHtml', value: hostile }] },
        });
        expect(saved.status).toBe(200);
        const created = await t.call('/global-messages/message/', {
          method: 'POST',
          token: admin,
          domain: 'localhost',
          body: { title: 'Info', audience: 'all', isActive: false },
        });
        expect(created.status).toBe(201);
        expect(created.body.messageHtml).toContain('<p>Bienvenue</p>');
        expect(created.body.messageHtml).not.toMatch(/onerror|<script/);
        const row = await t.app.database.db
          .selectFrom('global_message')
          .select('message_html')
          .where('pk', '=', created.body.pk)
          .executeTakeFirstOrThrow();
        expect(row.message_html).not.toMatch(/onerror|<script/);
        await t.call(`/white_labelling/${wl}/overlays/entity:global-message`, {
          method: 'PUT',
          token: admin,
          body: { ops: [] },
        });
      },
    );
  });

  describe('5. behind a proxy, only the declared hops are trusted', () => {
    it(
      'keeps limiting sign-ins of a client that rotates X-Forwarded-For ' +
        '(TRUST_PROXY=1 and the old TRUST_PROXY=true)',
      async () => {
        for (const trust of ['1', 'true']) {
          // No demo data: only unknown addresses sign in here, and seeding it twice is most of the time.
          const app = await startTestApp(dialect, { seed: false, env: { TRUST_PROXY: trust, LOGIN_RATE_LIMIT: '5' } });
          try {
            const statuses: number[] = [];
            for (let i = 0; i < 8; i += 1) {
              // The client writes anything it likes in front; the proxy appends the address it saw.
              const res = await app.call('/auth/obtain_token/', {
                method: 'POST',
                headers: { 'X-Forwarded-For': `10.0.${i}.${i + 1}, 203.0.113.9` },
                body: { email: `inconnu${i}@example.org`, password: 'faux' },
              });
              statuses.push(res.status);
            }
            expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
            expect(statuses.slice(5)).toEqual([429, 429, 429]);
          } finally {
            await app.close();
          }
        }
      },
      // Two servers of their own, each with a fresh database: slow on a loaded machine.
      180_000,
    );
  });

  describe('6. the white label of a signed-in request is bound to its Host', () => {
    it('does not let ?domain= escape a read-only overlay of the Host on a write', async () => {
      const admin = await t.login('admin@demo.fr');
      const advisor = await t.login('conseiller@demo.fr');
      const wl = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
      expect(
        (
          await t.call(`/white_labelling/${wl}/overlays/entity:place`, {
            method: 'PUT',
            token: admin,
            body: { ops: [{ op: 'readOnly', field: 'phone' }] },
          })
        ).status,
      ).toBe(200);
      const before = (await t.call('/dialogwatt/place/1/', { token: advisor, domain: 'localhost' })).body.phone;
      const res = await t.call('/dialogwatt/place/1/', {
        method: 'PATCH',
        token: advisor,
        domain: 'localhost',
        queryDomain: 'annuaire.localhost',
        body: { phone: '04 99 99 99 99' },
      });
      expect([200, 400]).toContain(res.status);
      expect((await t.call('/dialogwatt/place/1/', { token: advisor, domain: 'localhost' })).body.phone).toBe(before);
      // The signed-in menu is the Host's too.
      const menu = (
        await t.call('/meta/menu', { token: advisor, domain: 'localhost', queryDomain: 'annuaire.localhost' })
      ).body as { id: string }[];
      expect(JSON.stringify(menu)).toContain('place.list');
      await t.call(`/white_labelling/${wl}/overlays/entity:place`, { method: 'PUT', token: admin, body: { ops: [] } });
    });

    it('still serves public reads of another white label with ?domain= (embeds, development)', async () => {
      const current = await t.call('/white_labelling/current/', {
        domain: 'localhost',
        queryDomain: 'annuaire.localhost',
      });
      expect(current.body.domain).toBe('annuaire.localhost');
    });
  });

  describe('7. the structure tree rules hold on change as on create', () => {
    it(
      'refuses a manager turning their administration group into a plain one, ' + 'or detaching a child group',
      async () => {
        const manager = await t.login('manager@demo.fr');
        expect(
          (await t.call('/accounts/group/1/', { method: 'PATCH', token: manager, body: { isAdmin: false } })).status,
        ).toBe(403);
        expect(
          (await t.call('/accounts/group/3/', { method: 'PATCH', token: manager, body: { adminGroup: null } })).status,
        ).toBe(403);
        const still = await t.app.database.db
          .selectFrom('account_group')
          .select(['pk', 'is_admin', 'admin_group'])
          .where('pk', 'in', [1, 3])
          .orderBy('pk')
          .execute();
        expect(still.map((g) => [g.pk, Boolean(g.is_admin), g.admin_group])).toEqual([
          [1, true, null],
          [3, false, 1],
        ]);
        // The manager still manages the child groups they administer.
        expect(
          (await t.call('/accounts/group/3/', { method: 'PATCH', token: manager, body: { phone: '04 76 00 00 03' } }))
            .status,
        ).toBe(200);
      },
    );

    it(
      'refuses even an administrator a change that leaves ' + 'members or child groups in the wrong kind of group',
      async () => {
        const admin = await t.login('admin@demo.fr');
        const demote = await t.call('/accounts/group/1/', { method: 'PATCH', token: admin, body: { isAdmin: false } });
        expect(demote.status).toBe(400);
        expect(demote.body.errors[0]).toMatchObject({ path: 'isAdmin' });
        const promote = await t.call('/accounts/group/2/', { method: 'PATCH', token: admin, body: { isAdmin: true } });
        expect(promote.status).toBe(400);
        expect((await t.call('/accounts/group/2/', { token: admin })).body.isAdmin).toBe(false);
      },
    );
  });

  describe('9. a replayed refresh token never mints more sessions', () => {
    it('answers the same successor inside the grace period and revokes the family after it', async () => {
      const login = await t.call('/auth/obtain_token/', {
        method: 'POST',
        body: { email: 'superconseiller@demo.fr', password: 'renovation-demo' },
      });
      const first = login.body.refresh as string;
      const rotated = await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: first } });
      expect(rotated.status).toBe(200);
      const replays = [];
      for (let i = 0; i < 3; i += 1)
        replays.push(await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: first } }));
      expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(replays.map((r) => r.body.refresh))).toEqual(new Set([rotated.body.refresh]));
      const family = (
        await t.app.database.db
          .selectFrom('auth_refresh_token')
          .select('family')
          .where('user_pk', '=', 4)
          .orderBy('pk', 'desc')
          .executeTakeFirstOrThrow()
      ).family;
      const live = await t.app.database.db
        .selectFrom('auth_refresh_token')
        .select('pk')
        .where('family', '=', family)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toHaveLength(1);
      // After the grace period, the replay is a theft: the whole family ends.
      const long = new Date(Date.now() - 60_000).toISOString();
      await t.app.database.db
        .updateTable('auth_refresh_token')
        .set({ revoked_at: long })
        .where('family', '=', family)
        .where('revoked_at', 'is not', null)
        .execute();
      expect((await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: first } })).status).toBe(401);
      expect(
        (await t.call('/auth/refresh_token/', { method: 'POST', body: { refresh: rotated.body.refresh } })).status,
      ).toBe(401);
    });
  });

  describe('10. secrets of mail and SMS accounts are write-only', () => {
    it('never returns a password or API key, and keeps it when a save does not send one', async () => {
      const superadvisor = await t.login('superconseiller@demo.fr');
      const created = await t.call('/sms/smtp-account/', {
        method: 'POST',
        token: superadvisor,
        body: {
          name: 'Envoi',
          emailHost: 'smtp.example.org',
          emailHostUser: 'envoi@example.org',
          emailHostPassword: 'tres-secret',
          mailgunApikey: 'key-123',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty('emailHostPassword');
      expect(created.body).not.toHaveProperty('mailgunApikey');
      const listed = await t.call('/sms/smtp-account/', { token: superadvisor });
      expect(JSON.stringify(listed.body)).not.toMatch(/tres-secret|key-123/);
      const read = await t.call(`/sms/smtp-account/${created.body.pk}/`, { token: superadvisor });
      expect(JSON.stringify(read.body)).not.toMatch(/tres-secret|key-123/);
      expect(
        (
          await t.call(`/sms/smtp-account/${created.body.pk}/`, {
            method: 'PATCH',
            token: superadvisor,
            body: { ...read.body, name: 'Envoi 2', emailHostPassword: '' },
          })
        ).status,
      ).toBe(200);
      const row = await t.app.database.db
        .selectFrom('messaging_smtp_account')
        .select(['email_host_password', 'mailgun_apikey', 'name'])
        .where('pk', '=', created.body.pk)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email_host_password: 'tres-secret', name: 'Envoi 2' });
      const mailgun = await t.call(`/sms/smtp-account/${created.body.pk}/`, {
        method: 'PATCH',
        token: superadvisor,
        body: { smtpType: 'mailgun', mailgunApikey: 'key-123' },
      });
      expect(mailgun.status).toBe(200);
      expect(JSON.stringify(mailgun.body)).not.toMatch(/tres-secret|key-123/);
      const sms = await t.call('/sms/sms-account/', {
        method: 'POST',
        token: superadvisor,
        body: { accountType: 'ovh', ovhAccount: 'sms-1', ovhLogin: 'moi', ovhPassword: 'mdp-ovh', ovhSender: 'Renov' },
      });
      expect(sms.status).toBe(201);
      expect(JSON.stringify(sms.body)).not.toContain('mdp-ovh');
      // A secret required by the account type is still there when a save does not send it again.
      const limit = await t.call(`/sms/sms-account/${sms.body.pk}/`, {
        method: 'PATCH',
        token: superadvisor,
        body: { monthlyLimit: 500 },
      });
      expect(limit.status).toBe(200);
      expect(JSON.stringify(limit.body)).not.toContain('mdp-ovh');
    });
  });

  describe('11. deleting a user erases what belongs to them, whichever endpoint deletes', () => {
    it('removes consent history, mails, sessions and sign-in log of a user deleted by an administrator', async () => {
      const admin = await t.login('admin@demo.fr');
      const advisor = await t.login('conseiller@demo.fr');
      const created = await t.call('/accounts/profile/', {
        method: 'POST',
        token: advisor,
        body: {
          user: { email: 'a.effacer@example.org', firstName: 'Anne', lastName: 'Effacée' },
          rgpdConsent: { allowToShareMyInformationWithPartners: false },
        },
      });
      expect(created.status).toBe(201);
      const pk = created.body.user.pk as number;
      await idle(t.app);
      expect(await outboxTo(t, 'a.effacer@example.org')).toBeGreaterThan(0);
      await t.app.database.db
        .insertInto('auth_refresh_token')
        .values({
          token_hash: `h-${pk}-${dialect}`,
          family: `f-${pk}`,
          user_pk: pk,
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          revoked_at: null,
        })
        .execute();
      await t.app.database.db
        .insertInto('login_log')
        .values({ user_pk: pk, white_label: null, ip: '127.0.0.1', created_at: new Date().toISOString() })
        .execute();
      const picture = await t.call(`/accounts/user-profile-pic/${pk}/`, {
        method: 'PATCH',
        token: admin,
        body: { profilePic: `data:image/png;base64,${makePng(20, 20).toString('base64')}` },
      });
      expect(picture.status).toBe(200);
      expect((await fetch(`${t.url}${picture.body.profilePic}`)).status).toBe(200);
      const deleted = await t.call(`/accounts/user/${pk}/`, { method: 'DELETE', token: admin });
      expect(deleted.status).toBe(200);
      await idle(t.app);
      // The picture goes after the commit (afterCommit): its folder and its address.
      expect((await fetch(`${t.url}${picture.body.profilePic}`)).status).toBe(404);
      expect(existsSync(join(accountSettings(t.app).mediaDir, 'profile-pics', String(pk)))).toBe(false);
      const db = t.app.database.db;
      expect(await db.selectFrom('account_rgpd_consent').select('pk').where('user', '=', pk).execute()).toEqual([]);
      expect(await db.selectFrom('auth_refresh_token').select('pk').where('user_pk', '=', pk).execute()).toEqual([]);
      expect(await db.selectFrom('login_log').select('pk').where('user_pk', '=', pk).execute()).toEqual([]);
      expect(await outboxTo(t, 'a.effacer@example.org')).toBe(0);
    });

    it('refuses to delete the last active administrator, through the generic endpoint too', async () => {
      const admin = await t.login('admin@demo.fr');
      const res = await t.call('/accounts/user/1/', { method: 'DELETE', token: admin });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'Vous êtes le dernier administrateur actif : nommez un autre administrateur avant de supprimer votre compte.',
      );
    });
  });

  describe('12. side effects wait for the outermost commit', () => {
    it('sends nothing for work rolled back, and sends once with the committed data', async () => {
      const errors = vi.spyOn(t.app.logger, 'error');
      const ctx = systemContext(t.app);
      await expect(
        inTransaction(ctx, async (tctx) => {
          await create(tctx, 'user', { email: 'annule@example.org', userType: 'client', lastName: 'Annulé' });
          throw new Error('rolled back on purpose');
        }),
      ).rejects.toThrow('rolled back on purpose');
      await inTransaction(ctx, async (tctx) => {
        await create(tctx, 'user', { email: 'valide@example.org', userType: 'client', lastName: 'Validé' });
      });
      await idle(t.app);
      expect(await outboxTo(t, 'annule@example.org')).toBe(0);
      expect(await outboxTo(t, 'valide@example.org')).toBe(1);
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    });
  });

  describe('17. demo accounts are never seeded in production by default', () => {
    it('defaults SEED_DEMO to false when NODE_ENV is production', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
      expect(loadConfig({}).seedDemo).toBe(true);
    });
  });

  describe('18. a relation may only point at a record the caller may see', () => {
    it('answers an inactive reason of another structure exactly as a missing one', async () => {
      const neighbour = await t.login('conseiller.voisin@demo.fr');
      const hidden = await t.call('/dialogwatt/reason/', {
        method: 'POST',
        token: neighbour,
        body: { name: 'Motif interne', group: 3, duration: 30, isActive: false },
      });
      expect(hidden.status).toBe(201);
      const advisor = await t.login('conseiller@demo.fr');
      const body = (reasons: number[]) => ({
        name: 'N',
        group: 2,
        trigger: 'created_client',
        term: 'immediate',
        to: 'contact',
        smsIsActive: false,
        mailIsActive: true,
        mailSubject: 'S',
        mailMessage: 'M',
        allReasons: false,
        reasons,
      });
      const foreign = await t.call('/dialogwatt/notification/', {
        method: 'POST',
        token: advisor,
        body: body([hidden.body.pk]),
      });
      const missing = await t.call('/dialogwatt/notification/', {
        method: 'POST',
        token: advisor,
        body: body([999_999]),
      });
      expect(foreign.status).toBe(400);
      expect(missing.status).toBe(400);
      expect(foreign.body.errors.map((e: { code: string }) => e.code)).toEqual(
        missing.body.errors.map((e: { code: string }) => e.code),
      );
      expect(foreign.body.errors[0]).toMatchObject({ path: 'reasons', code: 'relation_missing' });
    });
  });
});

afterAll(() => {
  vi.restoreAllMocks();
});
