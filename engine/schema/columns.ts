import type { EntitySchema, PropertySchema } from './types';
import { toSnake } from './naming';
import { sortProperties } from './sort-keys';

export type ColumnKind = 'text' | 'integer' | 'real' | 'boolean' | 'json';

export interface ColumnSpec {
  property: string;
  column: string;
  kind: ColumnKind;
  unique: boolean;
  index: boolean;
  primaryKey?: boolean;
}

/** Name of the JSON column that keeps the values of white-label extra fields. */
export const EXTRA_COLUMN = 'extra';

export function mainType(prop: PropertySchema): string {
  const t = prop.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') ?? 'string';
  return t ?? 'string';
}

export function isNullable(prop: PropertySchema): boolean {
  return Array.isArray(prop.type) && prop.type.includes('null');
}

export function columnKind(prop: PropertySchema): ColumnKind {
  switch (mainType(prop)) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'real';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'object':
      return 'json';
    default:
      return 'text';
  }
}

export function isStored(prop: PropertySchema): boolean {
  return !prop['x-storage']?.virtual && !prop['x-extra'];
}

/**
 * The columns of an entity's table, in declaration order. Every entity gets `pk`; timestamps
 * and the extra-fields column are added by the registry as ordinary properties/columns.
 */
export function entityColumns(schema: EntitySchema): ColumnSpec[] {
  const columns: ColumnSpec[] = [];
  const list = schema['x-entity'].list ?? {};
  // Sorted and referenced columns get an index: list pages stay fast on large tables.
  const indexed = new Set([...(list.sortable ?? []), ...sortProperties(list.defaultSort)]);
  for (const [property, prop] of Object.entries(schema.properties)) {
    if (!isStored(prop)) continue;
    const storage = prop['x-storage'] ?? {};
    const kind = columnKind(prop);
    const scalarRelation = Boolean(prop['x-relation']) && kind === 'integer';
    columns.push({
      property,
      column: storage.column ?? toSnake(property),
      kind,
      unique: Boolean(storage.unique),
      index:
        !storage.unique &&
        property !== 'pk' &&
        kind !== 'json' &&
        (Boolean(storage.index) || indexed.has(property) || scalarRelation),
      primaryKey: property === 'pk' || undefined,
    });
  }
  if (schema['x-entity'].extraFields !== false) {
    columns.push({ property: '$extra', column: EXTRA_COLUMN, kind: 'json', unique: false, index: false });
  }
  return columns;
}
