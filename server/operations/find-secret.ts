import { sql } from 'kysely';
import type { RequestContext } from '../context';
import { notFound } from '../context';
import { rowToRecord, type ApiRecord } from '../db/row-mapper';
import { effectiveEntity } from '../access/effective-entity';
import { assertModuleEnabled, entityOf } from './entity-access';
import { mayView } from './related-rule';

/** Secrets are long random tokens (uuids): anything else is not worth a query. */
const SECRET = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The one record of a secret-link entity (`x-entity.secretLink`) whose secret is `secret`, while
 * the link is valid (`ttlHours` after creation) and the caller may view it. Every failure —
 * malformed, unknown, expired, not allowed — answers the same 404, so a link reveals nothing.
 */
export async function findBySecret(ctx: RequestContext, name: string, secret: string): Promise<ApiRecord> {
  const entity = entityOf(ctx, name);
  const link = entity.schema['x-entity'].secretLink;
  if (!link) throw notFound(ctx);
  assertModuleEnabled(ctx, entity);
  if (!SECRET.test(secret)) throw notFound(ctx);
  const column = entity.columnByProperty.get(link.field)?.column;
  if (!column) throw notFound(ctx);
  const row = (await ctx.app.database.db
    .selectFrom(entity.schema['x-entity'].table as never)
    .selectAll()
    .where(sql.ref(column), '=', secret)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw notFound(ctx);
  const record = rowToRecord(entity, row, await effectiveEntity(ctx.app, name, ctx.whiteLabel));
  if (link.ttlHours !== undefined) {
    const created = Date.parse(String(record.createdAt ?? ''));
    if (!Number.isFinite(created) || Date.now() - created > link.ttlHours * 3_600_000) throw notFound(ctx);
  }
  if (!(await mayView(ctx, entity, rowToRecord(entity, row)))) throw notFound(ctx);
  return record;
}
