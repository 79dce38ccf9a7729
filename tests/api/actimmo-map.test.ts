import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// The actimmo map (spec 01 §2, reference §10): public read-only endpoints over the demo data of
// fixtures/demo/actimmo-*.json, the module flag, the administrators' writes through the generic API.
const DISABLED = "Ce module n'est pas activé pour ce site.";
const PUBLIC = [
  '/actimmo-map/actimmo-map/',
  '/actimmo-map/actimmo-contact/',
  '/actimmo-map/actimmo-partners/',
  '/actimmo-map/actimmo-icons/',
  '/actimmo-map/config/',
  '/actimmo-map/departments/',
  '/actimmo-map/contacts/',
];

describe.each(DIALECTS)('actimmo map API on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  it(
    'answers every department with its structures and their contacts, ' + 'ordered by structure full name, to anyone',
    async () => {
      const res = await t.call('/actimmo-map/actimmo-map/');
      expect(res.status).toBe(200);
      expect(res.body.map((d: { department: string }) => d.department)).toEqual(['26', '38', '73', '74']);
      const isere = res.body.find((d: { department: string }) => d.department === '38');
      expect(isere).toMatchObject({ pk: 1, departmentName: 'Isère', groups: [2, 3] });
      expect(isere.structures.map((s: { pk: number; displayName: string }) => [s.pk, s.displayName])).toEqual([
        [3, 'Espace Conseil de la vallée (démonstration)'],
        [2, "Espace Conseil France Rénov' de démonstration"],
      ]);
      // Group 2's full name « …de démonstration » sorts before contact 3's override « …de la vallée du Grésivaudan… ».
      expect(isere.contacts.map((c: { lastName: string }) => c.lastName)).toEqual([
        'Démonstration',
        'Exemple',
        'Fictive',
      ]);
      const [lea, hugo, ines] = isere.contacts;
      expect(lea).toMatchObject({
        email: 'lea.demonstration@demo.fr',
        firstName: 'Léa',
        title: 'Chargée de mission actimmo',
        phone: '04 76 11 22 40',
        groupName: 'Espace Conseil Démo',
        groupFullName: "Espace Conseil France Rénov' de démonstration",
        groupWebsite: 'https://demo.example.fr',
        groupProfilePic: null,
        group: {
          pk: 2,
          name: 'Espace Conseil Démo',
          displayName: "Espace Conseil France Rénov' de démonstration",
          website: 'https://demo.example.fr',
          profilePic: null,
        },
      });
      expect(lea.presentation).toMatch(/^L'Espace Conseil accompagne les agences immobilières/);
      // No presentation of their own: the structure's.
      expect(hugo.presentation).toBe('Conseils gratuits et indépendants pour rénover son logement.');
      expect(ines).toMatchObject({
        groupName: 'Espace Conseil Voisin',
        groupFullName: "Espace Conseil France Rénov' de la vallée du Grésivaudan (démonstration)",
        groupWebsite: 'https://vallee.demo.example.fr',
        presentation: null,
      });
      const savoie = res.body.find((d: { department: string }) => d.department === '73');
      expect(savoie.structures).toEqual([
        expect.objectContaining({
          pk: 5,
          name: "Agence Savoie Rénov' Démo",
          website: 'https://savoie.demo.example.fr',
        }),
      ]);
      expect(savoie.contacts.map((c: { email: string }) => c.email)).toEqual(['paul.modele@demo.fr']);
      // Staff-only facts of the structures never leave: no e-mail, phone, territories or members.
      expect(Object.keys(isere.structures[0]).sort()).toEqual([
        'displayName',
        'fullName',
        'name',
        'pk',
        'presentation',
        'profilePic',
        'website',
      ]);
    },
  );

  it('lists every contact the same way; partners and icons are empty lists until the file area exists', async () => {
    const contacts = await t.call('/actimmo-map/actimmo-contact/');
    expect(contacts.status).toBe(200);
    expect(
      contacts.body.map((c: { groupFullName: string; lastName: string }) => `${c.groupFullName} / ${c.lastName}`),
    ).toEqual([
      'Agence de la rénovation des Savoie (démonstration) / Modèle',
      "Espace Conseil France Rénov' de démonstration / Démonstration",
      "Espace Conseil France Rénov' de démonstration / Exemple",
      "Espace Conseil France Rénov' de la vallée du Grésivaudan (démonstration) / Fictive",
    ]);
    expect((await t.call('/actimmo-map/actimmo-partners/')).body).toEqual([]);
    expect((await t.call('/actimmo-map/actimmo-icons/')).body).toEqual([]);
    const config = await t.call('/actimmo-map/config/');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ tileUrl: null, tileMaxZoom: 18 });
    expect(config.body.baseAttribution).toMatch(/GeoNames/);
  });

  it(
    'answers 404 « module not active » on a site without the map, ' + 'for the public and the generic endpoints',
    async () => {
      for (const path of PUBLIC) {
        const res = await t.call(path, { domain: 'annuaire.localhost' });
        expect([path, res.status, res.body.message]).toEqual([path, 404, DISABLED]);
      }
      expect((await t.call('/actimmo-map/actimmo-map/', { domain: 'localhost' })).status).toBe(200);
    },
  );

  it('lets administrators create, change and delete departments and contacts', async () => {
    const admin = await t.login('admin@demo.fr');
    const created = await t.call('/actimmo-map/departments/', {
      method: 'POST',
      token: admin,
      body: { department: '2A', groups: [3] },
    });
    expect(created.status).toBe(201);
    const patched = await t.call(`/actimmo-map/departments/${created.body.pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { groups: [3, 5] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.groups).toEqual([3, 5]);
    const contact = await t.call('/actimmo-map/contacts/', {
      method: 'POST',
      token: admin,
      body: {
        group: 5,
        firstName: 'Zoé',
        lastName: 'Essai',
        email: 'zoe.essai@demo.fr',
        groupNameOverride: 'Agence Corse Démo',
      },
    });
    expect(contact.status).toBe(201);
    const map = (await t.call('/actimmo-map/actimmo-map/')).body as {
      department: string;
      contacts: { email: string; groupName: string }[];
    }[];
    expect(map.map((d) => d.department)).toEqual(['26', '2A', '38', '73', '74']);
    expect(map.find((d) => d.department === '2A')!.contacts).toContainEqual(
      expect.objectContaining({ email: 'zoe.essai@demo.fr', groupName: 'Agence Corse Démo' }),
    );
    expect((await t.call(`/actimmo-map/contacts/${contact.body.pk}/`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    expect(
      (await t.call(`/actimmo-map/departments/${created.body.pk}/`, { method: 'DELETE', token: admin })).status,
    ).toBe(200);
    expect((await t.call('/actimmo-map/actimmo-map/')).body).toHaveLength(4);
  });

  it('refuses writes to everyone else: 403 signed in, 401 anonymous; reading the records stays public', async () => {
    for (const email of [
      'manager@demo.fr',
      'conseiller@demo.fr',
      'superconseiller@demo.fr',
      'pro@demo.fr',
      'client@demo.fr',
    ]) {
      const token = await t.login(email);
      expect([
        email,
        (await t.call('/actimmo-map/departments/', { method: 'POST', token, body: { department: '69', groups: [2] } }))
          .status,
      ]).toEqual([email, 403]);
      expect([
        email,
        (await t.call('/actimmo-map/contacts/1/', { method: 'PATCH', token, body: { title: 'x' } })).status,
      ]).toEqual([email, 403]);
      expect([email, (await t.call('/actimmo-map/departments/1/', { method: 'DELETE', token })).status]).toEqual([
        email,
        403,
      ]);
    }
    expect(
      (await t.call('/actimmo-map/departments/', { method: 'POST', body: { department: '69', groups: [2] } })).status,
    ).toBe(401);
    const list = await t.call('/actimmo-map/departments/');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(4);
    expect((await t.call('/actimmo-map/contacts/1/')).body).toMatchObject({ email: 'lea.demonstration@demo.fr' });
  });

  it(
    'keeps one entry per department, metropolitan codes only, ' + 'at least one structure, with French messages',
    async () => {
      const admin = await t.login('admin@demo.fr');
      const twice = await t.call('/actimmo-map/departments/', {
        method: 'POST',
        token: admin,
        body: { department: '38', groups: [5] },
      });
      expect(twice.status).toBe(400);
      expect(twice.body.errors).toEqual([
        expect.objectContaining({
          path: 'department',
          code: 'unique',
          message: 'Ce département est déjà sur la carte : ouvrez sa fiche pour y ajouter des structures.',
        }),
      ]);
      const moved = await t.call('/actimmo-map/departments/2/', {
        method: 'PATCH',
        token: admin,
        body: { department: '74' },
      });
      expect(moved.status).toBe(400);
      expect(moved.body.errors[0]).toMatchObject({ path: 'department', code: 'unique' });
      for (const code of ['20', '971', '2C', '']) {
        const res = await t.call('/actimmo-map/departments/', {
          method: 'POST',
          token: admin,
          body: { department: code, groups: [2] },
        });
        expect([code, res.status, res.body.errors?.[0]?.path]).toEqual([code, 400, 'department']);
      }
      const noGroup = await t.call('/actimmo-map/departments/', {
        method: 'POST',
        token: admin,
        body: { department: '69', groups: [] },
      });
      expect(noGroup.status).toBe(400);
      expect(noGroup.body.errors).toEqual([
        expect.objectContaining({ path: 'groups', message: 'Ce champ est obligatoire.' }),
      ]);
      const unknownGroup = await t.call('/actimmo-map/departments/', {
        method: 'POST',
        token: admin,
        body: { department: '69', groups: [999] },
      });
      expect(unknownGroup.status).toBe(400);
      expect(unknownGroup.body.errors[0]).toMatchObject({ path: 'groups' });
      const badContact = await t.call('/actimmo-map/contacts/', {
        method: 'POST',
        token: admin,
        body: {
          group: 2,
          firstName: 'A',
          lastName: 'B',
          email: 'pas-un-courriel',
          groupWebsiteOverride: 'pas une adresse',
        },
      });
      expect(badContact.status).toBe(400);
      expect(badContact.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'email',
        'groupWebsiteOverride',
      ]);
      expect(badContact.body.errors.find((e: { path: string }) => e.path === 'groupWebsiteOverride').message).toBe(
        'Ce champ doit être une URL valide.',
      );
      const missing = await t.call('/actimmo-map/contacts/', { method: 'POST', token: admin, body: {} });
      expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'email',
        'firstName',
        'group',
        'lastName',
      ]);
    },
  );

  it('a structure still on the map cannot be deleted, and the list of users says why', async () => {
    const admin = await t.login('admin@demo.fr');
    const res = await t.call('/accounts/group/5/', { method: 'DELETE', token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/départements|contact/);
  });

  it('serves the offline base map: a centroid per department and a raster of the metropolitan ones', async () => {
    const centroids = await t.call('/territories/departement-centroids/');
    expect(centroids.status).toBe(200);
    expect(centroids.headers.get('cache-control')).toBe('public, max-age=86400');
    const metro = (centroids.body as { code: string }[]).filter((c) => c.code.length === 2);
    expect(metro).toHaveLength(96);
    const isere = centroids.body.find((c: { code: string }) => c.code === '38');
    expect(isere.name).toBe('Isère');
    // Isère spans about 44.7–45.9° N and 4.7–6.4° E.
    expect(isere.lat).toBeGreaterThan(44.9);
    expect(isere.lat).toBeLessThan(45.7);
    expect(isere.lon).toBeGreaterThan(5.0);
    expect(isere.lon).toBeLessThan(6.1);
    const map = await t.call('/territories/departement-map/');
    expect(map.status).toBe(200);
    const { cols, rows, codes, runs } = map.body as { cols: number; rows: number; codes: string[]; runs: number[] };
    expect(codes).toHaveLength(96);
    let cells = 0;
    const seen = new Set<number>();
    for (let i = 0; i < runs.length; i += 2) {
      cells += runs[i + 1];
      seen.add(runs[i]);
    }
    expect(cells).toBe(cols * rows);
    // Every department is drawn, and there is sea (value 0) around.
    expect(seen.size).toBe(97);
  });
});
