import { compileFilter, couldHold, type Filter } from '../../engine/logic/filter';
import { holds, readsRelated } from '../../engine/logic/logic';
import type { RightAction } from '../../engine/schema/types';
import type { EntityRuntime } from '../../engine/schema/registry';
import { HttpError } from '../http/http-error';
import { denied, message, notFound, type RequestContext } from '../context';
import type { ApiRecord } from '../db/row-mapper';

export function entityOf(ctx: RequestContext, name: string): EntityRuntime {
  const entity = ctx.app.registry.entities.get(name);
  if (!entity) throw notFound(ctx);
  return entity;
}

/** A module switched off for this white label hides its data on this domain. */
export function assertModuleEnabled(ctx: RequestContext, entity: EntityRuntime): void {
  const module = entity.schema['x-entity'].module;
  if (ctx.whiteLabel.modules[module] === false) {
    throw new HttpError(404, 'module_disabled', message(ctx.app, 'errors.module_disabled'));
  }
}

/**
 * Records reached by a secret link are read only through that link (operations/find-secret.ts):
 * never listed, offered, read by pk, changed or deleted through the generic endpoints.
 */
export function assertNotSecretLinked(ctx: RequestContext, entity: EntityRuntime): void {
  if (entity.schema['x-entity'].secretLink) throw notFound(ctx);
}

export function ruleData(ctx: RequestContext, record?: ApiRecord) {
  return {
    user: ctx.user,
    whiteLabel: { id: ctx.whiteLabel.id, domain: ctx.whiteLabel.domain, modules: ctx.whiteLabel.modules },
    record: record ?? {},
  };
}

/** The rows a user may see, as a filter; refuses at once when there are none by rule. */
export function viewFilter(ctx: RequestContext, entity: EntityRuntime): Filter {
  const filter = compileFilter(entity.schema['x-entity'].rights.view, ruleData(ctx));
  if (filter === false) throw denied(ctx);
  return filter;
}

/** Refuses early when the rule cannot hold for this user whatever the record. */
export function assertMayEverDo(ctx: RequestContext, entity: EntityRuntime, action: RightAction): void {
  if (!mayEverDo(ctx, entity, action)) throw denied(ctx);
}

/** False only when no record at all could satisfy the rule for this user. */
export function mayEverDo(ctx: RequestContext, entity: EntityRuntime, action: RightAction): boolean {
  return couldHold(entity.schema['x-entity'].rights[action], ruleData(ctx));
}

/**
 * Whether the rule of `action` holds for this record. A rule that reads related records (only a
 * view right may, checked by the generator) needs the database: `mayView` (related-rule.ts).
 */
export function may(ctx: RequestContext, entity: EntityRuntime, action: RightAction, record: ApiRecord): boolean {
  const rule = entity.schema['x-entity'].rights[action];
  if (readsRelated(rule)) throw new Error(`${entity.name}.${action} reads related records: use mayView`);
  return holds(rule, ruleData(ctx, record));
}

export function assertMay(ctx: RequestContext, entity: EntityRuntime, action: RightAction, record: ApiRecord): void {
  if (!may(ctx, entity, action, record)) throw denied(ctx);
}
