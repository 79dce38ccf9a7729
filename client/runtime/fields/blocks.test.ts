import { describe, expect, it } from 'vitest';
import { blockWith, missingFields, sameBlock } from './blocks';

describe('content blocks', () => {
  it('names the required fields a block leaves empty', () => {
    const schema = { type: 'object' as const, required: ['label', 'url'], properties: {} };
    expect(missingFields(schema, { label: '  ', url: 'https://exemple.fr' })).toEqual(['label']);
    expect(missingFields(schema, { label: 'Lire', url: null })).toEqual(['url']);
    expect(missingFields(schema, { label: 'Lire', url: '/rdv' })).toEqual([]);
    expect(missingFields({ type: 'object' }, {})).toEqual([]);
  });

  it('keeps the kind of a block and leaves emptied inputs out', () => {
    expect(blockWith('button', { label: 'Lire', url: undefined, type: 'title' })).toEqual({
      type: 'button',
      label: 'Lire',
    });
  });
});

describe('sameBlock', () => {
  it('ignores the order of the keys, not the values', () => {
    expect(sameBlock({ type: 'title', text: 'A' }, { text: 'A', type: 'title' })).toBe(true);
    expect(sameBlock({ type: 'title', text: 'A' }, { type: 'title', text: 'B' })).toBe(false);
    expect(sameBlock({ type: 'separator' }, { type: 'separator', extra: 1 })).toBe(false);
  });
});
