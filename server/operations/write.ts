import type { Kysely } from 'kysely';
import type { EffectiveEntity } from '../../engine/schema/apply-overlay';
import type { EntityRuntime } from '../../engine/schema/registry';
import {
  readOnlyFields,
  validateRecord,
  writableFields,
  type RuleContext,
} from '../../engine/validation/validate-record';
import { translate } from '../../engine/validation/messages';
import type { FieldError } from '../../engine/validation/field-error';
import { HttpError, ValidationError } from '../http/http-error';
import { message, notFound, type RequestContext } from '../context';
import type { AppDatabase } from '../db/tables';
import { nowIso } from '../db/column-types';
import { recordToRow, rowToRecord, type ApiRecord } from '../db/row-mapper';
import { afterCommit, inTransaction } from '../db/transaction';
import { effectiveCacheKey, effectiveEntity } from '../access/effective-entity';
import { recordScopes } from '../../engine/schema/record-scopes';
import { hooksOf } from '../hooks/registry';
import { cleanHtmlFields } from '../security/sanitize-html';
import { normalisePhoneFields } from '../../engine/format/phone';
import {
  assertMay,
  assertMayEverDo,
  assertModuleEnabled,
  assertNotSecretLinked,
  entityOf,
  ruleData,
} from './entity-access';
import { loadRow, parsePk } from './find-one';
import { checkRelations, checkUnique } from './write-checks';
import { afterRead } from './after-read';
import { countOf } from '../../engine/format/plural';
import { searchColumnValues } from './search-text';
import { attachFiles, deleteFilesAfterCommit, fileKeysOf } from './file-fields';
import { stampContentChange } from '../modules/workflow/workflow-stamp';

function defaults(effective: EffectiveEntity): ApiRecord {
  const record: ApiRecord = {};
  for (const [name, p] of Object.entries(effective.schema.properties)) {
    if (p.default !== undefined) record[name] = structuredClone(p.default);
  }
  return record;
}

function ruleContext(ctx: RequestContext, previous?: ApiRecord): RuleContext {
  return { user: ctx.user, whiteLabel: ruleData(ctx).whiteLabel, previous };
}

/**
 * Input keys a user may set: not read-only, not private, not hidden by the white label, not
 * locked for this user by a `readOnlyIf` rule (the per-field write rights: a locked field keeps
 * its stored value whatever is sent, as screens send read-only fields back unchanged). A
 * write-only secret sent empty keeps its value.
 */
function copyInput(
  effective: EffectiveEntity,
  target: ApiRecord,
  input: Record<string, unknown>,
  locked: Set<string>,
): void {
  for (const [name, p] of Object.entries(effective.schema.properties)) {
    if (p.readOnly || p['x-storage']?.private || effective.hidden.has(name) || locked.has(name)) continue;
    if (!Object.prototype.hasOwnProperty.call(input, name)) continue;
    if (p.writeOnly && (input[name] === '' || input[name] === null)) continue;
    target[name] = input[name];
  }
}

/**
 * Fields that a visibility rule hides keep no submitted value: a new record gets the default, a
 * stored one keeps what it had (a write never changes a value the user could not see).
 */
function resetInvisible(
  ctx: RequestContext,
  effective: EffectiveEntity,
  record: ApiRecord,
  previous?: ApiRecord,
): void {
  const visible = new Set(writableFields(effective, record, ruleContext(ctx, previous)));
  for (const [name, p] of Object.entries(effective.schema.properties)) {
    if (p.readOnly || p['x-storage']?.private || effective.hidden.has(name) || visible.has(name)) continue;
    if (!effective.fieldRules[name]?.visibleIf) continue;
    if (previous) record[name] = previous[name];
    else record[name] = p.default !== undefined ? structuredClone(p.default) : null;
  }
}

async function runBeforeValidate(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  record: ApiRecord,
  previous?: ApiRecord,
) {
  for (const hook of hooksOf(entity)) await hook.beforeValidate?.({ ctx, entity, record, previous, db });
}

/** In the write transaction, the stored record: what comes with it (hooks' afterSave). */
async function runAfterSave(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  record: ApiRecord,
  previous?: ApiRecord,
) {
  for (const hook of hooksOf(entity))
    await hook.afterSave?.({ ctx, entity, record, previous, db, created: previous === undefined });
}

