import type { RequestContext } from '../context';
import { denied, notFound } from '../context';
import type { EntityRuntime } from '../../engine/schema/registry';
import { rowToRecord, type ApiRecord, type Row } from '../db/row-mapper';
import { effectiveEntity } from '../access/effective-entity';
import { recordScopes } from '../../engine/schema/record-scopes';
import { assertModuleEnabled, assertNotSecretLinked, entityOf } from './entity-access';
import { mayView } from './related-rule';
import { afterRead } from './after-read';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/tables';

export function parsePk(raw: unknown): number | null {
  const s = String(raw);
  if (!/^\d{1,15}$/.test(s)) return null;
  const pk = Number(s);
  // Keys are 32-bit integers: a larger one names no record (PostgreSQL would refuse to compare).
  return pk <= 2_147_483_647 ? pk : null;
}

export async function loadRow(db: Kysely<AppDatabase>, entity: EntityRuntime, pk: number): Promise<Row | undefined> {
  return (await db
    .selectFrom(entity.schema['x-entity'].table as never)
    .selectAll()
    .where('pk' as never, '=', pk as never)
    .executeTakeFirst()) as Row | undefined;
}

/** One record, if it exists (404) and the user may see it (401/403). */
export async function findOne(ctx: RequestContext, name: string, rawPk: unknown): Promise<ApiRecord> {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  assertNotSecretLinked(ctx, entity);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  const row = await loadRow(ctx.app.database.db, entity, pk);
  if (!row) throw notFound(ctx);
  const scopes = recordScopes(entity.schema['x-entity'].customForms, rowToRecord(entity, row));
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel, scopes);
  const record = rowToRecord(entity, row, effective);
  if (!(await mayView(ctx, entity, rowToRecord(entity, row)))) throw denied(ctx);
  return afterRead(ctx, ctx.app.database.db, entity, record);
}
