import type { Registry, EntityRuntime } from '../../../engine/schema/registry';
import { isStored } from '../../../engine/schema/columns';
import type { Row } from '../../db/row-mapper';

/** The two kinds of file-area records that can be duplicates and merged. */
export type MergeKind = 'contact' | 'organization';

/** One stored property of some entity that points at a contact or an organisation. */
export interface RecordPointer {
  entity: EntityRuntime;
  property: string;
  column: string;
  /** A list of keys (JSON column: a list's members, a duplicate group's records) or one key. */
  array: boolean;
  /** At most one row per target (an incomplete entry): re-pointing could collide with the kept one's. */
  unique: boolean;
}

/**
 * Every stored relation of every entity to `kind`, read from the schema registry: what a merge must
 * re-point and its undo restore. Nothing is listed by hand, so that an entity added later with a
 * relation to contacts (or organisations) is re-pointed by merges without a change here.
 */
export function pointersTo(registry: Registry, kind: MergeKind): RecordPointer[] {
  const out: RecordPointer[] = [];
  for (const entity of registry.entities.values()) {
    for (const [property, p] of Object.entries(entity.schema.properties)) {
      if (p['x-relation']?.entity !== kind || !isStored(p)) continue;
      const column = entity.columnByProperty.get(property);
      if (!column) continue;
      out.push({
        entity,
        property,
        column: column.column,
        array: column.kind === 'json',
        unique: column.unique,
      });
    }
  }
  return out;
}

/** JSON columns as values whatever the database (SQLite gives text, PostgreSQL parsed jsonb). */
export function parsedRow(entity: EntityRuntime, row: Row): Row {
  const out: Row = { ...row };
  for (const c of entity.columns) {
    const v = out[c.column];
    if (c.kind === 'json' && typeof v === 'string') {
      try {
        out[c.column] = JSON.parse(v);
      } catch {
        // Kept as stored: it goes back as it came.
      }
    }
  }
  return out;
}

/** The reverse, for a write: JSON columns as text (what both drivers take). */
export function storableRow(entity: EntityRuntime, row: Row): Row {
  const out: Row = { ...row };
  for (const c of entity.columns) {
    const v = out[c.column];
    if (c.kind === 'json' && v !== null && v !== undefined && typeof v !== 'string') out[c.column] = JSON.stringify(v);
  }
  return out;
}

/** Keys of a JSON list column, however stored. */
export function keysOf(v: unknown): number[] {
  const list = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(list) ? list.filter((x): x is number => Number.isInteger(x)) : [];
}