async function validateAll(args: {
  ctx: RequestContext;
  db: Kysely<AppDatabase>;
  entity: EntityRuntime;
  effective: EffectiveEntity;
  record: ApiRecord;
  previous?: ApiRecord;
}): Promise<void> {
  const { ctx, db, entity, effective, record, previous } = args;
  const errors: FieldError[] = validateRecord({
    entity: effective,
    record,
    ctx: ruleContext(ctx, previous),
    catalogue: ctx.app.catalogue,
    cacheKey: effectiveCacheKey(effective, ctx.whiteLabel),
  });
  // A NUL character can reach no query (PostgreSQL refuses it in text): refused before the
  // relation, uniqueness and hook checks, which read the database with the record's values.
  if (errors.some((e) => e.code === 'control_character'))
    throw new ValidationError(errors, translate(ctx.app.catalogue, 'validation.summary'));
  const failed = new Set(errors.map((e) => e.path));
  const fields = Object.keys(effective.schema.properties).filter((f) => !failed.has(f));
  errors.push(...(await checkRelations({ ctx, db, entity: effective, record, previous, fields })));
  const unchecked = Object.fromEntries(Object.entries(record).filter(([k]) => !failed.has(k)));
  errors.push(
    ...(await checkUnique({ ctx, db, entity, effective, record: unchecked, pk: previous?.pk as number | undefined })),
  );
  for (const hook of hooksOf(entity)) {
    const found = (await hook.validate?.({ ctx, entity, record, previous, db })) ?? [];
    errors.push(...found.filter((e) => !errors.some((x) => x.path === e.path && e.path !== '')));
  }
  if (errors.length) throw new ValidationError(errors, translate(ctx.app.catalogue, 'validation.summary'));
}

/** After the outermost commit: caches and other side effects (afterWrite hooks). */
async function queueAfterWrite(
  ctx: RequestContext,
  entity: EntityRuntime,
  record: ApiRecord,
  created = false,
): Promise<void> {
  await afterCommit(ctx, async (app) => {
    for (const hook of hooksOf(entity))
      await hook.afterWrite?.({ ctx: { ...ctx, app }, entity, record, db: app.database.db, created });
  });
}

/** File values become stored references, or the save is refused (server/operations/file-fields.ts). */
async function assertFilesAttached(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  record: ApiRecord,
  previous?: ApiRecord,
): Promise<void> {
  const errors = await attachFiles(ctx, db, entity, record, previous);
  if (errors.length) throw new ValidationError(errors, translate(ctx.app.catalogue, 'validation.summary'));
}

function storedProperties(entity: EntityRuntime): string[] {
  return entity.columns.filter((c) => !c.primaryKey && c.property !== '$extra').map((c) => c.property);
}

function assertObject(ctx: RequestContext, input: unknown): asserts input is Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'errors.invalid_json'));
  }
}

