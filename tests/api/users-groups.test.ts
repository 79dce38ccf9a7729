import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { idle } from '../../server/mail/mail-queue';

describe.each(DIALECTS)('users and structures on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
  });

  it(
    'GET /accounts/user/: administrator 200, professional 403, anonymous 401; ' +
      'professional on /accounts/group/ 403',
    async () => {
      expect((await t.call('/accounts/user/', { token: admin })).status).toBe(200);
      const pro = await t.login('pro@demo.fr');
      expect((await t.call('/accounts/user/', { token: pro })).status).toBe(403);
      expect((await t.call('/accounts/user/')).status).toBe(401);
      expect((await t.call('/accounts/group/', { token: pro })).status).toBe(403);
    },
  );

  it('lists administration groups for staff and users with their structure for administrators', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const admins = await t.call('/accounts/group-admin/', { token: advisor });
    expect(admins.body.map((g: { name: string }) => g.name)).toEqual(['Réseau Démo Isère']);
    expect((await t.call('/accounts/group-admin/', { token: await t.login('pro@demo.fr') })).status).toBe(403);
    const users = await t.call('/accounts/user-with-group/', { token: admin });
    expect(users.body.find((u: { email: string }) => u.email === 'conseiller@demo.fr')).toMatchObject({
      fullName: 'Claire Conseillère',
      group: { pk: 2, name: 'Espace Conseil Démo', ademeId: 'SARE-DEMO-01' },
    });
    expect((await t.call('/accounts/user-with-group/', { token: advisor })).status).toBe(403);
  });

  it('resolves the white label of a domain, 404 for an unknown one', async () => {
    const local = await t.call('/white_labelling/current/', { domain: 'localhost' });
    const directory = await t.call('/white_labelling/current/', { domain: 'annuaire.localhost' });
    expect(local.body).toMatchObject({ domain: 'localhost', dialogwattIsActive: true, listeproIsActive: true });
    expect(directory.body).toMatchObject({
      domain: 'annuaire.localhost',
      dialogwattIsActive: false,
      listeproIsActive: true,
      siteTitle: 'Annuaire des professionnels',
    });
    const unknown = await t.call('/white_labelling/current/', { domain: 'inconnu.example.fr' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Il n'y a pas de marque blanche définie pour le domaine.");
    expect((await t.call(`/white_labelling/${local.body.pk}/`)).body.domain).toBe('localhost');
  });

  it('lets a professional read and change only their own account', async () => {
    const pro = await t.login('pro@demo.fr');
    expect((await t.call('/accounts/user/6/', { token: pro })).status).toBe(200);
    expect((await t.call('/accounts/user/3/', { token: pro })).status).toBe(403);
    const patched = await t.call('/accounts/user/6/', {
      method: 'PATCH',
      token: pro,
      body: { title: 'Artisan plaquiste', userType: 'administrator' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Artisan plaquiste', userType: 'professional' });
  });

  it('searches users by name, e-mail and phone digits, and filters by user type (user_type accepted)', async () => {
    const byName = await t.call('/accounts/user/?q=clai', { token: admin });
    expect(byName.body.map((u: { email: string }) => u.email)).toEqual(['conseiller@demo.fr']);
    const byPhone = await t.call('/accounts/user/?q=0612345678', { token: admin });
    expect(byPhone.body.map((u: { email: string }) => u.email)).toEqual(['pro@demo.fr']);
    const advisors = await t.call('/accounts/user/?user_type=advisor', { token: admin });
    expect(advisors.body.map((u: { email: string }) => u.email).sort()).toEqual([
      'conseiller.voisin@demo.fr',
      'conseiller@demo.fr',
    ]);
  });

  it('lets staff create clients, not administrators; structures follow the user type', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const client = await t.call('/accounts/user/', {
      method: 'POST',
      token: advisor,
      body: { email: 'Nouveau.Client@Demo.fr', lastName: 'Nouveau', firstName: 'Client', userType: 'client' },
    });
    expect(client.status).toBe(201);
    expect(client.body.email).toBe('nouveau.client@demo.fr');
    expect(
      (
        await t.call('/accounts/user/', {
          method: 'POST',
          token: advisor,
          body: { email: 'x@demo.fr', lastName: 'X', userType: 'administrator' },
        })
      ).status,
    ).toBe(403);
    const duplicate = await t.call('/accounts/user/', {
      method: 'POST',
      token: advisor,
      body: { email: 'conseiller@demo.fr', lastName: 'Doublon', userType: 'client' },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]).toMatchObject({
      path: 'email',
      message: 'Cette valeur est déjà utilisée par un autre enregistrement.',
    });
    const clientInGroup = await t.call('/accounts/user/', {
      method: 'POST',
      token: admin,
      body: { email: 'c2@demo.fr', lastName: 'C', userType: 'client', group: 2 },
    });
    expect(clientInGroup.body.errors).toEqual([
      expect.objectContaining({
        path: 'group',
        message: 'Un profil « client » ne peut pas être affecté à une structure.',
      }),
    ]);
    const managerInStandard = await t.call('/accounts/user/', {
      method: 'POST',
      token: admin,
      body: { email: 'm2@demo.fr', lastName: 'M', userType: 'manager', group: 2 },
    });
    expect(managerInStandard.body.errors[0].message).toBe(
      "Un responsable doit être rattaché à un groupe d'administration.",
    );
    const advisorInAdmin = await t.call('/accounts/user/', {
      method: 'POST',
      token: admin,
      body: { email: 'a2@demo.fr', lastName: 'A', userType: 'advisor', group: 1 },
    });
    expect(advisorInAdmin.body.errors[0].message).toBe(
      "Un conseiller doit être rattaché à une structure qui n'est pas un groupe d'administration.",
    );
  });

  it('sends the « choose your password » mail to an account created by staff, unless nomail', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    await t.call('/accounts/user/', {
      method: 'POST',
      token: advisor,
      body: { email: 'bienvenue@demo.fr', lastName: 'Bienvenue', userType: 'client' },
    });
    await t.call('/accounts/user/', {
      method: 'POST',
      token: advisor,
      body: { email: 'silence@demo.fr', lastName: 'Silence', userType: 'client', nomail: true },
    });
    await idle(t.app);
    const mails = await t.app.database.db
      .selectFrom('mail_outbox')
      .select(['to_email', 'kind', 'subject'])
      .where('to_email', 'in', ['bienvenue@demo.fr', 'silence@demo.fr'])
      .execute();
    expect(mails).toEqual([
      {
        to_email: 'bienvenue@demo.fr',
        kind: 'account_initialisation',
        subject: expect.stringMatching(/^Rénovation Démo - /),
      },
    ]);
  });

  it('applies who may change a user type, and keeps a structure once set', async () => {
    const superadvisor = await t.login('superconseiller@demo.fr');
    const advisor = await t.login('conseiller@demo.fr');
    const manager = await t.login('manager@demo.fr');
    // A superadvisor may switch an advisor of their structure to superadvisor.
    const promoted = await t.call('/accounts/user/5/', {
      method: 'PATCH',
      token: superadvisor,
      body: { userType: 'superadvisor' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.userType).toBe('superadvisor');
    // An advisor cannot change types: the field is read-only for them and keeps its value.
    const ignored = await t.call('/accounts/user/5/', {
      method: 'PATCH',
      token: advisor,
      body: { userType: 'advisor', title: 'Animatrice' },
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ userType: 'superadvisor', title: 'Animatrice' });
    // Nobody turns staff into a client, nor a client into staff.
    const toClient = await t.call('/accounts/user/3/', {
      method: 'PATCH',
      token: manager,
      body: { userType: 'client' },
    });
    expect(toClient.status).toBe(400);
    expect(toClient.body.errors[0]).toMatchObject({
      path: 'userType',
      message: 'Vous ne pouvez pas donner ce type à cet utilisateur.',
    });
    // A client's type is read-only even for an administrator: the type stays, so the structure is refused.
    const clientToStaff = await t.call('/accounts/user/7/', {
      method: 'PATCH',
      token: admin,
      body: { userType: 'advisor', group: 2 },
    });
    expect(clientToStaff.status).toBe(400);
    expect(clientToStaff.body.errors).toEqual([
      expect.objectContaining({
        path: 'group',
        message: 'Un profil « client » ne peut pas être affecté à une structure.',
      }),
    ]);
    // The structure of a user cannot be changed once set, even by an administrator.
    const moved = await t.call('/accounts/user/3/', { method: 'PATCH', token: admin, body: { group: 3 } });
    expect(moved.status).toBe(200);
    expect(moved.body.group).toBe(2);
  });

  it('gives structure details with their members, and limits what advisors may change', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const detail = await t.call('/accounts/group/2/', { token: advisor });
    expect(detail.body.users.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['conseiller@demo.fr', 'superconseiller@demo.fr']),
    );
    const patched = await t.call('/accounts/group/2/', {
      method: 'PATCH',
      token: advisor,
      body: { presentation: 'Nouvelle présentation', name: 'Renommée', isActive: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      presentation: 'Nouvelle présentation',
      name: 'Espace Conseil Démo',
      isActive: true,
    });
    expect(
      (await t.call('/accounts/group/3/', { method: 'PATCH', token: advisor, body: { presentation: 'x' } })).status,
    ).toBe(403);
  });

  it('lets a manager create and change the structures of their network only', async () => {
    const manager = await t.login('manager@demo.fr');
    const child = await t.call('/accounts/group/', {
      method: 'POST',
      token: manager,
      body: { name: 'Espace Conseil Nord', adminGroup: 1 },
    });
    expect(child.status).toBe(201);
    expect(child.body.slug).toBe('espace-conseil-nord');
    const other = await t.call('/accounts/group/', {
      method: 'POST',
      token: admin,
      body: { name: 'Autre réseau', isAdmin: true },
    });
    expect(
      (
        await t.call('/accounts/group/', {
          method: 'POST',
          token: manager,
          body: { name: 'Hors réseau', adminGroup: other.body.pk },
        })
      ).status,
    ).toBe(403);
    // An administration group has no administration group (the field is hidden and reset), so it is
    // outside the manager's network: only an administrator creates one.
    expect(
      (
        await t.call('/accounts/group/', {
          method: 'POST',
          token: manager,
          body: { name: 'Admin dans admin', isAdmin: true, adminGroup: 1 },
        })
      ).status,
    ).toBe(403);
  });
});
