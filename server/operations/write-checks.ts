import { sql, type Kysely } from 'kysely';
import type { EntityRuntime } from '../../engine/schema/registry';
import type { EffectiveEntity } from '../../engine/schema/apply-overlay';
import { holds } from '../../engine/logic/logic';
import { translate, errorKeys } from '../../engine/validation/messages';
import type { FieldError } from '../../engine/validation/field-error';
import { isEmpty } from '../../engine/validation/validate-record';
import { getEntity } from '../../engine/schema/registry';
import type { RequestContext } from '../context';
import type { AppDatabase } from '../db/tables';
import { rowToRecord, type ApiRecord } from '../db/row-mapper';
import { ruleData } from './entity-access';
import { mayView } from './related-rule';
import { isRecordKey } from '../db/record-key';

function ids(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v === null || v === undefined ? [] : [v];
}

/** Referenced records must exist, be visible to the caller and satisfy the relation's filter (e.g. "an advisor"). */
export async function checkRelations(args: {
  ctx: RequestContext;
  db: Kysely<AppDatabase>;
  entity: EffectiveEntity;
  record: ApiRecord;
  previous?: ApiRecord;
  fields: string[];
}): Promise<FieldError[]> {
  const { ctx, db, entity, record, previous, fields } = args;
  const errors: FieldError[] = [];
  for (const field of fields) {
    const rel = entity.schema.properties[field]?.['x-relation'];
    if (!rel || isEmpty(record[field])) continue;
    const before = new Set(ids(previous?.[field]));
    const wanted = ids(record[field]).filter((v) => !before.has(v));
    if (wanted.length === 0) continue;
    const target = getEntity(ctx.app.registry, rel.entity);
    const numeric = wanted.filter(isRecordKey);
    const table = target.schema['x-entity'].table;
    const cached = ctx.relationRows?.get(table);
    const rows = numeric.flatMap((pk) => cached?.get(pk as number) ?? []) as Record<string, unknown>[];
    const unread = numeric.filter((pk) => !cached?.has(pk as number));
    if (unread.length) {
      const read = (await db
        .selectFrom(table as never)
        .selectAll()
        .where('pk' as never, 'in', unread as never)
        .execute()) as Record<string, unknown>[];
      rows.push(...read);
      if (ctx.relationRows) {
        const byPk = ctx.relationRows.get(table) ?? new Map<number, Record<string, unknown>>();
        for (const row of read) byPk.set(Number(row.pk), row);
        ctx.relationRows.set(table, byPk);
      }
    }
    // A record the caller may not see answers exactly like a missing one: no way to probe.
    const seen =
      ctx.whiteLabel.modules[target.schema['x-entity'].module] !== false && !target.schema['x-entity'].secretLink;
    const ok = new Set<unknown>();
    for (const r of rows.map((row) => rowToRecord(target, row))) {
      if (!seen || (rel.filter && !holds(rel.filter, { ...ruleData(ctx), record: r }))) continue;
      if (await mayView(ctx, target, r)) ok.add(r.pk);
    }
    const missing = wanted.find((v) => !ok.has(v as number));
    if (missing !== undefined) {
      errors.push({
        path: field,
        code: 'relation_missing',
        params: { value: missing },
        message: translate(
          ctx.app.catalogue,
          errorKeys(entity.name, field, 'relation_missing'),
          { value: missing },
          entity.messages,
        ),
      });
    }
  }
  return errors;
}

/** Unique columns, checked before writing so that the answer is a field message, not a crash. */
export async function checkUnique(args: {
  ctx: RequestContext;
  db: Kysely<AppDatabase>;
  entity: EntityRuntime;
  effective: EffectiveEntity;
  record: ApiRecord;
  pk?: number;
}): Promise<FieldError[]> {
  const { ctx, db, entity, effective, record, pk } = args;
  const errors: FieldError[] = [];
  for (const c of entity.columns) {
    if (!c.unique || isEmpty(record[c.property])) continue;
    let q = db
      .selectFrom(entity.schema['x-entity'].table as never)
      .select('pk' as never)
      .where(sql.ref(c.column), '=', record[c.property]);
    if (pk !== undefined) q = q.where('pk' as never, '!=', pk as never);
    if (await q.executeTakeFirst()) {
      errors.push({
        path: c.property,
        code: 'unique',
        params: {},
        message: translate(ctx.app.catalogue, errorKeys(effective.name, c.property, 'unique'), {}, effective.messages),
      });
    }
  }
  return errors;
}
