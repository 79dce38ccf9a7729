import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

const PLACE_OVERLAY = {
  comment: 'Lieux du réseau',
  ops: [
    { op: 'label', field: 'name', value: 'Nom de la permanence' },
    { op: 'hide', field: 'internalPresentation' },
    {
      op: 'addField',
      field: 'xAccessibility',
      section: 'general',
      required: true,
      schema: {
        type: 'string',
        title: 'Accessibilité PMR',
        enum: ['oui', 'non'],
        'x-enum-labels': { oui: 'Oui', non: 'Non' },
      },
    },
  ],
};
const MENU_OVERLAY = { ops: [{ op: 'menuLabel', entry: 'place.list', value: 'Nos permanences' }] };

type Errors = { path: string; message: string }[];

describe.each(DIALECTS)('white-label administration on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let localhostPk: number;
  let otherPk: number;

  const overlayVersion = async (pk: number, target: string) =>
    (await t.call(`/white_labelling/${pk}/overlays/${target}`, { token: admin })).body.version as number;

  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
    manager = await t.login('manager@demo.fr');
    localhostPk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    const other = await t.call('/white_labelling/', {
      method: 'POST',
      token: admin,
      body: { domain: 'autre.localhost', siteTitle: 'Autre réseau', dialogwattIsActive: true },
    });
    expect(other.status).toBe(201);
    otherPk = other.body.pk;
  });

  it('lays out every setting of a white label in the administration form (module settings included)', async () => {
    const meta = (await t.call('/meta/entity/white-label', { token: admin })).body;
    expect(meta.form.layout.kind).toBe('tabs');
    expect(meta.form.layout.sections.map((s: { title: string }) => s.title)).toEqual([
      'Général',
      'Modules',
      'Apparence',
      'Affichage',
      'Accueil par rôle',
      'Statistiques de visite',
      'Annuaire',
      'Intégrations',
    ]);
    const placed = new Set(meta.form.layout.sections.flatMap((s: { fields: string[] }) => s.fields));
    const editable = Object.entries(meta.schema.properties as Record<string, { readOnly?: boolean }>)
      .filter(([, p]) => !p.readOnly)
      .map(([name]) => name);
    // A module added to schemas/modules/ must get its three fields in schemas/forms/white-label.edit.ui.json.
    expect(editable.filter((f) => !placed.has(f))).toEqual([]);
    const modules = meta.form.layout.sections.find((s: { id: string }) => s.id === 'modules').fields as string[];
    expect(modules.slice(0, 3)).toEqual(['actimmoMapIsActive', 'actimmoMapName', 'actimmoMapBaseline']);
  });

  it('refuses a second default white label, in French, on creation and on change', async () => {
    const created = await t.call('/white_labelling/', {
      method: 'POST',
      token: admin,
      body: { domain: 'deuxieme.localhost', isDefault: true },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([
      expect.objectContaining({
        path: 'isDefault',
        message: "Il n'est possible d'avoir qu'une seule marque blanche par défaut par serveur.",
      }),
    ]);
    expect((await t.call('/white_labelling/?q=deuxieme', { token: admin })).body).toEqual([]);
    const changed = await t.call(`/white_labelling/${otherPk}/`, {
      method: 'PATCH',
      token: admin,
      body: { isDefault: true },
    });
    expect(changed.status).toBe(400);
    expect((changed.body.errors as Errors)[0].path).toBe('isDefault');
    // The default white label itself may still be saved.
    const same = await t.call(`/white_labelling/${localhostPk}/`, {
      method: 'PATCH',
      token: admin,
      body: { isDefault: true, siteTitle: 'Rénovation Démo' },
    });
    expect(same.status).toBe(200);
  });

  it('refuses the old and the new heating simulator together', async () => {
    const res = await t.call(`/white_labelling/${otherPk}/`, {
      method: 'PATCH',
      token: admin,
      body: { oldThermixIsActive: true, thermixIsActive: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        path: 'thermixIsActive',
        message: "L'ancien et le nouveau simulateur chauffage ne peuvent pas être actifs en même temps.",
      }),
    ]);
  });

  it('keeps export, import, preview and menu entries to administrators', async () => {
    for (const [path, method] of [
      [`/white_labelling/${localhostPk}/export/`, 'GET'],
      [`/white_labelling/${otherPk}/import/`, 'POST'],
      ['/meta/preview/place', 'POST'],
      [`/white_labelling/${localhostPk}/menu-entries/`, 'GET'],
    ] as const) {
      const body = method === 'POST' ? { whiteLabel: localhostPk, ops: [] } : undefined;
      expect((await t.call(path, { method, token: manager, body })).status, `${method} ${path} as manager`).toBe(403);
      expect((await t.call(path, { method, body })).status, `${method} ${path} anonymously`).toBe(401);
    }
  });

  it(
    'exports a white label and imports it into another one: settings and overlays, ' + 'the target keeps its domain',
    async () => {
      expect(
        (
          await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
            method: 'PUT',
            token: admin,
            body: PLACE_OVERLAY,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await t.call(`/white_labelling/${localhostPk}/overlays/menu`, {
            method: 'PUT',
            token: admin,
            body: MENU_OVERLAY,
          })
        ).status,
      ).toBe(200);

      const exported = await t.call(`/white_labelling/${localhostPk}/export/`, { token: admin });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-disposition')).toBe('attachment; filename="marque-blanche-localhost.json"');
      const doc = exported.body;
      expect(doc).toMatchObject({ format: 'renovation-white-label', formatVersion: 1, domain: 'localhost' });
      expect(doc.whiteLabel).toMatchObject({
        domain: 'localhost',
        siteTitle: 'Rénovation Démo',
        isDefault: true,
        dialogwattIsActive: true,
      });
      for (const key of ['pk', 'id', 'createdAt', 'updatedAt']) expect(doc.whiteLabel).not.toHaveProperty(key);
      // The demo's custom forms (scoped overlays, fixtures/demo/custom-forms.json) travel with the rest; the
      // round trip below follows the two overlays of this test.
      const scoped = Object.keys(doc.overlays).filter((k) => k.includes('@'));
      expect(scoped).toContain('entity:action@actionModel:1');
      expect(doc.overlays['entity:action@actionModel:1'].ops[0]).toMatchObject({ op: 'addField', field: 'xD034' });
      for (const k of scoped) delete doc.overlays[k];
      expect(Object.keys(doc.overlays).sort()).toEqual(['entity:place', 'menu']);
      expect(doc.overlays['entity:place'].ops).toEqual(PLACE_OVERLAY.ops);

      const imported = await t.call(`/white_labelling/${otherPk}/import/`, { method: 'POST', token: admin, body: doc });
      expect(imported.status).toBe(200);
      expect(imported.body.whiteLabel).toMatchObject({
        pk: otherPk,
        domain: 'autre.localhost',
        isDefault: false,
        siteTitle: 'Rénovation Démo',
      });
      expect(imported.body.overlays).toEqual({ 'entity:place': 1, menu: 1 });
      expect(imported.body.ignoredFields).toEqual([]);

      // The other domain now behaves like localhost.
      const advisor = await t.login('conseiller@demo.fr');
      const meta = (await t.call('/meta/entity/place', { token: advisor, domain: 'autre.localhost' })).body;
      expect(meta.schema.properties.name.title).toBe('Nom de la permanence');
      expect(meta.schema.properties.internalPresentation).toBeUndefined();
      expect(meta.schema.required).toContain('xAccessibility');
      const menu = (await t.call('/meta/menu', { token: advisor, domain: 'autre.localhost' })).body as {
        id: string;
        children?: { id: string; label: string }[];
      }[];
      expect(menu.find((m) => m.id === 'dialogwatt')!.children!.find((c) => c.id === 'place.list')!.label).toBe(
        'Nos permanences',
      );

      // Round trip: exporting the copy gives the same configuration, but for the domain and the default flag.
      const again = (await t.call(`/white_labelling/${otherPk}/export/`, { token: admin })).body;
      expect({ ...again.whiteLabel, domain: 'localhost', isDefault: true }).toEqual(doc.whiteLabel);
      expect(
        Object.fromEntries(
          Object.entries(again.overlays as Record<string, { ops: unknown }>).map(([k, v]) => [k, v.ops]),
        ),
      ).toEqual(
        Object.fromEntries(
          Object.entries(doc.overlays as Record<string, { ops: unknown }>).map(([k, v]) => [k, v.ops]),
        ),
      );

      // Importing again adds versions (history is kept) and empties what the file no longer has.
      const { menu: _menu, ...onlyPlace } = doc.overlays;
      const second = await t.call(`/white_labelling/${otherPk}/import/`, {
        method: 'POST',
        token: admin,
        body: { ...doc, overlays: onlyPlace },
      });
      expect(second.body.overlays).toEqual({ 'entity:place': 2, menu: 2 });
      expect((await t.call(`/white_labelling/${otherPk}/overlays/menu`, { token: admin })).body.ops).toEqual([]);
    },
  );

  it('takes the file domain only when asked, and checks it like the form does', async () => {
    const doc = (await t.call(`/white_labelling/${localhostPk}/export/`, { token: admin })).body;
    const taken = await t.call(`/white_labelling/${otherPk}/import/?withDomain=true`, {
      method: 'POST',
      token: admin,
      body: doc,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([
      expect.objectContaining({
        path: 'whiteLabel.domain',
        message: 'Cette valeur est déjà utilisée par un autre enregistrement.',
      }),
    ]);
    const renamed = await t.call(`/white_labelling/${otherPk}/import/?withDomain=true`, {
      method: 'POST',
      token: admin,
      body: { ...doc, whiteLabel: { ...doc.whiteLabel, domain: 'copie.localhost' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.whiteLabel.domain).toBe('copie.localhost');
    await t.call(`/white_labelling/${otherPk}/`, {
      method: 'PATCH',
      token: admin,
      body: { domain: 'autre.localhost' },
    });
  });

  it('refuses an invalid file with every error in French and writes nothing', async () => {
    const before = (await t.call(`/white_labelling/${otherPk}/`, { token: admin })).body;
    const placeVersion = await overlayVersion(otherPk, 'entity:place');
    const bad = {
      format: 'renovation-white-label',
      formatVersion: 1,
      domain: 'localhost',
      whiteLabel: {
        siteTitle: 'Ne doit pas être enregistré',
        matomoSiteId: 'trente-quatre',
        oldThermixIsActive: true,
        thermixIsActive: true,
        obsoleteSetting: 1,
      },
      overlays: {
        'entity:place': {
          ops: [
            { op: 'hide', field: 'name' },
            { op: 'label', field: 'nope', value: 'x' },
          ],
        },
        menu: { ops: [{ op: 'dropTable' }] },
        'entity:unknown': { ops: [] },
      },
    };
    const res = await t.call(`/white_labelling/${otherPk}/import/`, { method: 'POST', token: admin, body: bad });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Le fichier ne peut pas être importé : rien n'a été modifié. Corrigez les erreurs indiquées.",
    );
    const byPath = new Map<string, string[]>();
    for (const e of res.body.errors as Errors) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e.message]);
    expect(byPath.get('overlays.entity:place.ops')).toEqual([
      'entity:place — hide : le champ obligatoire « Nom » ne peut pas être masqué.',
      "entity:place — label : le champ « nope » n'existe pas.",
    ]);
    expect([...byPath.keys()].some((p) => p.startsWith('overlays.menu.'))).toBe(true);
    expect(byPath.get('overlays.entity:unknown')).toEqual(['Personnalisation inconnue : « entity:unknown ».']);
    expect(byPath.get('whiteLabel.matomoSiteId')).toEqual(['Ce champ doit être un nombre entier.']);
    expect(byPath.get('whiteLabel.thermixIsActive')).toEqual([
      "L'ancien et le nouveau simulateur chauffage ne peuvent pas être actifs en même temps.",
    ]);

    const after = (await t.call(`/white_labelling/${otherPk}/`, { token: admin })).body;
    expect(after).toEqual(before);
    expect(await overlayVersion(otherPk, 'entity:place')).toBe(placeVersion);

    const notAnExport = await t.call(`/white_labelling/${otherPk}/import/`, {
      method: 'POST',
      token: admin,
      body: { hello: 'world' },
    });
    expect(notAnExport.status).toBe(400);
    expect(notAnExport.body.errors[0].message).toBe(
      "Ce fichier n'est pas un export de configuration de marque blanche.",
    );
    const future = await t.call(`/white_labelling/${otherPk}/import/`, {
      method: 'POST',
      token: admin,
      body: { ...bad, formatVersion: 7 },
    });
    expect(future.body.errors[0].message).toBe('Version de fichier 7 non prise en charge (au plus 1).');
  });

  it('previews an overlay without saving it: effective meta, and the problems a save would refuse', async () => {
    const version = await overlayVersion(localhostPk, 'entity:place');
    const ops = [
      { op: 'label', field: 'city', value: 'Ville' },
      { op: 'addField', field: 'xFloor', section: 'address', schema: { type: 'integer', title: 'Étage', minimum: 0 } },
      { op: 'listColumns', columns: ['name', 'xFloor'] },
      { op: 'hide', field: 'groups' },
    ];
    const res = await t.call('/meta/preview/place', {
      method: 'POST',
      token: admin,
      body: { whiteLabel: localhostPk, ops },
    });
    expect(res.status).toBe(200);
    expect(res.body.meta.schema.properties.city.title).toBe('Ville');
    expect(res.body.meta.form.layout.sections.find((s: { id: string }) => s.id === 'address').fields).toContain(
      'xFloor',
    );
    expect(res.body.meta.list.columns).toEqual(['name', 'xFloor']);
    expect(res.body.meta.schema.properties.groups).toBeDefined();
    expect(res.body.problems).toEqual(['hide : le champ obligatoire « Structures » ne peut pas être masqué.']);
    expect(await overlayVersion(localhostPk, 'entity:place')).toBe(version);

    const malformed = await t.call('/meta/preview/place', {
      method: 'POST',
      token: admin,
      body: { whiteLabel: localhostPk, ops: [{ op: 'dropTable' }] },
    });
    expect(malformed.status).toBe(400);
    expect(
      (
        await t.call('/meta/preview/white-label', {
          method: 'POST',
          token: admin,
          body: { whiteLabel: localhostPk, ops: [] },
        })
      ).status,
    ).toBe(404);
  });

  it(
    'lists the base menu entries of every audience for the menu editor, ' + 'with module names of the white label',
    async () => {
      await t.call(`/white_labelling/${otherPk}/`, {
        method: 'PATCH',
        token: admin,
        body: { dialogwattName: 'Rendez-vous conseil' },
      });
      const res = await t.call(`/white_labelling/${otherPk}/menu-entries/`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.map((a: { audience: string }) => a.audience)).toEqual(['advisor', 'professional', 'anonymous']);
      const dialogwatt = res.body[0].entries.find((e: { id: string }) => e.id === 'dialogwatt');
      expect(dialogwatt).toMatchObject({ label: 'Rendez-vous conseil', module: 'dialogwatt', moduleActive: true });
      expect(dialogwatt.children.map((c: { id: string }) => c.id)).toContain('place.list');
    },
  );
});
