import type { Kysely } from 'kysely';
import type { EffectiveEntity } from '../../engine/schema/apply-overlay';
import type { EntityRuntime } from '../../engine/schema/registry';
import { readOnlyFields, validateRecord, writableFields } from '../../engine/validation/validate-record';
import { translate } from '../../engine/validation/messages';
import type { FieldError } from '../../engine/validation/field-error';
import { HttpError, ValidationError } from '../http/http-error';
import { message, notFound, type RequestContext } from '../context';
import type { AppDatabase } from '../db/tables';
import { nowIso } from '../db/column-types';
import { recordToRow, rowToRecord, type ApiRecord } from '../db/row-mapper';
import { effectiveCacheKey, effectiveEntity } from '../access/effective-entity';
import { hooks } from '../hooks';
import { cleanHtml } from '../security/sanitize-html';
import { assertMay, assertMayEverDo, assertModuleEnabled, entityOf, ruleData } from './entity-access';
import { loadRow, parsePk } from './find-one';
import { checkRelations, checkUnique } from './write-checks';
import { afterRead } from './after-read';
import { searchColumnValues } from './search-text';

function defaults(effective: EffectiveEntity): ApiRecord {
  const record: ApiRecord = {};
  for (const [name, p] of Object.entries(effective.schema.properties)) {
    if (p.default !== undefined) record[name] = structuredClone(p.default);
  }
  return record;
}

/** Input keys a user may set: not read-only, not private, not hidden by the white label. */
function copyInput(effective: EffectiveEntity, target: ApiRecord, input: Record<string, unknown>, locked: Set<string> = new Set()): void {
  for (const [name, p] of Object.entries(effective.schema.properties)) {
    if (p.readOnly || p['x-storage']?.private || effective.hidden.has(name) || locked.has(name)) continue;
    if (!Object.prototype.hasOwnProperty.call(input, name)) continue;
    // Rich text is stored clean: what staff type may later be shown on public pages.
    target[name] = p.format === 'html' && typeof input[name] === 'string' ? cleanHtml(input[name]) : input[name];
  }
}

/** Fields hidden by a visibility rule keep no submitted value: they go back to their default. */
function resetInvisible(ctx: RequestContext, effective: EffectiveEntity, record: ApiRecord, previous?: ApiRecord): void {
  const visible = new Set(writableFields(effective, record, { user: ctx.user, whiteLabel: ruleData(ctx).whiteLabel, previous }));
  for (const [name, p] of Object.entries(effective.schema.properties)) {
    if (p.readOnly || p['x-storage']?.private || effective.hidden.has(name) || visible.has(name)) continue;
    if (effective.fieldRules[name]?.visibleIf) record[name] = p.default !== undefined ? structuredClone(p.default) : null;
  }
}

async function runHooks(ctx: RequestContext, db: Kysely<AppDatabase>, entity: EntityRuntime, record: ApiRecord, previous?: ApiRecord) {
  for (const name of entity.schema['x-entity'].hooks ?? []) {
    const hook = hooks[name];
    if (!hook) throw new Error(`hook ${name} of ${entity.name} is not registered`);
    await hook.beforeValidate?.({ ctx, entity, record, previous, db });
  }
}

async function validateAll(ctx: RequestContext, db: Kysely<AppDatabase>, entity: EntityRuntime, effective: EffectiveEntity, record: ApiRecord, previous?: ApiRecord): Promise<void> {
  const errors: FieldError[] = validateRecord({
    entity: effective,
    record,
    ctx: { user: ctx.user, whiteLabel: ruleData(ctx).whiteLabel, previous },
    catalogue: ctx.app.catalogue,
    cacheKey: effectiveCacheKey(effective, ctx.whiteLabel),
  });
  const failed = new Set(errors.map((e) => e.path));
  const fields = Object.keys(effective.schema.properties).filter((f) => !failed.has(f));
  errors.push(...(await checkRelations({ ctx, db, entity: effective, record, previous, fields })));
  errors.push(...(await checkUnique({ ctx, db, entity, effective, record: Object.fromEntries(Object.entries(record).filter(([k]) => !failed.has(k))), pk: previous?.pk as number | undefined })));
  for (const name of entity.schema['x-entity'].hooks ?? []) {
    const found = (await hooks[name]?.validate?.({ ctx, entity, record, previous, db })) ?? [];
    errors.push(...found.filter((e) => !errors.some((x) => x.path === e.path && e.path !== '')));
  }
  if (errors.length) throw new ValidationError(errors, translate(ctx.app.catalogue, 'validation.summary'));
}

/** After a committed create, update or delete: caches and other side effects (afterWrite hooks). */
async function afterWrite(ctx: RequestContext, entity: EntityRuntime, record: ApiRecord): Promise<void> {
  for (const name of entity.schema['x-entity'].hooks ?? []) await hooks[name]?.afterWrite?.({ ctx, entity, record, db: ctx.app.database.db });
}

function storedProperties(entity: EntityRuntime): string[] {
  return entity.columns.filter((c) => !c.primaryKey && c.property !== '$extra').map((c) => c.property);
}

/** POST: defaults ⊕ input, hooks, validation, rights on the new record, insert — one transaction. */
function assertObject(ctx: RequestContext, input: unknown): asserts input is Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'errors.invalid_json'));
  }
}

