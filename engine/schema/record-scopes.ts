import type { EntitySchema } from './types';
import { scopeKey, type ScopeDimension } from './overlay-types';

/**
 * The custom-form scopes a record falls in (`group:2`, `folderModel:5`…), read from the
 * properties its entity declares in `x-entity.customForms.scopes`. A record not yet placed in a
 * structure is in the caller's: the hooks that fill the owning structure use the caller's too.
 */
export function recordScopes(
  customForms: EntitySchema['x-entity']['customForms'] | null,
  record: Record<string, unknown>,
  callerGroup?: number | null,
): string[] {
  const declared = customForms?.scopes;
  if (!declared) return [];
  const scopes: string[] = [];
  for (const [dimension, property] of Object.entries(declared) as [ScopeDimension, string][]) {
    const value = record[property];
    const pks: unknown[] = Array.isArray(value) ? [...value] : value === null || value === undefined ? [] : [value];
    if (dimension === 'group' && pks.length === 0 && callerGroup) pks.push(callerGroup);
    for (const pk of pks)
      if (Number.isInteger(pk) && (pk as number) > 0) scopes.push(scopeKey(dimension, pk as number));
  }
  return scopes;
}
