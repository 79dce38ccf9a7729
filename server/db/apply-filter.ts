import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Filter } from '../../engine/logic/filter';
import type { EntityRuntime } from '../../engine/schema/registry';
import type { DialectName } from './database';

type EB = ExpressionBuilder<any, any>;

/**
 * json-logic's truthiness of a JSON value, in SQL: false for null, false, 0, "" and [], true for
 * anything else — an object too, even an empty one (the rule engine and the list must agree).
 */
function jsonTruthy(column: Expression<unknown>, dialect: DialectName): Expression<SqlBool> {
  if (dialect === 'postgres') {
    return sql<SqlBool>`coalesce(case jsonb_typeof(${column})
      when 'array' then jsonb_array_length(${column}) > 0
      when 'object' then true
      when 'string' then ${column} <> '""'::jsonb
      when 'number' then (${column}::text)::numeric <> 0
      when 'boolean' then ${column} = 'true'::jsonb
      else false end, false)`;
  }
  return sql<SqlBool>`coalesce(case json_type(${column})
    when 'array' then json_array_length(${column}) > 0
    when 'object' then 1
    when 'text' then json_extract(${column}, '$') <> ''
    when 'integer' then json_extract(${column}, '$') <> 0
    when 'real' then json_extract(${column}, '$') <> 0
    when 'true' then 1
    else 0 end, 0)`;
}

/**
 * A rights filter (engine/logic/filter.ts) as a Kysely WHERE expression. Field names are looked
 * up in the entity's column list, so nothing from a request reaches SQL as an identifier.
 * `entities` (the registry's) is needed by a filter on related records (`related`): an EXISTS
 * on the other entity's table, whose link column equals this row's pk.
 */
export function filterToSql(
  eb: EB,
  filter: Filter,
  entity: EntityRuntime,
  dialect: DialectName,
  alias?: string,
  entities?: Map<string, EntityRuntime>,
): Expression<SqlBool> {
  const sub = (f: Filter) => filterToSql(eb, f, entity, dialect, alias, entities);
  const ref = (field: string) => {
    const c = entity.columnByProperty.get(field);
    if (!c) throw new Error(`filter on unknown field ${entity.name}.${field}`);
    return { column: c, ref: alias ? `${alias}.${c.column}` : c.column };
  };
  const value = (kind: string, v: unknown) => (kind === 'boolean' && typeof v === 'boolean' ? (v ? 1 : 0) : v);

  if (filter === true) return sql<SqlBool>`1 = 1`;
  if (filter === false) return sql<SqlBool>`1 = 0`;
  if ('and' in filter) return eb.and(filter.and.map(sub));
  if ('or' in filter) return eb.or(filter.or.map(sub));
  if ('not' in filter) return eb.not(sub(filter.not));
  if ('related' in filter) {
    const { entity: name, link, where } = filter.related;
    const other = entities?.get(name);
    const column = other?.columnByProperty.get(link);
    if (!other || column?.kind !== 'integer') throw new Error(`related filter on unknown link ${name}.${link}`);
    // A name of its own per nesting level, so that the inner filter never reads the outer row by mistake.
    const inner = `${alias ?? 'r'}_${other.schema['x-entity'].table}`;
    const outerPk = alias ? `${alias}.pk` : `${entity.schema['x-entity'].table}.pk`;
    return eb.exists(
      eb
        .selectFrom(`${other.schema['x-entity'].table} as ${inner}`)
        .select(sql.lit(1).as('one'))
        .where(sql.ref(`${inner}.${column.column}`), '=', sql.ref(outerPk))
        .where((ib: EB) => filterToSql(ib, where, other, dialect, inner, entities)),
    );
  }
  if ('truthy' in filter) {
    const { column, ref: r } = ref(filter.truthy);
    if (column.kind === 'boolean' || column.kind === 'integer' || column.kind === 'real')
      return eb.and([eb(r, 'is not', null), eb(r, '!=', 0)]);
    if (column.kind === 'json') return jsonTruthy(sql.ref(r), dialect);
    return eb.and([eb(r, 'is not', null), eb(r, '!=', '')]);
  }
  if ('contains' in filter) {
    const { ref: r } = ref(filter.contains);
    if (filter.value === null || filter.value === undefined) return sql<SqlBool>`1 = 0`;
    if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(r)} @> ${JSON.stringify([filter.value])}::jsonb`;
    return sql<SqlBool>`exists (select 1 from json_each(${sql.ref(r)}) where json_each.value = ${filter.value})`;
  }
  if ('inList' in filter) {
    const { column, ref: r } = ref(filter.inList);
    const values = filter.values.filter((v) => v !== null && v !== undefined).map((v) => value(column.kind, v));
    if (values.length === 0) return sql<SqlBool>`1 = 0`;
    return eb(r, 'in', values);
  }
  const { column, ref: r } = ref(filter.field);
  if (filter.value === null || filter.value === undefined) {
    return filter.cmp === '!=' ? eb(r, 'is not', null) : filter.cmp === '=' ? eb(r, 'is', null) : sql<SqlBool>`1 = 0`;
  }
  return eb(r, filter.cmp === '!=' ? '<>' : filter.cmp, value(column.kind, filter.value));
}