export async function create(ctx: RequestContext, name: string, input: Record<string, unknown>, options: { requestHost?: string } = {}): Promise<ApiRecord> {
  assertObject(ctx, input);
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  assertMayEverDo(ctx, entity, 'create');
  if (input.pk !== undefined && input.pk !== null) {
    throw new ValidationError([{ path: 'pk', code: 'pk_on_create', params: {}, message: message(ctx.app, 'validation.pk_on_create') }], message(ctx.app, 'validation.summary'));
  }
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel);
  const created = await ctx.app.database.db.transaction().execute(async (trx) => {
    const record = defaults(effective);
    copyInput(effective, record, input, readOnlyFields(effective, record, { user: ctx.user, whiteLabel: ruleData(ctx).whiteLabel }));
    resetInvisible(ctx, effective, record);
    await runHooks(ctx, trx, entity, record);
    await validateAll(ctx, trx, entity, effective, record);
    assertMay(ctx, entity, 'create', record);
    const now = nowIso();
    if (entity.columnByProperty.has('createdAt')) record.createdAt = now;
    if (entity.columnByProperty.has('updatedAt')) record.updatedAt = now;
    const props = storedProperties(entity).filter((p) => record[p] !== undefined);
    const row = { ...recordToRow(entity, record, props, effective), ...searchColumnValues(entity, record) };
    const inserted = (await trx.insertInto(entity.schema['x-entity'].table as never).values(row as never).returning('pk' as never).executeTakeFirstOrThrow()) as { pk: number };
    const stored = await loadRow(trx, entity, inserted.pk);
    return afterRead(ctx, trx, entity, rowToRecord(entity, stored!, effective));
  });
  for (const hookName of entity.schema['x-entity'].hooks ?? []) {
    await hooks[hookName]?.afterCreate?.({ ctx, entity, record: created, input, db: ctx.app.database.db, requestHost: options.requestHost });
  }
  await afterWrite(ctx, entity, created);
  return created;
}

/** PATCH: the stored record ⊕ input, validated whole; rights hold before and after the change. */
export async function update(ctx: RequestContext, name: string, rawPk: unknown, input: Record<string, unknown>): Promise<ApiRecord> {
  assertObject(ctx, input);
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel);
  const updated = await ctx.app.database.db.transaction().execute(async (trx) => {
    const row = await loadRow(trx, entity, pk);
    if (!row) throw notFound(ctx);
    const previous = rowToRecord(entity, row, effective);
    const stored = rowToRecord(entity, row);
    assertMay(ctx, entity, 'change', stored);
    const record: ApiRecord = { ...previous };
    copyInput(effective, record, input, readOnlyFields(effective, record, { user: ctx.user, whiteLabel: ruleData(ctx).whiteLabel, previous }));
    resetInvisible(ctx, effective, record, previous);
    await runHooks(ctx, trx, entity, record, previous);
    await validateAll(ctx, trx, entity, effective, record, previous);
    assertMay(ctx, entity, 'change', { ...stored, ...record });
    if (entity.columnByProperty.has('updatedAt')) record.updatedAt = nowIso();
    const props = storedProperties(entity).filter((p) => record[p] !== undefined && !entity.schema.properties[p]?.['x-storage']?.private);
    const values = { ...recordToRow(entity, record, props, effective, row.extra), ...searchColumnValues(entity, { ...stored, ...record }) };
    await trx.updateTable(entity.schema['x-entity'].table as never).set(values as never).where('pk' as never, '=', pk as never).execute();
    return afterRead(ctx, trx, entity, rowToRecord(entity, (await loadRow(trx, entity, pk))!, effective));
  });
  await afterWrite(ctx, entity, updated);
  return updated;
}

/** DELETE: refused while other records still point to this one (they are listed). */
export async function remove(ctx: RequestContext, name: string, rawPk: unknown): Promise<{ ok: string }> {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  const removed = await ctx.app.database.db.transaction().execute(async (trx) => {
    const row = await loadRow(trx, entity, pk);
    if (!row) throw notFound(ctx);
    assertMay(ctx, entity, 'delete', rowToRecord(entity, row));
    const usages = await usagesOf(ctx, trx, entity, pk);
    if (usages.length) {
      throw new HttpError(409, 'in_use', message(ctx.app, 'errors.in_use', { usages: usages.join(', ') }), undefined, { usages });
    }
    await trx.deleteFrom(entity.schema['x-entity'].table as never).where('pk' as never, '=', pk as never).execute();
    return { ok: 'Deleted' };
  });
  await afterWrite(ctx, entity, { pk });
  return removed;
}

/** "3 lieux, 1 notification": records of other entities that reference this one. */
export async function usagesOf(ctx: RequestContext, db: Kysely<AppDatabase>, entity: EntityRuntime, pk: number): Promise<string[]> {
  const { filterToSql } = await import('../db/apply-filter');
  const out: string[] = [];
  for (const other of ctx.app.registry.entities.values()) {
    const fields = Object.entries(other.schema.properties).filter(([, p]) => p['x-relation']?.entity === entity.name);
    if (!fields.length) continue;
    const filter = { or: fields.map(([f, p]) => (p.type === 'array' ? { contains: f, value: pk } : { cmp: '=' as const, field: f, value: pk })) };
    const counted = (await db.selectFrom(other.schema['x-entity'].table as never)
      .where((eb) => filterToSql(eb, filter, other, ctx.app.database.dialect))
      .select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number } | undefined;
    const n = Number(counted?.n ?? 0);
    if (n > 0) out.push(`${n} ${n > 1 ? other.schema['x-entity'].labels.plural : other.schema['x-entity'].labels.singular}`);
  }
  return out;
}
