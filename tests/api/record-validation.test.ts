import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { nowIso } from '../../server/db/column-types';
import { invalidateWhiteLabels } from '../../server/modules/white-labels/resolve-white-label';
import * as formats from '../../engine/validation/formats';
import * as safeRegExp from '../../engine/validation/safe-regexp';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import equal from 'ajv/dist/runtime/equal';

/** What the browser's loader gives a validator module (client/runtime/record-validator-module.ts). */
const RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: ucs2length },
  'ajv/dist/runtime/equal': { default: equal },
  'app:formats': formats,
  'app:regexp': safeRegExp,
};

type FieldErrors = { path: string; code: string; message: string }[];
const byPath = (errors: FieldErrors) => Object.fromEntries(errors.map((e) => [e.path, e.message]));

/** An overlay of the place entity that adds one text field with this pattern. */
const patternOverlay = (pattern: string) => ({
  comment: 'Code de salle',
  ops: [
    { op: 'addField', field: 'xRoom', section: 'general', schema: { type: 'string', title: 'Code de salle', pattern } },
  ],
});

describe.each(DIALECTS)('record validation on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let advisor: string;
  let localhostPk: number;
  let place: number;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
    advisor = await t.login('conseiller@demo.fr');
    localhostPk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    const created = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: advisor,
      body: { name: 'Permanence des essais', groups: [2], postcode: '38000', email: 'essais@demo.fr' },
    });
    expect(created.status).toBe(201);
    place = created.body.pk;
  });

  it('serves the browser the same validator as a same-origin ES module, named by its content', async () => {
    const meta = (await t.call('/meta/entity/place', { token: advisor })).body;
    expect(meta.validator).toMatch(/^\/api\/v1\/meta\/validator\/place\/[0-9a-f]{32}\.js$/);
    const res = await fetch(new URL(meta.validator, t.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const code = await res.text();
    expect(code).not.toMatch(/\bnew Function\b|\beval\(/);
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      requires: string[];
      schema: string;
      default: (
        require: (id: string) => unknown,
      ) => ((data: unknown) => boolean) & { errors?: { keyword: string; instancePath: string }[] };
    };
    expect(Object.keys(JSON.parse(module.schema).properties)).toEqual(Object.keys(meta.schema.properties));
    const validate = module.default((id) => RUNTIME[id]);
    expect(validate({ name: 'Permanence', postcode: '38000', email: 'a@b.fr', groups: [2] })).toBe(true);
    expect(validate({ postcode: '3800', email: 'a@b', lat: 91 })).toBe(false);
    expect(validate.errors!.map((e) => [e.instancePath, e.keyword])).toEqual([
      ['/postcode', 'pattern'],
      ['/lat', 'maximum'],
      ['/email', 'format'],
    ]);
    expect(
      (await fetch(new URL('/api/v1/meta/validator/place/0123456789abcdef0123456789abcdef.js', t.url))).status,
    ).toBe(404);
  });

  // Security issue 8: empty values used to skip type, pattern, format and enum checks.
  it('refuses null for a yes/no field and a blank string for a number, and keeps the stored values', async () => {
    const res = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      body: { isActive: null, lat: '   ' },
    });
    expect(res.status).toBe(400);
    expect(byPath(res.body.errors)).toEqual({
      isActive: 'Ce champ doit valoir oui ou non.',
      lat: 'Ce champ doit être un nombre.',
    });
    const stored = (await t.call(`/dialogwatt/place/${place}/`, { token: advisor })).body;
    expect(stored).toMatchObject({ isActive: true, lat: 0 });
  });

  it('checks a blank string against the pattern, format and choices of an optional field', async () => {
    const res = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      body: { postcode: '   ', email: '  ' },
    });
    expect(res.status).toBe(400);
    expect(byPath(res.body.errors)).toEqual({
      postcode: "Le format de ce champ n'est pas valide.",
      email: 'Ce champ doit être une adresse électronique valide.',
    });
    const users = (await t.call('/accounts/user/', { token: admin })).body as { pk: number; email: string }[];
    const client = users.find((u) => u.email === 'client@demo.fr')!;
    const choice = await t.call(`/accounts/user/${client.pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { civility: '   ' },
    });
    expect(choice.status).toBe(400);
    expect(byPath(choice.body.errors)).toEqual({ civility: 'Cette valeur ne fait pas partie des choix possibles.' });
  });

  it('still takes "" and null as "no value" for optional fields, and [] for an optional list', async () => {
    const res = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      body: { postcode: '', email: '', url: null, selectedAdvisors: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ postcode: '', selectedAdvisors: [] });
    const required = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      body: { groups: [], name: '  ' },
    });
    expect(required.status).toBe(400);
    expect(byPath(required.body.errors)).toEqual({
      name: 'Ce champ est obligatoire.',
      groups: 'Ce champ est obligatoire.',
    });
  });

  // Security issue 16 and issue 15: a pattern is compiled when the overlay is saved.
  it(
    'refuses an overlay whose pattern does not compile, ' +
      'or would backtrack exponentially, with a French 400 at once',
    async () => {
      const versions = async () =>
        (await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, { token: admin })).body.versions;
      const before = await versions();
      const broken = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
        method: 'PUT',
        token: admin,
        body: patternOverlay('('),
      });
      expect(broken.status).toBe(400);
      expect(broken.body.errors).toEqual([
        expect.objectContaining({
          path: 'ops.0.schema.pattern',
          message:
            "Champ « Code de salle » : le motif « ( » n'est pas accepté (une parenthèse ouvrante n'est pas fermée).",
        }),
      ]);
      const catastrophic = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
        method: 'PUT',
        token: admin,
        body: patternOverlay('^(a+)+$'),
      });
      expect(catastrophic.status).toBe(400);
      expect(catastrophic.body.errors[0].message).toBe(
        "Champ « Code de salle » : le motif « ^(a+)+$ » n'est pas accepté " +
          '(une répétition en contient une autre, comme (a+)+ : ' +
          'vérifier un texte pourrait prendre un temps exponentiel).',
      );
      const lookahead = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
        method: 'PUT',
        token: admin,
        body: patternOverlay('^(?=A)[A-Z]+$'),
      });
      expect(lookahead.status).toBe(400);
      expect(lookahead.body.errors[0].message).toContain(
        'les assertions (?=…), (?!…), (?<=…) et (?<!…) ne sont pas acceptées',
      );
      const wrongType = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
        method: 'PUT',
        token: admin,
        body: { ops: [{ op: 'addField', field: 'xRoom', schema: { type: 'string', title: 'Salle', minimum: 3 } }] },
      });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors[0].message).toBe(
        "Champ « Salle » : la contrainte « minimum » ne s'applique pas à un champ de type texte.",
      );
      expect(await versions()).toEqual(before);
      // Nothing was saved: writes to places go on as before.
      const write = await t.call('/dialogwatt/place/', {
        method: 'POST',
        token: advisor,
        body: { name: 'Permanence après refus', groups: [2], xRoom: '(((' },
      });
      expect(write.status).toBe(201);
    },
  );

  it('runs an accepted pattern on both creation and update, with the French pattern message', async () => {
    const saved = await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
      method: 'PUT',
      token: admin,
      body: patternOverlay('^[A-Z]{1,2}[0-9]{2,3}$'),
    });
    expect(saved.status).toBe(200);
    const bad = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      domain: 'localhost',
      body: { xRoom: 'salle 12' },
    });
    expect(bad.status).toBe(400);
    expect(byPath(bad.body.errors)).toEqual({ xRoom: "Le format de ce champ n'est pas valide." });
    const good = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      domain: 'localhost',
      body: { xRoom: 'B204' },
    });
    expect(good.status).toBe(200);
    expect(good.body.xRoom).toBe('B204');
  });

  it('stays linear and answerable on an overlay saved before patterns were checked', async () => {
    // As if saved by an older version: straight into the table, around the save checks.
    const db = t.app.database.db;
    const last = await db
      .selectFrom('white_label_overlay')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('white_label', '=', localhostPk)
      .where('target', '=', 'entity:place')
      .executeTakeFirst();
    const legacy = [
      { op: 'addField', field: 'xRoom', schema: { type: 'string', title: 'Code de salle', pattern: '^(a+)+$' } },
      { op: 'addField', field: 'xFloor', schema: { type: 'string', title: 'Étage', pattern: '(' } },
    ];
    await db
      .insertInto('white_label_overlay')
      .values({
        white_label: localhostPk,
        target: 'entity:place',
        version: Number(last?.v ?? 0) + 1,
        ops: JSON.stringify(legacy),
        comment: 'ancienne version',
        author: null,
        created_at: nowIso(),
      })
      .execute();
    invalidateWhiteLabels();
    // 40 characters: a backtracking engine would take about 2^40 steps on this; RE2 answers at once.
    const res = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      domain: 'localhost',
      body: { xRoom: `${'a'.repeat(40)}!` },
    });
    expect(res.status).toBe(400);
    expect(byPath(res.body.errors)).toEqual({ xRoom: "Le format de ce champ n'est pas valide." });
    // The field whose pattern cannot compile refuses values with a message for the administrator;
    // writes that leave it empty still work.
    const floor = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      domain: 'localhost',
      body: { xFloor: '2', xRoom: 'aaaa' },
    });
    expect(floor.status).toBe(400);
    expect(byPath(floor.body.errors)).toEqual({
      xFloor:
        'Ce champ ne peut pas être vérifié : sa règle de saisie est invalide. ' +
        'Un administrateur doit corriger la personnalisation du formulaire.',
    });
    const other = await t.call(`/dialogwatt/place/${place}/`, {
      method: 'PATCH',
      token: advisor,
      domain: 'localhost',
      body: { city: 'Grenoble', xRoom: 'aaaa' },
    });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ city: 'Grenoble', xRoom: 'aaaa' });
  });
});
