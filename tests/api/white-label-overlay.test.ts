import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

const OVERLAY = {
  comment: 'Lieux : vocabulaire du réseau',
  ops: [
    { op: 'label', field: 'name', value: 'Nom de la permanence' },
    { op: 'hide', field: 'internalPresentation' },
    { op: 'require', field: 'phone' },
    {
      op: 'addField',
      field: 'xAccessibility',
      section: 'general',
      required: true,
      schema: {
        type: 'string',
        title: 'Accessibilité PMR',
        enum: ['oui', 'non', 'partielle'],
        'x-enum-labels': { oui: 'Oui', non: 'Non', partielle: 'Partielle' },
      },
    },
    { op: 'addField', field: 'xSeats', schema: { type: 'integer', title: 'Places assises', minimum: 1, maximum: 40 } },
    { op: 'listColumns', columns: ['name', 'city', 'xAccessibility', 'isActive'] },
  ],
};

describe.each(DIALECTS)('white-label overlays on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let advisor: string;
  let localhostPk: number;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
    advisor = await t.login('conseiller@demo.fr');
    localhostPk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    // A second domain with appointments on, to show that the overlay stays on its own domain.
    const other = await t.call('/white_labelling/', {
      method: 'POST',
      token: admin,
      body: { domain: 'autre.localhost', siteTitle: 'Autre réseau', dialogwattIsActive: true },
    });
    expect(other.status).toBe(201);
  });

  it('is refused to anyone but an administrator', async () => {
    expect(
      (
        await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
          method: 'PUT',
          token: advisor,
          body: OVERLAY,
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, { method: 'PUT', body: OVERLAY })).status,
    ).toBe(401);
  });

  it('refuses malformed or loosening operations with French messages', async () => {
    const bad = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
      method: 'PUT',
      token: admin,
      body: {
        ops: [
          { op: 'hide', field: 'name' },
          { op: 'label', field: 'nope', value: 'x' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    const messages = (bad.body.errors as { message: string }[]).map((e) => e.message);
    expect(messages).toContain('hide : le champ obligatoire « Nom » ne peut pas être masqué.');
    expect(messages).toContain("label : le champ « nope » n'existe pas.");
    const unknownOp = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
      method: 'PUT',
      token: admin,
      body: { ops: [{ op: 'dropTable' }] },
    });
    expect(unknownOp.status).toBe(400);
  });

  it(
    'applies at run time to its domain only: label, ' + 'hidden field, required field, extra field with its validation',
    async () => {
      const saved = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
        method: 'PUT',
        token: admin,
        body: OVERLAY,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(1);

      const meta = (await t.call('/meta/entity/place', { token: advisor, domain: 'localhost' })).body;
      expect(meta.schema.properties.name.title).toBe('Nom de la permanence');
      expect(meta.schema.properties.internalPresentation).toBeUndefined();
      expect(meta.schema.required).toEqual(expect.arrayContaining(['name', 'groups', 'phone', 'xAccessibility']));
      expect(meta.form.layout.sections[0].fields).toContain('xAccessibility');
      expect(meta.list.columns).toEqual(['name', 'city', 'xAccessibility', 'isActive']);
      const otherMeta = (await t.call('/meta/entity/place', { token: advisor, domain: 'autre.localhost' })).body;
      expect(otherMeta.schema.properties.name.title).toBe('Nom');
      expect(otherMeta.schema.properties.internalPresentation).toBeDefined();
      expect(otherMeta.schema.properties.xAccessibility).toBeUndefined();

      const invalid = await t.call('/dialogwatt/place/', {
        method: 'POST',
        token: advisor,
        domain: 'localhost',
        body: { name: 'Permanence PMR', groups: [2], xSeats: 80, internalPresentation: 'ignoré' },
      });
      expect(invalid.status).toBe(400);
      const byPath = Object.fromEntries(
        (invalid.body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
      );
      expect(byPath).toEqual({
        phone: 'Ce champ est obligatoire.',
        xAccessibility: 'Ce champ est obligatoire.',
        xSeats: 'Ce champ doit être inférieur ou égal à 40.',
      });

      const created = await t.call('/dialogwatt/place/', {
        method: 'POST',
        token: advisor,
        domain: 'localhost',
        body: {
          name: 'Permanence PMR',
          groups: [2],
          phone: '04 76 00 00 01',
          xAccessibility: 'partielle',
          xSeats: 12,
          internalPresentation: 'ignoré',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ xAccessibility: 'partielle', xSeats: 12 });
      expect(created.body.internalPresentation).toBeUndefined();

      // The other domain validates against the base schema: no phone needed, extra fields ignored.
      const elsewhere = await t.call('/dialogwatt/place/', {
        method: 'POST',
        token: advisor,
        domain: 'autre.localhost',
        body: { name: 'Permanence ailleurs', groups: [2], xAccessibility: 'oui' },
      });
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.body.xAccessibility).toBeUndefined();
      const seenElsewhere = await t.call(`/dialogwatt/place/${created.body.pk}/`, {
        token: advisor,
        domain: 'autre.localhost',
      });
      expect(seenElsewhere.body.internalPresentation).toBe('');
      expect(seenElsewhere.body.xAccessibility).toBeUndefined();
    },
  );

  it('keeps every version, compares them and undoes a change by a new version', async () => {
    const second = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
      method: 'PUT',
      token: admin,
      body: { ops: [{ op: 'label', field: 'name', value: 'Intitulé' }], comment: 'Autre libellé' },
    });
    expect(second.body.version).toBe(2);
    expect(
      (await t.call('/meta/entity/place', { token: advisor, domain: 'localhost' })).body.schema.properties.name.title,
    ).toBe('Intitulé');
    const history = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, { token: admin });
    expect(history.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const v1 = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place/versions/1`, { token: admin });
    expect(v1.body.ops).toHaveLength(OVERLAY.ops.length);
    const reverted = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place/revert/1`, {
      method: 'POST',
      token: admin,
    });
    expect(reverted.body.version).toBe(3);
    const meta = (await t.call('/meta/entity/place', { token: advisor, domain: 'localhost' })).body;
    expect(meta.schema.properties.name.title).toBe('Nom de la permanence');
    expect(meta.version).toBe(3);
  });

  it('hides, renames and reorders menu entries of one domain', async () => {
    const res = await t.call(`/white_labelling/${localhostPk}/overlays/menu`, {
      method: 'PUT',
      token: admin,
      body: {
        ops: [
          { op: 'menuHide', entry: 'advisor-downtime.list' },
          { op: 'menuLabel', entry: 'place.list', value: 'Nos permanences' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const menu = (await t.call('/meta/menu', { token: advisor, domain: 'localhost' })).body as {
      id: string;
      label: string;
      children?: { id: string; label: string }[];
    }[];
    const children = menu.find((m) => m.id === 'dialogwatt')!.children!;
    expect(children.map((c) => c.id)).not.toContain('advisor-downtime.list');
    expect(children.find((c) => c.id === 'place.list')!.label).toBe('Nos permanences');
    const elsewhere = (await t.call('/meta/menu', { token: advisor, domain: 'autre.localhost' })).body as {
      id: string;
      children?: { id: string }[];
    }[];
    expect(elsewhere.find((m) => m.id === 'dialogwatt')!.children!.map((c) => c.id)).toContain('advisor-downtime.list');
  });

  it('names an entry for one audience with "<audience>/<id>" (ids repeat across menus)', async () => {
    const res = await t.call(`/white_labelling/${localhostPk}/overlays/menu`, {
      method: 'PUT',
      token: admin,
      body: { ops: [{ op: 'menuLabel', entry: 'professional/profile', value: 'Mon compte pro' }] },
    });
    expect(res.status).toBe(200);
    const pro = (await t.call('/meta/menu', { token: await t.login('pro@demo.fr'), domain: 'localhost' })).body as {
      id: string;
      label: string;
    }[];
    const staff = (await t.call('/meta/menu', { token: advisor, domain: 'localhost' })).body as {
      id: string;
      label: string;
    }[];
    expect(pro.find((m) => m.id === 'profile')!.label).toBe('Mon compte pro');
    expect(staff.find((m) => m.id === 'profile')!.label).toBe('Mon profil');
  });

  it('switches a module off per white label: its API and menu disappear on that domain', async () => {
    const menu = (await t.call('/meta/menu', { token: advisor, domain: 'annuaire.localhost' })).body as {
      id: string;
    }[];
    expect(menu.map((m) => m.id)).not.toContain('dialogwatt');
    const res = await t.call('/dialogwatt/place/', { token: advisor, domain: 'annuaire.localhost' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Ce module n'est pas activé pour ce site.");
  });
});
