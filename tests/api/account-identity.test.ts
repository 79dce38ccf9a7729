import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { idle } from '../../server/mail/mail-queue';
import { create } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';

// Issue 25 finding 2: accounts that belong to no structure (clients) are changed only by their
// owner or an administrator; identity attributes (sign-in e-mail, active flag, type) change only
// through a verified flow or by someone entitled, and are logged; staff see their own structure's
// accounts and the clients it works with (an appointment or a file-area contact of the structure).

const CLIENT = 7; // client@demo.fr: appointments with Espace Conseil Démo (2), none with Espace Conseil Voisin (3)
const CLIENT_PHONE = '0698765432';

interface Mail {
  to_email: string;
  kind: string;
  subject: string;
  text_body: string;
}

describe.each(DIALECTS)('account identity and visibility on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    for (const [k, email] of Object.entries({
      admin: 'admin@demo.fr',
      manager: 'manager@demo.fr',
      advisor: 'conseiller@demo.fr',
      superadvisor: 'superconseiller@demo.fr',
      neighbour: 'conseiller.voisin@demo.fr',
      client: 'client@demo.fr',
      pro: 'pro@demo.fr',
    }))
      tok[k] = await t.login(email);
  });

  const mailsTo = async (email: string): Promise<Mail[]> => {
    await idle(t.app);
    return (await t.app.database.db
      .selectFrom('mail_outbox')
      .select(['to_email', 'kind', 'subject', 'text_body'])
      .where('to_email', '=', email)
      .orderBy('pk')
      .execute()) as Mail[];
  };
  const emailOf = async (pk: number) =>
    (await t.app.database.db.selectFrom('account_user').select('email').where('pk', '=', pk).executeTakeFirst())?.email;
  const signIn = (email: string, password = DEMO_PASSWORD) =>
    t.call('/auth/obtain_token/', { method: 'POST', body: { email, password } });
  const emails = (body: unknown) => (body as { email: string }[]).map((u) => u.email).sort();

  it('refuses the takeover of a client account by another structure (the e-mail, then a password reset)', async () => {
    const patched = await t.call(`/accounts/user/${CLIENT}/`, {
      method: 'PATCH',
      token: tok.neighbour,
      body: { email: 'attaquant@example.org' },
    });
    expect(patched.status).toBe(403);
    const profile = await t.call(`/accounts/profile/${CLIENT}/`, {
      method: 'PATCH',
      token: tok.neighbour,
      body: { user: { email: 'attaquant@example.org' } },
    });
    expect(profile.status).toBe(403);
    expect(await emailOf(CLIENT)).toBe('client@demo.fr');
    await t.call('/accounts/password/reset/', { method: 'POST', body: { email: 'attaquant@example.org' } });
    expect(await mailsTo('attaquant@example.org')).toEqual([]);
  });

  it('lets no structure deactivate or change a client account, even one it works with; an administrator', async () => {
    for (const who of ['neighbour', 'advisor', 'superadvisor', 'manager']) {
      for (const body of [{ isActive: false }, { lastName: 'Changée' }, { phone: '0600000000' }]) {
        const res = await t.call(`/accounts/user/${CLIENT}/`, { method: 'PATCH', token: tok[who], body });
        expect({ who, body, status: res.status }).toEqual({ who, body, status: 403 });
      }
    }
    const row = await t.app.database.db
      .selectFrom('account_user')
      .select(['is_active', 'last_name'])
      .where('pk', '=', CLIENT)
      .executeTakeFirst();
    expect(row).toMatchObject({ last_name: 'Cliente' });
    expect(Boolean(row?.is_active)).toBe(true);
    expect((await signIn('client@demo.fr')).status).toBe(200);
    // The advisor of one of the client's appointments reads the account.
    const read = await t.call(`/accounts/user/${CLIENT}/`, { token: tok.advisor });
    expect(read.status).toBe(200);
    expect(read.body.email).toBe('client@demo.fr');
    // The owner changes their own name; an administrator anything.
    const own = await t.call(`/accounts/user/${CLIENT}/`, {
      method: 'PATCH',
      token: tok.client,
      body: { title: 'Propriétaire occupante' },
    });
    expect(own.status).toBe(200);
    const byAdmin = await t.call(`/accounts/user/${CLIENT}/`, {
      method: 'PATCH',
      token: tok.admin,
      body: { phone: '06 98 76 54 32' },
    });
    expect(byAdmin.status).toBe(200);
  });

  it('shows a structure its own staff and the clients it works with; the rest to administrators', async () => {
    const neighbour = await t.call('/accounts/user/?perPage=200', { token: tok.neighbour });
    expect(neighbour.status).toBe(200);
    // Its own staff; besides, as the directory team (every advisor), the accounts of directory sheets.
    const staffAndClients = (neighbour.body as { email: string; userType: string }[]).filter(
      (u) => u.userType !== 'professional',
    );
    expect(emails(staffAndClients)).toEqual(['conseiller.voisin@demo.fr']);
    const own = emails((await t.call('/accounts/user/?perPage=200', { token: tok.advisor })).body);
    expect(own).toEqual(
      expect.arrayContaining(['client@demo.fr', 'conseiller@demo.fr', 'listepro@demo.fr', 'superconseiller@demo.fr']),
    );
    expect(own).not.toContain('conseiller.voisin@demo.fr');
    expect(own).not.toContain('manager@demo.fr');
    expect(own).not.toContain('admin@demo.fr');
    expect((await t.call(`/accounts/user/${CLIENT}/`, { token: tok.neighbour })).status).toBe(403);
    expect((await t.call('/accounts/user/3/', { token: tok.neighbour })).status).toBe(403);
    // The same rule everywhere accounts are read: search, choices, the caller's phone, the consent, members.
    expect((await t.call(`/accounts/user/?q=${CLIENT_PHONE}`, { token: tok.neighbour })).body).toEqual([]);
    const options = await t.call(`/meta/options/user?field=appointment.client&ids=${CLIENT}`, {
      token: tok.neighbour,
    });
    expect(options.body).toEqual([]);
    const cti = await t.call(`/cti/${CLIENT_PHONE}/`, { token: tok.neighbour });
    expect(cti.status).toBe(200);
    expect(cti.body.users).toEqual([]);
    const ctiOwn = await t.call(`/cti/${CLIENT_PHONE}/`, { token: tok.advisor });
    expect(ctiOwn.body.users.map((u: { pk: number }) => u.pk)).toEqual([CLIENT]);
    expect((await t.call(`/rgpd/${CLIENT}/`, { token: tok.neighbour })).status).toBe(403);
    expect((await t.call(`/rgpd/${CLIENT}/`, { token: tok.advisor })).status).toBe(200);
    const group2 = await t.call('/accounts/group/2/', { token: tok.neighbour });
    expect(group2.status).toBe(200);
    expect(group2.body.users).toEqual([]);
    const admin = emails((await t.call('/accounts/user/?perPage=200', { token: tok.admin })).body);
    expect(admin).toEqual(expect.arrayContaining(['client@demo.fr', 'conseiller.voisin@demo.fr', 'manager@demo.fr']));
  });

  it('gives the read to a structure once it works with the client (an appointment, a file-area contact)', async () => {
    const system = systemContext(t.app);
    const client = await create(system, 'user', {
      email: `relation-${dialect}@example.org`,
      lastName: 'Relation',
      userType: 'client',
      nomail: true,
    });
    const pk = client.pk as number;
    expect((await t.call(`/accounts/user/${pk}/`, { token: tok.neighbour })).status).toBe(403);
    const appointment = await create(system, 'appointment', {
      subject: 'RDV voisin',
      startDate: '2031-02-03T08:00:00.000Z',
      endDate: '2031-02-03T09:00:00.000Z',
      advisor: 8,
      reason: 1,
      client: pk,
      group: 3,
    });
    expect((await t.call(`/accounts/user/${pk}/`, { token: tok.neighbour })).status).toBe(200);
    expect(emails((await t.call('/accounts/user/?perPage=200', { token: tok.neighbour })).body)).toContain(
      `relation-${dialect}@example.org`,
    );
    // Reading is not changing.
    const change = await t.call(`/accounts/user/${pk}/`, {
      method: 'PATCH',
      token: tok.neighbour,
      body: { firstName: 'X' },
    });
    expect(change.status).toBe(403);
    await t.app.database.db
      .deleteFrom('dialogwatt_appointment')
      .where('pk', '=', appointment.pk as number)
      .execute();
    expect((await t.call(`/accounts/user/${pk}/`, { token: tok.neighbour })).status).toBe(403);
    await create(system, 'contact', {
      owningGroup: 3,
      civility: 'Mme',
      firstName: 'Rose',
      lastName: 'Relation',
      email: `relation-${dialect}@example.org`,
      clientAccount: pk,
    });
    expect((await t.call(`/accounts/user/${pk}/`, { token: tok.neighbour })).status).toBe(200);
    expect((await t.call(`/accounts/user/${pk}/`, { token: tok.advisor })).status).toBe(403);
  });

  it('lets a structure read the client accounts it opens, and book them', async () => {
    const opened = await t.call('/accounts/user/', {
      method: 'POST',
      token: tok.advisor,
      body: { email: `ouvert-${dialect}@example.org`, lastName: 'Ouvert', userType: 'client', nomail: true },
    });
    expect(opened.status).toBe(201);
    const pk = opened.body.pk as number;
    expect((await t.call(`/accounts/user/${pk}/`, { token: tok.advisor })).status).toBe(200);
    expect((await t.call(`/accounts/user/${pk}/`, { token: tok.neighbour })).status).toBe(403);
    const options = await t.call(`/meta/options/user?field=appointment.client&q=Ouvert`, { token: tok.advisor });
    expect(options.body.map((o: { value: number }) => o.value)).toContain(pk);
    // Not changed by the structure that opened it, though: it is the client's.
    expect(
      (await t.call(`/accounts/user/${pk}/`, { method: 'PATCH', token: tok.advisor, body: { firstName: 'X' } })).status,
    ).toBe(403);
  });

  it(
    'changes the own sign-in e-mail only once the link mailed to the new address is followed; ' +
      'the old address is told',
    async () => {
      const asked = await t.call(`/accounts/profile/${CLIENT}/`, {
        method: 'PATCH',
        token: tok.client,
        body: { user: { email: 'Camille.Nouvelle@Example.org' } },
      });
      expect(asked.status).toBe(200);
      expect(asked.body.user.email).toBe('client@demo.fr');
      expect(asked.body.emailChange).toEqual({ pending: 'camille.nouvelle@example.org' });
      expect(await emailOf(CLIENT)).toBe('client@demo.fr');
      const [confirm] = await mailsTo('camille.nouvelle@example.org');
      expect(confirm).toMatchObject({ kind: 'email_change_confirm' });
      const notice = (await mailsTo('client@demo.fr')).filter((m) => m.kind === 'email_change_notice');
      expect(notice).toHaveLength(1);
      expect(notice[0]!.text_body).toContain('camille.nouvelle@example.org');
      const link = /\/mon-compte\/confirmation-courriel\/([\w-]+)\/([\w-]+)\/([\w-]+)/.exec(confirm!.text_body);
      expect(link).not.toBeNull();
      const [, uid, email, token] = link!;
      // A forged token, or another address with this token, changes nothing.
      for (const body of [
        { uid, email, token: `${token!.slice(0, -1)}${token!.endsWith('0') ? '1' : '0'}` },
        { uid, email: Buffer.from('attaquant@example.org').toString('base64url'), token },
      ]) {
        const bad = await t.call('/accounts/email/confirm/', { method: 'POST', body });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/^Ce lien de confirmation n'est pas valide ou a expiré/);
      }
      expect(await emailOf(CLIENT)).toBe('client@demo.fr');
      const done = await t.call('/accounts/email/confirm/', { method: 'POST', body: { uid, email, token } });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ ok: 'done', email: 'camille.nouvelle@example.org' });
      expect(await emailOf(CLIENT)).toBe('camille.nouvelle@example.org');
      expect((await signIn('camille.nouvelle@example.org')).status).toBe(200);
      expect((await signIn('client@demo.fr')).status).toBe(400);
      const twice = await t.call('/accounts/email/confirm/', { method: 'POST', body: { uid, email, token } });
      expect(twice.status).toBe(400);
      // Back to the demo address, the same way, through the generic account endpoint this time.
      const fresh = (await signIn('camille.nouvelle@example.org')).body.token as string;
      const back = await t.call(`/accounts/user/${CLIENT}/`, {
        method: 'PATCH',
        token: fresh,
        body: { email: 'client@demo.fr' },
      });
      expect(back.status).toBe(200);
      expect(back.body.email).toBe('camille.nouvelle@example.org');
      const [again] = await mailsTo('client@demo.fr').then((m) => m.filter((x) => x.kind === 'email_change_confirm'));
      const l2 = /\/mon-compte\/confirmation-courriel\/([\w-]+)\/([\w-]+)\/([\w-]+)/.exec(again!.text_body)!;
      const restored = await t.call('/accounts/email/confirm/', {
        method: 'POST',
        body: { uid: l2[1], email: l2[2], token: l2[3] },
      });
      expect(restored.status).toBe(200);
      expect(await emailOf(CLIENT)).toBe('client@demo.fr');
    },
  );

  it('refuses a new e-mail that another account uses, when asked and when the link is followed', async () => {
    const used = await t.call('/accounts/profile/4/', {
      method: 'PATCH',
      token: tok.superadvisor,
      body: { user: { email: 'conseiller@demo.fr' } },
    });
    expect(used.status).toBe(400);
    expect(used.body.errors[0]).toMatchObject({
      path: 'email',
      message: 'Cette valeur est déjà utilisée par un autre enregistrement.',
    });
    const wanted = `samuel-${dialect}@example.org`;
    const asked = await t.call('/accounts/profile/4/', {
      method: 'PATCH',
      token: tok.superadvisor,
      body: { user: { email: wanted } },
    });
    expect(asked.body.emailChange).toEqual({ pending: wanted });
    // Another account takes the address before the link is followed.
    await create(systemContext(t.app), 'user', {
      email: wanted,
      lastName: 'Premier',
      userType: 'client',
      nomail: true,
    });
    const mail = (await mailsTo(wanted)).find((m) => m.kind === 'email_change_confirm')!;
    const l = /\/mon-compte\/confirmation-courriel\/([\w-]+)\/([\w-]+)\/([\w-]+)/.exec(mail.text_body)!;
    const taken = await t.call('/accounts/email/confirm/', {
      method: 'POST',
      body: { uid: l[1], email: l[2], token: l[3] },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('Cette adresse électronique est déjà celle d’un autre compte.');
    expect(await emailOf(4)).toBe('superconseiller@demo.fr');
  });

  it("applies an administrator's e-mail change at once, logs it and tells the old address", async () => {
    const before = await mailsTo('listepro@demo.fr');
    const res = await t.call('/accounts/user/5/', {
      method: 'PATCH',
      token: tok.admin,
      body: { email: 'lucie.listepro@demo.fr' },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('lucie.listepro@demo.fr');
    const told = (await mailsTo('listepro@demo.fr')).slice(before.length);
    expect(told.map((m) => m.kind)).toEqual(['email_changed_notice']);
    expect(told[0]!.text_body).toContain('lucie.listepro@demo.fr');
    const log = await t.app.database.db
      .selectFrom('account_identity_log')
      .selectAll()
      .where('user_pk', '=', 5)
      .where('field', '=', 'email')
      .execute();
    expect(log).toEqual([
      expect.objectContaining({ actor: 1, old_value: 'listepro@demo.fr', new_value: 'lucie.listepro@demo.fr' }),
    ]);
    // Other staff may not change someone else's e-mail at all: it stays (a locked field keeps its value).
    const manager = await t.call('/accounts/user/3/', {
      method: 'PATCH',
      token: tok.manager,
      body: { email: 'autre@demo.fr', title: 'Conseillère' },
    });
    expect(manager.status).toBe(200);
    expect(manager.body.email).toBe('conseiller@demo.fr');
    expect(await mailsTo('autre@demo.fr')).toEqual([]);
    await t.call('/accounts/user/5/', { method: 'PATCH', token: tok.admin, body: { email: 'listepro@demo.fr' } });
  });

  it('lets the active flag and the type change only by who manages the account, and logs each change', async () => {
    // An advisor may change a colleague's title, not switch the account off.
    const advisor = await t.call('/accounts/user/4/', {
      method: 'PATCH',
      token: tok.advisor,
      body: { isActive: false, title: 'Coordinateur' },
    });
    expect(advisor.status).toBe(200);
    expect(advisor.body).toMatchObject({ isActive: true, title: 'Coordinateur' });
    // A manager does, for the staff of their network; it is logged.
    const off = await t.call('/accounts/user/3/', { method: 'PATCH', token: tok.manager, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    await t.call('/accounts/user/3/', { method: 'PATCH', token: tok.manager, body: { isActive: true } });
    const promoted = await t.call('/accounts/user/5/', {
      method: 'PATCH',
      token: tok.superadvisor,
      body: { userType: 'superadvisor' },
    });
    expect(promoted.body.userType).toBe('superadvisor');
    await t.call('/accounts/user/5/', { method: 'PATCH', token: tok.admin, body: { userType: 'listeproadmin' } });
    const log = await t.app.database.db
      .selectFrom('account_identity_log')
      .select(['user_pk', 'field', 'old_value', 'new_value', 'actor'])
      .where('field', 'in', ['isActive', 'userType'])
      .orderBy('pk')
      .execute();
    expect(log).toEqual([
      { user_pk: 3, field: 'isActive', old_value: 'true', new_value: 'false', actor: 2 },
      { user_pk: 3, field: 'isActive', old_value: 'false', new_value: 'true', actor: 2 },
      { user_pk: 5, field: 'userType', old_value: 'listeproadmin', new_value: 'superadvisor', actor: 4 },
      { user_pk: 5, field: 'userType', old_value: 'superadvisor', new_value: 'listeproadmin', actor: 1 },
    ]);
  });

  it('shows the last sign-in of an account to its structure and administrators, not to other staff', async () => {
    await signIn('conseiller@demo.fr');
    const own = await t.call('/accounts/user/3/', { token: tok.superadvisor });
    expect(own.body.lastLogin).toEqual(expect.any(String));
    await signIn('client@demo.fr');
    const client = await t.call(`/accounts/user/${CLIENT}/`, { token: tok.advisor });
    expect(client.status).toBe(200);
    expect(client.body).not.toHaveProperty('lastLogin');
    const admin = await t.call(`/accounts/user/${CLIENT}/`, { token: tok.admin });
    expect(admin.body.lastLogin).toEqual(expect.any(String));
  });
});
