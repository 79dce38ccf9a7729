import type { Kysely } from 'kysely';
import type { EntityRuntime } from '../../../engine/schema/registry';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { loadRow } from '../../operations/find-one';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { isRecordKey } from '../../db/record-key';

/** The property holding the structure a file-area record belongs to. */
export const OWNING_GROUP = 'owningGroup';

/**
 * Single links of an entity to records that belong to a structure themselves (a note's contact,
 * a membership's contact and organisation, a reminder's note): the record belongs to theirs.
 * Writable ones first, in declaration order; read-only ones are filled from them.
 */
export function groupOwnedLinks(app: AppContext, entity: EntityRuntime): { property: string; target: string }[] {
  const out: { property: string; target: string }[] = [];
  for (const [property, p] of Object.entries(entity.schema.properties)) {
    const target = p['x-relation']?.entity;
    if (!target || p.type === 'array' || p.readOnly || property === OWNING_GROUP) continue;
    const other = app.registry.entities.get(target);
    if (other?.schema.properties[OWNING_GROUP]) out.push({ property, target });
  }
  return out;
}

/** A linked record as the API reads it, or undefined when the key points nowhere. */
export async function linkedRecord(
  app: AppContext,
  db: Kysely<AppDatabase>,
  target: string,
  pk: unknown,
): Promise<ApiRecord | undefined> {
  if (!isRecordKey(pk)) return undefined;
  const entity = app.registry.entities.get(target);
  if (!entity) return undefined;
  const row = await loadRow(db, entity, pk);
  return row ? rowToRecord(entity, row) : undefined;
}