/** POST: defaults ⊕ input, hooks, validation, rights on the new record, insert — one transaction. */
export async function create(
  ctx: RequestContext,
  name: string,
  input: Record<string, unknown>,
  options: { requestHost?: string } = {},
): Promise<ApiRecord> {
  assertObject(ctx, input);
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  assertMayEverDo(ctx, entity, 'create');
  if (input.pk !== undefined && input.pk !== null) {
    throw new ValidationError(
      [{ path: 'pk', code: 'pk_on_create', params: {}, message: message(ctx.app, 'validation.pk_on_create') }],
      message(ctx.app, 'validation.summary'),
    );
  }
  const scopes = recordScopes(entity.schema['x-entity'].customForms, input, ctx.user.group);
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel, scopes);
  return inTransaction(ctx, async (tctx, trx) => {
    const record = defaults(effective);
    const locked = readOnlyFields(effective, record, ruleContext(tctx));
    copyInput(effective, record, input, locked);
    resetInvisible(tctx, effective, record);
    await assertFilesAttached(tctx, trx, entity, record);
    await runBeforeValidate(tctx, trx, entity, record);
    cleanHtmlFields(effective.schema.properties, record);
    normalisePhoneFields(effective.schema.properties, record);
    await validateAll({ ctx: tctx, db: trx, entity, effective, record });
    assertMay(tctx, entity, 'create', record);
    const now = nowIso();
    stampContentChange(tctx, entity, record, undefined, now);
    if (entity.columnByProperty.has('createdAt')) record.createdAt = now;
    if (entity.columnByProperty.has('updatedAt')) record.updatedAt = now;
    const props = storedProperties(entity).filter((p) => record[p] !== undefined);
    const row = { ...recordToRow(entity, record, props, effective), ...searchColumnValues(entity, record) };
    const table = entity.schema['x-entity'].table;
    // The stored row as the database completed it, in the same statement (no re-read: an import
    // creates thousands of records in a row, docs/performance.md "Import").
    const stored = (await trx
      .insertInto(table as never)
      .values(row as never)
      .returningAll()
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    await runAfterSave(tctx, trx, entity, rowToRecord(entity, stored, effective));
    const created = await afterRead(tctx, trx, entity, rowToRecord(entity, stored, effective));
    await afterCommit(tctx, async (app) => {
      const committed = { ...ctx, app };
      for (const hook of hooksOf(entity)) {
        await hook.afterCreate?.({
          ctx: committed,
          entity,
          record: created,
          input,
          db: app.database.db,
          requestHost: options.requestHost,
        });
      }
    });
    await queueAfterWrite(tctx, entity, created, true);
    return created;
  });
}

/** PATCH: the stored record ⊕ input, validated whole; rights hold before and after the change. */
export async function update(
  ctx: RequestContext,
  name: string,
  rawPk: unknown,
  input: Record<string, unknown>,
): Promise<ApiRecord> {
  assertObject(ctx, input);
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  assertNotSecretLinked(ctx, entity);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  // The custom forms of the record's scopes (as it will be) apply; read before the transaction,
  // which holds SQLite's only connection.
  const before = entity.schema['x-entity'].customForms ? await loadRow(ctx.app.database.db, entity, pk) : undefined;
  const scopes = before
    ? recordScopes(entity.schema['x-entity'].customForms, { ...rowToRecord(entity, before), ...input }, ctx.user.group)
    : [];
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel, scopes);
  return inTransaction(ctx, async (tctx, trx) => {
    const row = await loadRow(trx, entity, pk);
    if (!row) throw notFound(tctx);
    // With its secrets: a write-only value that is not sent again stays, and still counts as there.
    const previous = rowToRecord(entity, row, effective, { withSecrets: true });
    const stored = rowToRecord(entity, row);
    assertMay(tctx, entity, 'change', stored);
    const record: ApiRecord = { ...previous };
    const locked = readOnlyFields(effective, record, ruleContext(tctx, previous));
    copyInput(effective, record, input, locked);
    resetInvisible(tctx, effective, record, previous);
    await assertFilesAttached(tctx, trx, entity, record, previous);
    await runBeforeValidate(tctx, trx, entity, record, previous);
    cleanHtmlFields(effective.schema.properties, record);
    normalisePhoneFields(effective.schema.properties, record);
    await validateAll({ ctx: tctx, db: trx, entity, effective, record, previous });
    assertMay(tctx, entity, 'change', { ...stored, ...record });
    stampContentChange(tctx, entity, record, previous, nowIso());
    if (entity.columnByProperty.has('updatedAt')) record.updatedAt = nowIso();
    const props = storedProperties(entity).filter(
      (p) => record[p] !== undefined && !entity.schema.properties[p]?.['x-storage']?.private,
    );
    const values = {
      ...recordToRow(entity, record, props, effective, row.extra),
      ...searchColumnValues(entity, { ...stored, ...record }),
    };
    await trx
      .updateTable(entity.schema['x-entity'].table as never)
      .set(values as never)
      .where('pk' as never, '=', pk as never)
      .execute();
    await runAfterSave(tctx, trx, entity, rowToRecord(entity, (await loadRow(trx, entity, pk))!, effective), previous);
    const updated = await afterRead(
      tctx,
      trx,
      entity,
      rowToRecord(entity, (await loadRow(trx, entity, pk))!, effective),
    );
    await queueAfterWrite(tctx, entity, updated);
    return updated;
  });
}

