import { sql } from 'kysely';
import type { RequestContext } from '../../context';
import { compileFilter } from '../../../engine/logic/filter';
import { holds } from '../../../engine/logic/logic';
import { filterToSql } from '../../db/apply-filter';
import { rowToRecord } from '../../db/row-mapper';
import { assertModuleEnabled, assertNotSecretLinked, entityOf, ruleData } from '../../operations/entity-access';
import { visibleRows } from '../../operations/find';
import { HttpError } from '../../http/http-error';
import { message, notFound } from '../../context';
import { labelProperties, recordLabel, type RelatedLabel } from '../../../engine/schema/record-label';
import type { EntitySchema } from '../../../engine/schema/types';

const LIMIT = 200;

/**
 * Label of a record of an entity as people read it (engine/schema/record-label.ts: `x-entity.label`,
 * « Élodie Garnier » rather than « Garnier »); an account without a name is its e-mail.
 */
export function displayOf(entity: EntitySchema, record: Record<string, unknown>, related?: RelatedLabel): string {
  return recordLabel(entity, record, related) || String(record.email ?? record.pk);
}

/**
 * The labels of the records that the naming properties of `records` point to (an action is named by
 * its act: « A1 — Visite à domicile 1er décembre 2026 »), read with the same rights as any list, so a
 * choice never names a record its list would hide.
 */
export async function relatedLabels(
  ctx: RequestContext,
  entity: EntitySchema,
  records: Record<string, unknown>[],
): Promise<RelatedLabel> {
  const found = new Map<string, Map<number, string>>();
  for (const property of labelProperties(entity)) {
    const relation = entity.properties[property]?.['x-relation'];
    const target = relation ? ctx.app.registry.entities.get(relation.entity) : undefined;
    if (!target || target.schema['x-entity'].secretLink) continue;
    if (ctx.whiteLabel.modules[target.schema['x-entity'].module] === false) continue;
    const ids = [...new Set(records.map((r) => r[property]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    // A caller who may not list the related entity (a client and the accounts) gets no label from it.
    let rows: Record<string, unknown>[];
    try {
      rows = (await visibleRows(ctx, target)
        .selectAll()
        .where('pk' as never, 'in', ids as never)
        .execute()) as Record<string, unknown>[];
    } catch (e) {
      if (e instanceof HttpError) continue;
      throw e;
    }
    const labels = new Map<number, string>();
    for (const row of rows) {
      const r = rowToRecord(target, row);
      labels.set(r.pk as number, recordLabel(target.schema, r));
    }
    found.set(property, labels);
  }
  return (property, pk) => found.get(property)?.get(pk);
}

/**
 * Choices for a relation field: the records of the target entity the user may see, narrowed by
 * the field's relation filter (e.g. advisors only), searchable, and always including `ids`.
 */
export async function relationOptions(
  ctx: RequestContext,
  args: { entity: string; field?: string; q?: string; ids?: number[] },
) {
  const target = entityOf(ctx, args.entity);
  // The same gates as the list: module flag, never a record reached by secret, rights and row
  // filters (visibleRows), so choices never show what the list would not.
  assertModuleEnabled(ctx, target);
  assertNotSecretLinked(ctx, target);
  // An entity without a list endpoint (notification-sent) has no choices to offer either: what
  // the list cannot enumerate, the choices must not.
  const api = target.schema['x-entity'].api;
  if (!api || !(api.actions ?? ['list']).includes('list')) throw notFound(ctx);
  let relationRule: import('../../../engine/schema/types').Rule | undefined;
  if (args.field) {
    const [owner, field] = args.field.split('.');
    const ownerEntity = ctx.app.registry.entities.get(owner);
    const rel = ownerEntity?.schema.properties[field]?.['x-relation'];
    if (!rel || rel.entity !== args.entity)
      throw new HttpError(400, 'bad_request', message(ctx.app, 'validation.default'));
    relationRule = rel.filter;
  }
  const x = target.schema['x-entity'];
  let qb = visibleRows(ctx, target, { q: args.q });
  if (relationRule) {
    const f = compileFilter(relationRule, ruleData(ctx));
    if (f !== true) qb = qb.where((eb) => filterToSql(eb, f, target, ctx.app.database.dialect));
  }
  const displayColumn = target.columnByProperty.get(x.display)?.column ?? 'pk';
  const rows = (await qb.selectAll().orderBy(sql.ref(displayColumn)).limit(LIMIT).execute()) as Record<
    string,
    unknown
  >[];
  const records = rows.map((r) => rowToRecord(target, r));
  const colorProp = target.schema.properties.color;
  const hasColor = colorProp?.format === 'color' && !colorProp['x-storage']?.private;
  const known = new Set(records.map((r) => r.pk));
  const missing = (args.ids ?? []).filter((id) => !known.has(id));
  if (missing.length) {
    const extra = (await visibleRows(ctx, target)
      .selectAll()
      .where('pk' as never, 'in', missing as never)
      .execute()) as Record<string, unknown>[];
    records.push(...extra.map((r) => rowToRecord(target, r)));
  }
  const related = await relatedLabels(ctx, target.schema, records);
  return records
    .filter(
      (r) =>
        !relationRule ||
        holds(relationRule, { ...ruleData(ctx), record: r }) ||
        (args.ids ?? []).includes(r.pk as number),
    )
    .map((r) => ({
      value: r.pk as number,
      label: displayOf(target.schema, r, related),
      // A calendar colours its events by a related record's colour (docs/calendar.md).
      ...(hasColor && typeof r.color === 'string' ? { color: r.color } : {}),
    }));
}
