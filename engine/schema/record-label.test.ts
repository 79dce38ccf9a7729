import { describe, expect, it } from 'vitest';
import { labelFrom, recordLabel, recordLabelOrNumber } from './record-label';
import type { EntitySchema, PropertySchema } from './types';

const contact = {
  type: 'object',
  properties: {
    pk: { type: 'integer' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    owningGroup: { type: 'integer', 'x-relation': { entity: 'group' } },
  },
  'x-entity': { name: 'contact', display: 'lastName', label: ['firstName', 'lastName', 'owningGroup'] },
} as unknown as EntitySchema;

describe('recordLabel', () => {
  it('joins the declared naming properties, leaving out empty ones and related records’ numbers', () => {
    expect(recordLabel(contact, { pk: 4, firstName: 'Élodie', lastName: 'Garnier', owningGroup: 2 })).toBe(
      'Élodie Garnier',
    );
    expect(recordLabel(contact, { pk: 4, firstName: '', lastName: 'Garnier' })).toBe('Garnier');
    expect(recordLabelOrNumber(contact, { pk: 4 })).toBe('n° 4');
  });

  it('reads a day, a coded value and rich text as a person reads them', () => {
    const properties: Record<string, PropertySchema> = {
      date: { type: 'string', title: 'Date', format: 'date' },
      status: { type: 'string', title: 'État', 'x-enum-labels': { draft: 'Brouillon' } },
      note: { type: 'string', title: 'Note', 'x-widget': 'html' },
    };
    expect(labelFrom(properties, ['date'], { date: '2026-12-01' })).toBe('1er décembre 2026');
    expect(labelFrom(properties, ['date'], { date: '2026-11-29' })).toBe('29 novembre 2026');
    expect(labelFrom(properties, ['status'], { status: 'draft' })).toBe('Brouillon');
    expect(labelFrom(properties, ['note'], { note: '<p>Rappeler <strong>lundi</strong></p><p>matin</p>' })).toBe(
      'Rappeler lundi matin',
    );
  });

  it('shortens a long name with an ellipsis', () => {
    const long = labelFrom({ note: { type: 'string', title: 'Note' } }, ['note'], { note: 'mot '.repeat(40) });
    expect(long.length).toBe(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
