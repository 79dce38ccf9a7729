import { describe, expect, it } from 'vitest';
import { parseEntityTarget, parseScope, scopedEntityTarget } from './overlay-types';

describe('custom-form targets', () => {
  it('round-trips a scoped target and refuses malformed scopes', () => {
    expect(parseEntityTarget(scopedEntityTarget('contact', 'group:2'))).toEqual({
      entity: 'contact',
      scope: 'group:2',
    });
    expect(parseEntityTarget('entity:contact')).toEqual({ entity: 'contact' });
    expect(parseEntityTarget('entity:contact@owner:2')).toBeNull();
    expect(parseEntityTarget('entity:contact@group:0')).toBeNull();
    expect(parseEntityTarget('entity:contact@group:99999999999')).toBeNull();
    expect(parseScope('folderModel:12')).toEqual({ dimension: 'folderModel', pk: 12 });
    expect(parseScope('group:1,group:2')).toBeNull();
  });
});
