import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

/** The communes of the demo admin group "Réseau Démo Isère" (fixtures/demo/group.json). */
const ADMIN_GROUP_COMMUNES = ['38151', '38169', '38185', '38229', '38421', '38516', '38563'];
const GRENOBLE_METROPOLE = '200040715';

describe.each(DIALECTS)('territories API on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  it(
    'lists regions and departements for anyone, with the "38 - Isère" label; ' + 'unknown parents are 404 in French',
    async () => {
      const regions = await t.call('/territories/regions/');
      expect(regions.status).toBe(200);
      expect(regions.body).toContainEqual({ code: '84', name: 'Auvergne-Rhône-Alpes' });
      expect(regions.body.map((r: { name: string }) => r.name)).toEqual(
        [...regions.body.map((r: { name: string }) => r.name)].sort((a, b) => a.localeCompare(b, 'fr')),
      );
      const all = (await t.call('/territories/departements/')).body as { code: string }[];
      expect(all.length).toBeGreaterThanOrEqual(101);
      const ara = await t.call('/territories/departements/84/');
      expect(ara.body).toContainEqual({ code: '38', name: 'Isère', region: '84', label: '38 - Isère' });
      expect(ara.body.every((d: { region: string }) => d.region === '84')).toBe(true);
      const unknown = await t.call('/territories/departements/99/');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("La région 99 n'existe pas.");
    },
  );

  it('lists the EPCIs of a departement and the communes of an EPCI with the rich label', async () => {
    const epcis = await t.call('/territories/epcis/38/');
    expect(epcis.status).toBe(200);
    expect(epcis.body).toContainEqual(
      expect.objectContaining({ code: GRENOBLE_METROPOLE, name: 'Grenoble-Alpes-Métropole', departements: ['38'] }),
    );
    const communes = await t.call(`/territories/communes_by_epci/${GRENOBLE_METROPOLE}/`);
    const grenoble = communes.body.find((c: { code: string }) => c.code === '38185');
    expect(grenoble).toMatchObject({
      name: 'Grenoble',
      postcode: '38000',
      postcodes: ['38000', '38100'],
      departement: '38',
      epci: GRENOBLE_METROPOLE,
      label: 'Grenoble-Alpes-Métropole - 38185 - Grenoble',
      kind: 'commune',
    });
    expect((await t.call('/territories/communes_by_epci/123456789/')).body.message).toBe(
      "L'intercommunalité (EPCI) 123456789 n'existe pas.",
    );
    expect((await t.call('/territories/epcis/2C/')).status).toBe(404);
  });

  it("bounds managers and advisors to their admin group's communes; administrators and visitors see all", async () => {
    const anonymous = (await t.call('/territories/communes_by_dep/38/')).body as { code: string }[];
    const admin = (await t.call('/territories/communes_by_dep/38/', { token: await t.login('admin@demo.fr') }))
      .body as { code: string }[];
    expect(anonymous.length).toBeGreaterThan(500);
    expect(admin).toHaveLength(anonymous.length);
    const codes = (r: { body: { code: string }[] }) => r.body.map((c) => c.code).sort();
    const manager = await t.login('manager@demo.fr');
    const advisor = await t.login('conseiller@demo.fr');
    expect(codes(await t.call('/territories/communes_by_dep/38/', { token: manager }))).toEqual(ADMIN_GROUP_COMMUNES);
    expect(codes(await t.call('/territories/communes_by_dep/38/', { token: advisor }))).toEqual(ADMIN_GROUP_COMMUNES);
    expect((await t.call('/territories/communes_by_dep/69/', { token: advisor })).body).toEqual([]);
    expect((await t.call('/territories/regions/', { token: manager })).body).toEqual([
      { code: '84', name: 'Auvergne-Rhône-Alpes' },
    ]);
    expect(
      (await t.call('/territories/departements/', { token: advisor })).body.map((d: { code: string }) => d.code),
    ).toEqual(['38']);
    expect(
      (await t.call('/territories/epcis/38/', { token: advisor })).body.map((e: { code: string }) => e.code).sort(),
    ).toEqual([GRENOBLE_METROPOLE, '243800984']);
  });

  it('epcis_for_group is for staff only and needs an existing group', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const ok = await t.call('/territories/epcis_for_group/?for_group=3', { token: advisor });
    expect(ok.status).toBe(200);
    expect(ok.body.map((e: { code: string }) => e.code)).toEqual([GRENOBLE_METROPOLE]);
    expect((await t.call('/territories/epcis_for_group/?for_group=3')).status).toBe(401);
    expect(
      (await t.call('/territories/epcis_for_group/?for_group=3', { token: await t.login('pro@demo.fr') })).status,
    ).toBe(403);
    const missing = await t.call('/territories/epcis_for_group/', { token: advisor });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({
      path: 'for_group',
      message: 'Le paramètre for_group (identifiant de la structure) est obligatoire.',
    });
    const unknown = await t.call('/territories/epcis_for_group/?for_group=999', { token: advisor });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("La structure 999 n'existe pas.");
  });

  it("communes_for_group answers the admin group's communes, or refuses a group with no admin group", async () => {
    const ofChild = await t.call('/territories/communes_for_group/2/');
    expect(ofChild.status).toBe(200);
    expect(ofChild.body.map((c: { code: string }) => c.code).sort()).toEqual(ADMIN_GROUP_COMMUNES);
    expect((await t.call('/territories/communes_for_group/1/')).body).toEqual(ofChild.body);
    const orphan = await t.call('/territories/communes_for_group/4/');
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toBe(
      "La structure 4 n'est rattachée à aucun groupe d'administration : ses communes ne sont pas définies.",
    );
    expect((await t.call('/territories/communes_for_group/abc/')).status).toBe(404);
  });

  it('gives one commune by INSEE code with its centre, municipal districts included', async () => {
    const grenoble = await t.call('/territories/commune/38185/');
    expect(grenoble.status).toBe(200);
    expect(grenoble.body).toMatchObject({ code: '38185', name: 'Grenoble', centre: { approximate: false } });
    expect(grenoble.body.centre.lat).toBeCloseTo(45.18, 1);
    const district = await t.call('/territories/commune/75101/');
    expect(district.body).toMatchObject({
      name: 'Paris 1er Arrondissement',
      kind: 'arrondissement',
      parent: '75056',
      postcode: '75001',
    });
    const unknown = await t.call('/territories/commune/99999/');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("La commune 99999 n'existe pas.");
  });

  it('searches communes by name or postcode, accent-insensitively, within bounds', async () => {
    const byName = await t.call('/territories/communes/?q=echirolles');
    expect(byName.body[0]).toMatchObject({ code: '38151', name: 'Échirolles' });
    const byPostcode = await t.call('/territories/communes/?q=38000');
    expect(byPostcode.body.map((c: { code: string }) => c.code)).toEqual(['38185']);
    expect((await t.call('/territories/communes/?q=saint&limit=50')).body).toHaveLength(50);
    const allowed = await t.call('/territories/communes/?q=saint&allowed=1', {
      token: await t.login('conseiller@demo.fr'),
    });
    expect(allowed.body.map((c: { name: string }) => c.name)).toEqual(["Saint-Martin-d'Hères"]);
    const short = await t.call('/territories/communes/?q=a');
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({
      path: 'q',
      message: 'Saisissez entre 2 et 100 caractères pour rechercher une commune.',
    });
    expect((await t.call('/territories/communes/?q=lyon&limit=51')).body.message).toBe(
      'Le nombre de résultats (limit) doit être un entier entre 1 et 50.',
    );
  });

  it('refuses to save a catchment area or a group that names an unknown commune, and writes nothing', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const before = (await t.call('/dialogwatt/catchment-area/', { token: advisor })).body.length;
    const refused = await t.call('/dialogwatt/catchment-area/', {
      method: 'POST',
      token: advisor,
      body: { name: 'Zone fantôme', group: 2, territories: ['38185', '99999'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'territories',
        code: 'unknown_commune',
        params: { code: '99999' },
        message: "La commune 99999 n'existe pas.",
      },
    ]);
    expect((await t.call('/dialogwatt/catchment-area/', { token: advisor })).body).toHaveLength(before);
    const created = await t.call('/dialogwatt/catchment-area/', {
      method: 'POST',
      token: advisor,
      body: { name: 'Zone réelle', group: 2, territories: ['38185', '38151'] },
    });
    expect(created.status).toBe(201);
    const patched = await t.call(`/dialogwatt/catchment-area/${created.body.pk}/`, {
      method: 'PATCH',
      token: advisor,
      body: { territories: ['2A004', '00000'] },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.errors.map((e: { message: string }) => e.message)).toEqual(["La commune 00000 n'existe pas."]);
    const admin = await t.login('admin@demo.fr');
    const group = await t.call('/accounts/group/3/', {
      method: 'PATCH',
      token: admin,
      body: { territories: ['38229', '38999'] },
    });
    expect(group.status).toBe(400);
    expect(group.body.errors[0].message).toBe("La commune 38999 n'existe pas.");
    expect((await t.call('/accounts/group/3/', { token: admin })).body.territories).toEqual(['38229', '38516']);
  });
});
