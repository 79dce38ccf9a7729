import { describe, expect, it } from 'vitest';
import { buildRegistry, getEntity } from '../../../engine/schema/registry';
import { applyOverlay } from '../../../engine/schema/apply-overlay';
import type { OverlayOp } from '../../../engine/schema/overlay-types';
import { loadDeclarations } from '../../../server/schema/load-declarations';
import type { EntityMeta } from '../../runtime/types';
import { anonymousUser } from '../../../engine/logic/user-context';
import { addExtra, fromOps, moveField, removeExtra, setEdit, toOps } from './form-model';
import { choiceValues, draftToOp, emptyDraft, fieldNameFrom, kindOf } from './extra-field';
import { describeFormChanges, describeMenuChanges } from './describe-changes';

const declarations = loadDeclarations();
const place = getEntity(buildRegistry(declarations), 'place');
const roles = declarations.roles;

/** The base meta the preview endpoint returns for no operation (same shape as GET /meta/entity). */
const base: EntityMeta = (() => {
  const e = applyOverlay(place, []);
  const x = e.schema['x-entity'];
  return {
    name: 'place',
    version: 0,
    title: e.schema.title,
    schema: { type: 'object', properties: e.schema.properties, required: e.schema.required ?? [] },
    form: e.form,
    labels: x.labels,
    display: x.display,
    apiPath: x.api?.path,
    list: { ...x.list, columns: e.listColumns },
    fieldRules: e.fieldRules,
    checks: x.checks ?? [],
    extraFields: [],
    messages: {},
    can: { view: true, create: true, change: true, delete: true },
    rights: x.rights,
    ruleContext: { user: anonymousUser(roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } },
  };
})();

const ACCESSIBILITY: OverlayOp = {
  op: 'addField',
  field: 'xAccessibilitePmr',
  section: 'general',
  required: true,
  schema: {
    type: 'string',
    title: 'Accessibilité PMR',
    enum: ['oui', 'non'],
    'x-enum-labels': { oui: 'Oui', non: 'Non' },
  },
};

/** What a white label would see: the comparison that matters, whatever the exact operations. */
function effect(ops: OverlayOp[]) {
  const e = applyOverlay(place, ops);
  expect(e.problems).toEqual([]);
  return {
    titles: Object.fromEntries(Object.entries(e.schema.properties).map(([k, p]) => [k, [p.title, p.description]])),
    required: [...(e.schema.required ?? [])].sort(),
    sections: e.form.layout.sections.map((s) => s.fields),
    columns: e.listColumns,
    hidden: [...e.hidden],
  };
}

describe('form editor model', () => {
  it('gives no operation when nothing is edited', () => {
    expect(toOps(base, fromOps(base, []))).toEqual([]);
  });

  it('round-trips an overlay through the screen state without changing what the white label sees', () => {
    const ops: OverlayOp[] = [
      { op: 'label', field: 'name', value: 'Nom de la permanence' },
      { op: 'help', field: 'city', value: 'La commune du lieu' },
      { op: 'hide', field: 'internalPresentation' },
      { op: 'require', field: 'phone' },
      ACCESSIBILITY,
      { op: 'order', fields: ['slug', 'name'] },
      { op: 'listColumns', columns: ['name', 'xAccessibilitePmr'] },
      { op: 'widget', field: 'presentation', value: 'textarea' },
    ];
    const again = toOps(base, fromOps(base, ops));
    expect(effect(again)).toEqual(effect(ops));
    // Operations the editor has no control for are kept as they were.
    expect(again).toContainEqual({ op: 'widget', field: 'presentation', value: 'textarea' });
    // A required field of the base is never "required" again by the overlay: the base rule stays.
    expect(toOps(base, setEdit(fromOps(base, []), 'name', { required: true }))).toEqual([]);
  });

  it('moves a field within its section with an order operation, and drops it when moved back', () => {
    const moved = moveField(fromOps(base, []), 'city', -1)!;
    expect(moved.position).toBe(2);
    const ops = toOps(base, moved.model);
    expect(ops).toHaveLength(1);
    expect(effect(ops).sections[1].slice(0, 4)).toEqual(['address', 'city', 'postcode', 'inseecode']);
    expect(toOps(base, moveField(moved.model, 'city', 1)!.model)).toEqual([]);
    expect(moveField(fromOps(base, []), 'name', -1)).toBeNull();
  });

  it('adds and removes an extra field (also from the list columns)', () => {
    let model = addExtra(fromOps(base, []), ACCESSIBILITY as never);
    model = { ...model, listColumns: ['name', 'xAccessibilitePmr'] };
    expect(toOps(base, model)).toEqual([ACCESSIBILITY, { op: 'listColumns', columns: ['name', 'xAccessibilitePmr'] }]);
    model = removeExtra(model, 'xAccessibilitePmr');
    expect(toOps(base, model)).toEqual([{ op: 'listColumns', columns: ['name'] }]);
  });
});

