import type { EntityRuntime } from '../../engine/schema/registry';
import { holds } from '../../engine/logic/logic';
import type { RequestContext } from '../context';
import type { ApiRecord } from '../db/row-mapper';
import { ruleData } from './entity-access';

/**
 * Leaves out of an answer the fields whose `fieldRules.<field>.readableIf` does not hold for the
 * caller. Applied where the generic API answers (lists, store lists, details, writes), after the
 * view rule has been checked on the whole record: a rule may rest on a field the caller must not
 * read (the projects exchange's reached accounts).
 */
export function withoutUnreadable<T extends ApiRecord>(ctx: RequestContext, entity: EntityRuntime, record: T): T {
  const rules = entity.schema['x-entity'].fieldRules;
  if (!rules || record === null || typeof record !== 'object') return record;
  let out: T | undefined;
  for (const [field, r] of Object.entries(rules)) {
    if (r.readableIf === undefined || !(field in record)) continue;
    if (holds(r.readableIf, ruleData(ctx, record))) continue;
    out ??= { ...record };
    delete out[field];
  }
  return out ?? record;
}

/** Whether any field of the entity has a read rule (lists skip the work when none has). */
export function hasReadRules(entity: EntityRuntime): boolean {
  return Object.values(entity.schema['x-entity'].fieldRules ?? {}).some((r) => r.readableIf !== undefined);
}
