import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

type Item = { id: string; label: string; subtitle?: string; description?: string; path?: string; children?: Item[] };
const flatten = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

describe.each(DIALECTS)('landing page services and menu entries on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let localhostPk: number;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
    localhostPk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
  });

  it('lists each active public service of the white label once, with its link, and no internal tool', async () => {
    const services = (await t.call('/meta/services', { domain: 'localhost' })).body as {
      module: string;
      name: string;
      kind: string;
      description: string;
      path: string;
    }[];
    // What the visitor does there first, the product's name second (issue 26 item 9).
    expect(services.map((s) => [s.name, s.kind, s.path])).toEqual([
      ['Prendre rendez-vous avec un conseiller', 'DialogWatt', '/dialogwatt/rendez-vous/'],
      ["Comparer les systèmes de chauffage et d'eau chaude", 'Thermix', '/thermix'],
      ['Trouver le chauffage le plus économique pour mon logement', 'Therminix', '/therminix'],
      ['Calculer le financement de ma rénovation', 'Écorénover', '/ecorenover'],
      ['Trouver un professionnel de la rénovation', 'Liste Pro', '/annuaire-des-pros/recherche'],
      ['Voir la carte des structures actimmo', 'Carte actimmo', '/actimmo-map'],
      ["S'inscrire à une réunion ou un atelier", 'Événements', '/evenements/agenda/'],
    ]);
    // Internal tools (file area, newsletters' back office…) and the embeddable copy never show.
    expect(services.map((s) => s.module)).not.toContain('fac');
    expect(services.map((s) => s.module)).not.toContain('ecorenoverIframe');
    expect(new Set(services.map((s) => s.name)).size).toBe(services.length);
    for (const s of services) expect(s.description).toMatch(/\S/);
    expect(services.find((s) => s.module === 'therminix')).toMatchObject({
      kind: 'Therminix',
      description: 'Proposition de solutions de chauffage',
    });
    // The same answer for a signed-in user: it is what the network offers the public.
    expect((await t.call('/meta/services', { domain: 'localhost', token: admin })).body).toEqual(services);
    // The directory-only white label offers the directory alone, one click away (issue 16 item 1).
    expect(
      ((await t.call('/meta/services', { domain: 'annuaire.localhost' })).body as { name: string; path: string }[]).map(
        (s) => [s.name, s.path],
      ),
    ).toEqual([['Trouver un professionnel', '/annuaire-des-pros/recherche']]);
  });

  it('follows the white label: modules on or off, renamed, and embedded services only once configured', async () => {
    const created = await t.call('/white_labelling/', {
      method: 'POST',
      token: admin,
      body: { domain: 'cartes.localhost', siteTitle: 'Cartes', actimmoMapIsActive: true },
    });
    expect(created.status).toBe(201);
    const names = async () =>
      ((await t.call('/meta/services', { domain: 'cartes.localhost' })).body as { name: string }[]).map((s) => s.name);
    // The old heating simulator is on by default, but without its address it is not offered.
    expect(await names()).toEqual(['Voir la carte des structures actimmo']);
    await t.call(`/white_labelling/${created.body.pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { thermixV2Url: 'https://thermix.example.org/' },
    });
    await expect
      .poll(names, { timeout: 5000 })
      .toEqual(['Comparer les systèmes de chauffage', 'Voir la carte des structures actimmo']);
    const changed = await t.call(`/white_labelling/${created.body.pk}/`, {
      method: 'PATCH',
      token: admin,
      body: {
        oldThermixIsActive: false,
        thermixIsActive: true,
        thermixName: 'Mon chauffage',
        thermixBaseline: '',
        thermixTask: 'Choisir mon chauffage',
      },
    });
    expect(changed.status).toBe(200);
    // The white label's own words for the card, its product name under them.
    await expect
      .poll(names, { timeout: 5000 })
      .toEqual(['Choisir mon chauffage', 'Voir la carte des structures actimmo']);
    const kinds = (await t.call('/meta/services', { domain: 'cartes.localhost' })).body as { kind: string }[];
    expect(kinds[0]!.kind).toBe('Mon chauffage');
    // An empty baseline falls back on the module's own description.
    const services = (await t.call('/meta/services', { domain: 'cartes.localhost' })).body as { description: string }[];
    expect(services[0]!.description).toBe(
      "Comparer le coût et les émissions de systèmes de chauffage et d'eau chaude sur 20 ans.",
    );
  });

  it(
    'hides a menu entry whose embedded service has no address on this white label, ' + 'and shows it once configured',
    async () => {
      const advisor = await t.login('conseiller@demo.fr');
      const before = flatten((await t.call('/meta/menu', { domain: 'localhost', token: advisor })).body);
      expect(before.map((i) => i.path)).not.toContain('/simulaides');
      const changed = await t.call(`/white_labelling/${localhostPk}/`, {
        method: 'PATCH',
        token: admin,
        body: { simulaidesUrl: 'https://simulaides.example.org/widget' },
      });
      expect(changed.status).toBe(200);
      await expect
        .poll(
          async () =>
            flatten((await t.call('/meta/menu', { domain: 'localhost', token: advisor })).body).map((i) => i.path),
          { timeout: 5000 },
        )
        .toContain('/simulaides');
      await t.call(`/white_labelling/${localhostPk}/`, { method: 'PATCH', token: admin, body: { simulaidesUrl: '' } });
    },
  );

  it('says what a product-named entry is: the kind of service under the name, and a description', async () => {
    const anonymous = flatten((await t.call('/meta/menu', { domain: 'localhost' })).body);
    const advisor = flatten(
      (await t.call('/meta/menu', { domain: 'localhost', token: await t.login('conseiller@demo.fr') })).body,
    );
    for (const menu of [anonymous, advisor]) {
      for (const name of ['Thermix', 'Therminix', 'Écorénover']) {
        const entry = menu.find((i) => i.label === name);
        expect(entry, name).toBeDefined();
        expect(entry!.subtitle, name).toMatch(/^(Simulateur|Proposition)/);
        expect(entry!.description, name).toMatch(/\S/);
      }
    }
    // An entry named after what it does has no subtitle.
    expect(anonymous.find((i) => i.id === 'actimmo-map')?.subtitle).toBeUndefined();
  });
});
