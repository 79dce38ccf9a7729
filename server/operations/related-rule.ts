import { sql } from 'kysely';
import { compileFilter, relatedArgs } from '../../engine/logic/filter';
import { expandRoles, holds, readsRelated } from '../../engine/logic/logic';
import type { Rule } from '../../engine/schema/types';
import type { RequestContext } from '../context';
import { filterToSql } from '../db/apply-filter';
import { isRecordKey } from '../db/record-key';
import type { ApiRecord } from '../db/row-mapper';
import type { EntityRuntime } from '../../engine/schema/registry';
import { ruleData } from './entity-access';

/**
 * Whether some record of the related entity points at `record` and passes the node's rule, asked
 * of the database with the same SQL as a list's filter (so one record and a list never disagree).
 */
async function relatedHolds(ctx: RequestContext, arg: unknown, record: ApiRecord): Promise<boolean> {
  if (!isRecordKey(record.pk)) return false;
  const { entity: name, link, where } = relatedArgs(arg);
  const other = ctx.app.registry.entities.get(name);
  const column = other?.columnByProperty.get(link);
  if (!other || !column) return false;
  const filter = compileFilter(where as Rule, ruleData(ctx));
  if (filter === false) return false;
  const table = other.schema['x-entity'].table;
  const { db, dialect } = ctx.app.database;
  const row = await db
    .selectFrom(table as never)
    .select(sql.lit(1).as('one'))
    .where(sql.ref(column.column), '=', record.pk)
    .where((eb) => filterToSql(eb, filter, other, dialect, undefined, ctx.app.registry.entities))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The rule with each `related` node replaced by whether it holds for this record. */
async function resolve(ctx: RequestContext, node: unknown, record: ApiRecord): Promise<unknown> {
  if (Array.isArray(node)) return Promise.all(node.map((n) => resolve(ctx, n, record)));
  if (node === null || typeof node !== 'object') return node;
  const [op] = Object.keys(node);
  const arg = (node as Record<string, unknown>)[op];
  if (op === 'related') return relatedHolds(ctx, arg, record);
  if (op === 'var') return node;
  return { [op]: await resolve(ctx, arg, record) };
}

/**
 * A rule ready for json-logic on one record: `related` nodes (which only the database can answer)
 * become true or false first. Rules without them are returned as they are, at no cost.
 */
export async function withRelatedResolved(
  ctx: RequestContext,
  rule: Rule | undefined,
  record: ApiRecord,
): Promise<Rule | undefined> {
  if (!readsRelated(rule)) return rule;
  return (await resolve(ctx, expandRoles(rule), record)) as Rule;
}

/**
 * Whether the caller may see this record: the entity's view right, whose `related` parts are asked
 * of the database (entity-access.ts `may` refuses a rule that has them).
 */
export async function mayView(ctx: RequestContext, entity: EntityRuntime, record: ApiRecord): Promise<boolean> {
  const rule = await withRelatedResolved(ctx, entity.schema['x-entity'].rights.view, record);
  return holds(rule, ruleData(ctx, record));
}
