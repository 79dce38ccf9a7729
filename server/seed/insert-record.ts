import { sql } from 'kysely';
import type { RequestContext } from '../context';
import { applyOverlay } from '../../engine/schema/apply-overlay';
import { getEntity } from '../../engine/schema/registry';
import { validateRecord } from '../../engine/validation/validate-record';
import { hooks } from '../hooks/registry';
import { nowIso } from '../db/column-types';
import { recordToRow, rowToRecord, type ApiRecord } from '../db/row-mapper';
import { searchColumnValues } from '../operations/search-text';
import { checkRelations } from '../operations/write-checks';
import { cleanHtmlFields } from '../security/sanitize-html';
import { normalisePhoneFields } from '../../engine/format/phone';

/**
 * Inserts a fixture record with its given pk, through the same defaults, hooks and validation
 * as the API (a broken fixture fails loudly instead of seeding bad data). The entity's afterSave
 * hooks run as after an API create (a folder's default actions and stored status), so `ctx`
 * must be an `inTransaction` context when the entity has such hooks.
 */
export async function insertFixture(ctx: RequestContext, entityName: string, data: ApiRecord): Promise<void> {
  const entity = getEntity(ctx.app.registry, entityName);
  const effective = applyOverlay(entity, []);
  const record: ApiRecord = {};
  for (const [name, p] of Object.entries(effective.schema.properties))
    if (p.default !== undefined) record[name] = structuredClone(p.default);
  Object.assign(record, data);
  const db = ctx.app.database.db;
  for (const h of entity.schema['x-entity'].hooks ?? []) await hooks[h]?.beforeValidate?.({ ctx, entity, record, db });
  cleanHtmlFields(effective.schema.properties, record);
  normalisePhoneFields(effective.schema.properties, record);
  const errors = validateRecord({
    entity: effective,
    record,
    ctx: { user: ctx.user, whiteLabel: ctx.whiteLabel },
    catalogue: ctx.app.catalogue,
    cacheKey: `seed|${entityName}`,
  });
  errors.push(
    ...(await checkRelations({ ctx, db, entity: effective, record, fields: Object.keys(effective.schema.properties) })),
  );
  if (errors.length)
    throw new Error(
      `fixture ${entityName} ${JSON.stringify(data.pk ?? data)}: ` +
        errors.map((e) => `${e.path}: ${e.message}`).join('; '),
    );
  const now = nowIso();
  record.createdAt ??= now;
  record.updatedAt ??= now;
  if (entity.columnByProperty.has('dateJoined')) record.dateJoined ??= now;
  const props = entity.columns.filter((c) => c.property !== '$extra' && !c.primaryKey).map((c) => c.property);
  const row = { ...recordToRow(entity, record, props), ...searchColumnValues(entity, record) };
  if (typeof data.pk === 'number') row.pk = data.pk;
  const stored = (await db
    .insertInto(entity.schema['x-entity'].table as never)
    .values(row as never)
    .returningAll()
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const hookList = (entity.schema['x-entity'].hooks ?? []).map((h) => hooks[h]).filter((h) => h?.afterSave);
  if (!hookList.length) return;
  const saved = rowToRecord(entity, stored, effective);
  for (const h of hookList) await h?.afterSave?.({ ctx, entity, record: saved, db, created: true });
}

/** After explicit pks, PostgreSQL's sequences must continue after the highest one. */
export async function resetSequences(ctx: RequestContext): Promise<void> {
  if (ctx.app.database.dialect !== 'postgres') return;
  for (const e of ctx.app.registry.entities.values()) {
    const table = e.schema['x-entity'].table;
    const highest = sql`coalesce((select max(pk) from ${sql.table(table)}), 0)`;
    await sql`select setval(pg_get_serial_sequence(${table}, 'pk'), ${highest} + 1, false)`.execute(
      ctx.app.database.db,
    );
  }
}