describe('extra field drafts', () => {
  it('names the field from its label and turns choices into values', () => {
    const taken = new Set(Object.keys(base.schema.properties));
    expect(fieldNameFrom('Accessibilité PMR', taken)).toBe('xAccessibilitePmr');
    expect(fieldNameFrom('Accessibilité PMR', new Set(['xAccessibilitePmr']))).toBe('xAccessibilitePmr2');
    expect(fieldNameFrom('2e étage ?', taken)).toBe('xChamp2eEtage');
    expect(choiceValues(['Oui', 'Non', 'oui', '!!'])).toEqual(['oui', 'non', 'oui-2', 'choix-4']);
    const { op, errors } = draftToOp(
      {
        ...emptyDraft('general'),
        label: 'Accessibilité PMR',
        kind: 'choice',
        choices: 'Oui\nNon\n\nPartielle',
        required: true,
      },
      taken,
    );
    expect(errors).toEqual({});
    expect(op).toEqual({
      op: 'addField',
      field: 'xAccessibilitePmr',
      section: 'general',
      required: true,
      schema: {
        type: 'string',
        title: 'Accessibilité PMR',
        enum: ['oui', 'non', 'partielle'],
        'x-enum-labels': { oui: 'Oui', non: 'Non', partielle: 'Partielle' },
      },
    });
    expect(kindOf(op!.schema)).toBe('choice');
  });

  it('reads French numbers and refuses what the overlay would refuse, in French', () => {
    const ok = draftToOp(
      { ...emptyDraft('address'), label: 'Surface', kind: 'decimal', minimum: '0,5', maximum: '1 000' },
      new Set(),
    );
    expect(ok.op?.schema).toEqual({ type: 'number', title: 'Surface', minimum: 0.5, maximum: 1000 });
    expect(
      draftToOp({ ...emptyDraft('general'), kind: 'integer', minimum: '1,5', maximum: '0' }, new Set()).errors,
    ).toEqual({
      label: 'Ce champ est obligatoire.',
      minimum: 'Ce champ doit être un nombre entier.',
    });
    expect(
      draftToOp({ ...emptyDraft('general'), label: 'Étage', kind: 'integer', minimum: '5', maximum: '2' }, new Set())
        .errors.maximum,
    ).toBe('Le maximum doit être supérieur ou égal au minimum.');
    expect(draftToOp({ ...emptyDraft('general'), label: 'Choix', kind: 'choice' }, new Set()).errors.choices).toBe(
      'Indiquez au moins un choix, un par ligne.',
    );
  });
});

describe('version comparison in French', () => {
  it('describes relabelled, hidden, required and added fields, order and list columns', () => {
    const v1: OverlayOp[] = [{ op: 'listColumns', columns: ['name', 'city'] }];
    const v2: OverlayOp[] = [
      ACCESSIBILITY,
      { op: 'label', field: 'name', value: 'Nom de la permanence' },
      { op: 'hide', field: 'internalPresentation' },
      { op: 'require', field: 'phone' },
      { op: 'order', fields: ['slug', 'name'] },
      { op: 'listColumns', columns: ['name', 'xAccessibilitePmr'] },
    ];
    expect(describeFormChanges(base, v1, v2)).toEqual([
      'Champ ajouté : Accessibilité PMR (liste de choix, obligatoire) dans « Informations générales »',
      'Champ Nom : libellé “Nom” → “Nom de la permanence”',
      'Champ Téléphone : rendu obligatoire',
      'Champ Présentation interne (conseillers) : masqué',
      "Ordre des champs de « Informations générales » : Identifiant d'URL, Nom de la permanence, " +
        'Actif, Couleur, Structures, Conseillers présents',
      'Colonnes de la liste : Nom, Commune → Nom de la permanence, Accessibilité PMR',
    ]);
    expect(describeFormChanges(base, v2, v1)).toContain('Champ retiré : Accessibilité PMR');
    expect(describeFormChanges(base, v2, v1)).toContain(
      'Champ Présentation interne (conseillers) : de nouveau affiché',
    );
    expect(describeFormChanges(base, v2, v2)).toEqual([]);
    // A relabelled field shown as a column is one change, not a column change too.
    expect(describeFormChanges(base, [], [{ op: 'label', field: 'name', value: 'Intitulé' }])).toEqual([
      'Champ Nom : libellé “Nom” → “Intitulé”',
    ]);
  });

  it('describes menu entries hidden, renamed and moved', () => {
    const labels = new Map([
      ['place.list', 'Lieux'],
      ['reason.list', 'Motifs'],
    ]);
    expect(
      describeMenuChanges(
        labels,
        [{ op: 'menuHide', entry: 'reason.list' }],
        [
          { op: 'menuLabel', entry: 'place.list', value: 'Nos permanences' },
          { op: 'menuOrder', entry: 'place.list', value: 10 },
        ],
      ),
    ).toEqual([
      'Entrée de menu « Motifs » : de nouveau affichée',
      'Entrée de menu « Lieux » : libellé “Lieux” → “Nos permanences”',
      'Entrée de menu « Lieux » : position modifiée',
    ]);
  });
});
