import { describe, expect, it } from 'vitest';
import { recordScopes } from './record-scopes';

const schema = (scopes: Record<string, string> | undefined) => scopes && { model: 'Contact', scopes };

describe('recordScopes', () => {
  it('reads scalar and list properties of the declared dimensions', () => {
    expect(recordScopes(schema({ group: 'groups', folderModel: 'model' }), { groups: [2, 5], model: 3 })).toEqual([
      'group:2',
      'group:5',
      'folderModel:3',
    ]);
  });
  it("puts a record without structure in the caller's, and ignores what is not a pk", () => {
    expect(recordScopes(schema({ group: 'group' }), {}, 4)).toEqual(['group:4']);
    const record = { groups: [] as number[] };
    expect(recordScopes(schema({ group: 'groups' }), record, 4)).toEqual(['group:4']);
    expect(record.groups).toEqual([]);
    expect(recordScopes(schema({ group: 'group' }), { group: 'x' }, 4)).toEqual([]);
    expect(recordScopes(schema({ group: 'group' }), { group: -1 })).toEqual([]);
  });
  it('gives nothing for an entity without custom forms', () => {
    expect(recordScopes(schema(undefined), { group: 2 })).toEqual([]);
  });
});
