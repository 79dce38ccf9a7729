import { describe, expect, it } from 'vitest';
import { filterIsFeminine } from './filter-gender';
import type { EntityMeta } from './types';

const meta: Pick<EntityMeta, 'schema' | 'labels' | 'relationLabels'> = {
  labels: { singular: 'motif', plural: 'motifs' },
  relationLabels: {
    group: { singular: 'structure', plural: 'structures', feminine: true },
    user: { singular: 'utilisateur', plural: 'utilisateurs' },
  },
  schema: {
    type: 'object',
    required: [],
    properties: {
      group: { type: 'integer', title: 'Structure', 'x-relation': { entity: 'group' } },
      advisor: { type: 'integer', title: 'Conseiller', 'x-relation': { entity: 'user' } },
      category: { type: 'string', title: 'Catégorie', enum: ['a'], 'x-feminine': true },
      status: { type: 'string', title: 'État', enum: ['a'] },
      isActive: { type: 'boolean', title: 'Actif' },
    },
  },
};

describe('filterIsFeminine', () => {
  it('follows the property, then the related entity, then the listed entity for yes/no filters', () => {
    expect(filterIsFeminine(meta, 'group')).toBe(true);
    expect(filterIsFeminine(meta, 'advisor')).toBe(false);
    expect(filterIsFeminine(meta, 'category')).toBe(true);
    expect(filterIsFeminine(meta, 'status')).toBe(false);
    expect(filterIsFeminine(meta, 'isActive')).toBe(false);
    expect(filterIsFeminine({ ...meta, labels: { ...meta.labels, feminine: true } }, 'isActive')).toBe(true);
    expect(filterIsFeminine(meta, 'unknown')).toBe(false);
  });
});
