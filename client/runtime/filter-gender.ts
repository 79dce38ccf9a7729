import { mainType } from '../../engine/schema/columns';
import type { EntityMeta } from './types';

/**
 * Whether a list filter's « all » choice is feminine (« Structure : Toutes », « Catégorie :
 * Toutes »): the property says so (`x-feminine`), else a relation takes its target entity's
 * gender, a yes/no filter the listed entity's (« Actif : Tous » lieux), anything else is masculine.
 */
export function filterIsFeminine(
  meta: Pick<EntityMeta, 'schema' | 'labels' | 'relationLabels'>,
  field: string,
): boolean {
  const prop = meta.schema.properties[field];
  if (!prop) return false;
  if (prop['x-feminine'] !== undefined) return prop['x-feminine'];
  const rel = prop['x-relation'];
  if (rel) return Boolean(meta.relationLabels?.[rel.entity]?.feminine);
  if (mainType(prop) === 'boolean') return Boolean(meta.labels.feminine);
  return false;
}