/**
 * DELETE: the entity's beforeDelete hooks first (what belongs to the record goes with it), then
 * refused while other records still point to this one (they are listed).
 */
export async function remove(ctx: RequestContext, name: string, rawPk: unknown): Promise<{ ok: string }> {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  assertNotSecretLinked(ctx, entity);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  return inTransaction(ctx, async (tctx, trx) => {
    const row = await loadRow(trx, entity, pk);
    if (!row) throw notFound(tctx);
    const record = rowToRecord(entity, row);
    assertMay(tctx, entity, 'delete', record);
    const soft = entity.schema['x-entity'].api?.softDelete;
    if (soft) {
      await softDelete(tctx, trx, entity, row, soft);
      return { ok: 'Deleted' };
    }
    for (const hook of hooksOf(entity)) await hook.beforeDelete?.({ ctx: tctx, entity, record, db: trx });
    const usages = await usagesOf(tctx, trx, entity, pk);
    if (usages.length) {
      throw new HttpError(409, 'in_use', message(tctx.app, 'errors.in_use', { usages: usages.join(', ') }), undefined, {
        usages,
      });
    }
    await trx
      .deleteFrom(entity.schema['x-entity'].table as never)
      .where('pk' as never, '=', pk as never)
      .execute();
    await deleteFilesAfterCommit(tctx, fileKeysOf(entity, record));
    await queueAfterWrite(tctx, entity, { pk });
    return { ok: 'Deleted' };
  });
}

/**
 * A soft delete (`x-entity.api.softDelete`): the record stays, with its status field set (an
 * appointment or a slot is cancelled, never removed: calendars and history keep it). The
 * beforeValidate hooks run as for any save (sequence numbers, history lines); validation does
 * not, so that a record made invalid by later changes elsewhere can still be cancelled. Deleting
 * a record already in that state changes nothing.
 */
async function softDelete(
  ctx: RequestContext,
  trx: Kysely<AppDatabase>,
  entity: EntityRuntime,
  row: NonNullable<Awaited<ReturnType<typeof loadRow>>>,
  soft: { field: string; value: string },
): Promise<void> {
  const effective = await effectiveEntity(ctx.app, entity.name, ctx.whiteLabel);
  const previous = rowToRecord(entity, row, effective, { withSecrets: true });
  if (previous[soft.field] === soft.value) return;
  const record: ApiRecord = { ...previous, [soft.field]: soft.value };
  await runBeforeValidate(ctx, trx, entity, record, previous);
  if (entity.columnByProperty.has('updatedAt')) record.updatedAt = nowIso();
  const props = storedProperties(entity).filter(
    (p) => record[p] !== undefined && !entity.schema.properties[p]?.['x-storage']?.private,
  );
  const values = {
    ...recordToRow(entity, record, props, effective, row.extra),
    ...searchColumnValues(entity, record),
  };
  await trx
    .updateTable(entity.schema['x-entity'].table as never)
    .set(values as never)
    .where('pk' as never, '=', previous.pk as never)
    .execute();
  await queueAfterWrite(ctx, entity, record);
}

/** "3 lieux, 1 notification": records of other entities that reference this one. */
export async function usagesOf(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  pk: number,
): Promise<string[]> {
  const { filterToSql } = await import('../db/apply-filter');
  const out: string[] = [];
  for (const other of ctx.app.registry.entities.values()) {
    const fields = Object.entries(other.schema.properties).filter(
      ([, p]) => p['x-relation']?.entity === entity.name && !p['x-storage']?.virtual,
    );
    if (!fields.length) continue;
    const filter = {
      or: fields.map(([f, p]) =>
        p.type === 'array' ? { contains: f, value: pk } : { cmp: '=' as const, field: f, value: pk },
      ),
    };
    const counted = (await db
      .selectFrom(other.schema['x-entity'].table as never)
      .where((eb) => filterToSql(eb, filter, other, ctx.app.database.dialect))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()) as { n: number } | undefined;
    const n = Number(counted?.n ?? 0);
    if (n > 0) out.push(countOf(n, other.schema['x-entity'].labels.singular, other.schema['x-entity'].labels.plural));
  }
  return out;
}
