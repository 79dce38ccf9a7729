import type { Kysely } from 'kysely';
import type { EntityRuntime } from '../../engine/schema/registry';
import type { RequestContext } from '../context';
import type { AppDatabase } from '../db/tables';
import type { ApiRecord } from '../db/row-mapper';
import { hooks } from '../hooks/registry';

/** Runs the entity's afterRead hooks on one record (details and write answers, not lists). */
export async function afterRead(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  record: ApiRecord,
): Promise<ApiRecord> {
  for (const name of entity.schema['x-entity'].hooks ?? []) await hooks[name]?.afterRead?.({ ctx, entity, record, db });
  return record;
}
