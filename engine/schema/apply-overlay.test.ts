import { describe, expect, it } from 'vitest';
import { buildRegistry, getEntity } from './registry';
import { applyOverlay } from './apply-overlay';
import { loadDeclarations } from '../../server/schema/load-declarations';

const registry = buildRegistry(loadDeclarations());
const place = getEntity(registry, 'place');

describe('applyOverlay', () => {
  it('leaves the base untouched and reports version 0 without operations', () => {
    const e = applyOverlay(place, []);
    expect(e.schema.properties.name.title).toBe('Nom');
    expect(e.version).toBe(0);
    expect(e.problems).toEqual([]);
    expect(place.schema.properties.name.title).toBe('Nom');
  });

  it('relabels, hides, requires, adds fields and list columns', () => {
    const e = applyOverlay(
      place,
      [
        { op: 'label', field: 'name', value: 'Permanence' },
        { op: 'hide', field: 'internalPresentation' },
        { op: 'require', field: 'phone' },
        {
          op: 'addField',
          field: 'xFloor',
          section: 'address',
          schema: { type: 'integer', title: 'Étage', minimum: 0 },
        },
        { op: 'listColumns', columns: ['name', 'xFloor'] },
      ],
      4,
    );
    expect(e.schema.properties.name.title).toBe('Permanence');
    expect(e.hidden.has('internalPresentation')).toBe(true);
    expect(e.form.layout.sections.flatMap((s) => s.fields)).not.toContain('internalPresentation');
    expect(e.schema.required).toContain('phone');
    expect(e.extraFields.has('xFloor')).toBe(true);
    expect(e.form.layout.sections.find((s) => s.id === 'address')!.fields).toContain('xFloor');
    expect(e.listColumns).toEqual(['name', 'xFloor']);
    expect(e.version).toBe(4);
    // The base registry entry is never mutated.
    expect(place.schema.properties.xFloor).toBeUndefined();
  });

  it('only tightens: a required field without default cannot be hidden, enums only shrink', () => {
    const notification = getEntity(registry, 'notification');
    const e = applyOverlay(notification, [
      { op: 'hide', field: 'trigger' },
      { op: 'enumSubset', field: 'term', values: ['immediate', 'weekly'] },
    ]);
    expect(e.hidden.has('trigger')).toBe(false);
    expect(e.problems[0]).toContain('ne peut pas être masqué');
    expect(e.schema.properties.term.enum).toEqual(['immediate']);
  });

  it('reports operations on fields that no longer exist instead of applying them', () => {
    const e = applyOverlay(place, [
      { op: 'label', field: 'removedField', value: 'x' },
      { op: 'addField', field: 'xName', schema: { type: 'string', title: 'A' } },
      { op: 'addField', field: 'xName', schema: { type: 'string', title: 'B' } },
    ]);
    expect(e.problems).toEqual([
      "label : le champ « removedField » n'existe pas.",
      'addField : le champ « xName » existe déjà.',
    ]);
  });
});
