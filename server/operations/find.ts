import { sql, type SelectQueryBuilder } from 'kysely';
import type { RequestContext } from '../context';
import type { EntityRuntime } from '../../engine/schema/registry';
import { filterToSql } from '../db/apply-filter';
import { rowToRecord, type ApiRecord } from '../db/row-mapper';
import { effectiveEntity } from '../access/effective-entity';
import { assertModuleEnabled, entityOf, ruleData, viewFilter } from './entity-access';
import { holds } from '../../engine/logic/logic';
import { denied } from '../context';

export interface ListQuery {
  q?: string;
  /** Property name, "-" prefix for descending. */
  sort?: string;
  page?: number;
  perPage?: number;
  /** Equality filters on the properties listed in x-entity.list.filters. */
  filters?: Record<string, string>;
}

export const MAX_PER_PAGE = 200;

function parseFilterValue(kind: string, raw: string): unknown {
  if (kind === 'boolean') return raw === 'true' || raw === '1' || raw === 't' ? 1 : 0;
  if (kind === 'integer' || kind === 'real') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : null;
  }
  return raw;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The visible rows of an entity narrowed by search and filters (shared by list, count, store). */
export function visibleRows(ctx: RequestContext, entity: EntityRuntime, query: ListQuery = {}): SelectQueryBuilder<any, any, object> {
  const { db, dialect } = ctx.app.database;
  const x = entity.schema['x-entity'];
  if (x.rights.list !== undefined && !holds(x.rights.list, ruleData(ctx))) throw denied(ctx);
  const rights = viewFilter(ctx, entity);
  let qb = db.selectFrom(x.table as never) as unknown as SelectQueryBuilder<any, any, object>;
  if (rights !== true) qb = qb.where((eb) => filterToSql(eb, rights, entity, dialect));
  const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  const searchColumns = (x.list?.search ?? []).map((p) => entity.columnByProperty.get(p)!).filter(Boolean);
  if (words.length && searchColumns.length) {
    for (const word of words) {
      const pattern = `%${escapeLike(word.toLowerCase())}%`;
      qb = qb.where((eb) => eb.or(searchColumns.map((c) => sql<boolean>`lower(${sql.ref(c.column)}) like ${pattern} escape '\\'`)));
    }
  }
  for (const [property, raw] of Object.entries(query.filters ?? {})) {
    if (!(x.list?.filters ?? []).includes(property)) continue;
    const c = entity.columnByProperty.get(property);
    if (!c) continue;
    if (c.kind === 'json') {
      const value = /^-?\d+$/.test(raw) ? Number(raw) : raw;
      qb = qb.where((eb) => filterToSql(eb, { contains: property, value }, entity, dialect));
    } else {
      const value = parseFilterValue(c.kind, raw);
      qb = qb.where(sql.ref(c.column), value === null ? 'is' : '=', value);
    }
  }
  return qb;
}

function orderBy(entity: EntityRuntime, sort: string | undefined): { column: string; desc: boolean } {
  const x = entity.schema['x-entity'];
  const allowed = new Set([...(x.list?.sortable ?? []), 'pk', 'updatedAt', (x.list?.defaultSort ?? '').replace(/^-/, '')]);
  const wanted = sort && allowed.has(sort.replace(/^-/, '')) ? sort : x.list?.defaultSort ?? '-updatedAt';
  const property = wanted.replace(/^-/, '');
  const c = entity.columnByProperty.get(property) ?? entity.columnByProperty.get('pk')!;
  return { column: c.column, desc: wanted.startsWith('-') };
}

/** A page (or all) of the records a user may see, with the total when paginated. */
export async function find(ctx: RequestContext, name: string, query: ListQuery = {}): Promise<{ records: ApiRecord[]; total?: number }> {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel);
  const base = visibleRows(ctx, entity, query);
  const { column, desc } = orderBy(entity, query.sort);
  let qb = base.selectAll().orderBy(sql.ref(column), desc ? 'desc' : 'asc').orderBy('pk', desc ? 'desc' : 'asc');
  let total: number | undefined;
  if (query.page !== undefined || query.perPage !== undefined) {
    const perPage = Math.min(Math.max(1, query.perPage ?? 10), MAX_PER_PAGE);
    const page = Math.max(1, query.page ?? 1);
    const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst() as { n: number } | undefined;
    total = Number(counted?.n ?? 0);
    qb = qb.limit(perPage).offset((page - 1) * perPage);
  }
  const rows = (await qb.execute()) as Record<string, unknown>[];
  return { records: rows.map((r) => rowToRecord(entity, r, effective)), total };
}
