import type { MessageCatalogue, PropertySchema } from '../schema/types';
import type { EffectiveEntity } from '../schema/apply-overlay';
import type { RuleUser, RuleWhiteLabel } from '../logic/user-context';
import { holds } from '../logic/logic';
import { interpretSchema } from './interpret-schema';
import { errorCode, errorPath } from './map-ajv-error';
import { errorKeys, translate } from './messages';
import type { FieldError } from './field-error';

export interface RuleContext {
  user: RuleUser;
  whiteLabel: RuleWhiteLabel;
  /** The stored record, on update: rules may compare (e.g. "the structure cannot change once set"). */
  previous?: Record<string, unknown>;
}

function ruleData(record: Record<string, unknown>, ctx: RuleContext) {
  return { record, previous: ctx.previous ?? null, user: ctx.user, whiteLabel: ctx.whiteLabel };
}

/**
 * Fields this user may not write in this record (`readOnlyIf` rules, evaluated on the stored
 * record when there is one): the server keeps their stored value, the screen shows them read-only.
 */
export function readOnlyFields(entity: EffectiveEntity, record: Record<string, unknown>, ctx: RuleContext): Set<string> {
  const data = ruleData(ctx.previous ?? record, ctx);
  const out = new Set<string>();
  for (const [name, r] of Object.entries(entity.fieldRules)) if (r.readOnlyIf !== undefined && holds(r.readOnlyIf, data)) out.add(name);
  return out;
}

/** Fields a user can write in this record as it stands (visibility rules evaluated on it). */
export function writableFields(entity: EffectiveEntity, record: Record<string, unknown>, ctx: RuleContext): string[] {
  const data = ruleData(record, ctx);
  return Object.entries(entity.schema.properties)
    .filter(([name, p]) => !p.readOnly && !p['x-storage']?.private && !entity.hidden.has(name))
    .filter(([name]) => {
      const r = entity.fieldRules[name];
      return !r?.visibleIf || holds(r.visibleIf, data);
    })
    .map(([name]) => name);
}

export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function requiredFields(entity: EffectiveEntity, record: Record<string, unknown>, ctx: RuleContext, writable: Set<string>): string[] {
  const data = ruleData(record, ctx);
  const out = new Set((entity.schema.required ?? []).filter((f) => writable.has(f)));
  for (const [name, r] of Object.entries(entity.fieldRules)) {
    if (r.requiredIf && writable.has(name) && holds(r.requiredIf, data)) out.add(name);
  }
  return [...out];
}

function inputSchema(entity: EffectiveEntity, fields: string[]): object {
  const properties: Record<string, PropertySchema> = {};
  for (const f of fields) properties[f] = entity.schema.properties[f];
  return { type: 'object', properties };
}

/**
 * Validates a whole record (after merging a PATCH into the stored one): required and
 * required-if, JSON Schema constraints, then cross-field checks. Same code in the browser and
 * on the server; the server is the authority.
 */
export function validateRecord(args: {
  entity: EffectiveEntity;
  record: Record<string, unknown>;
  ctx: RuleContext;
  catalogue: MessageCatalogue;
  /** Kept for callers that key caches by schema version; the interpreter needs no compilation. */
  cacheKey?: string;
}): FieldError[] {
  const { entity, record, ctx, catalogue } = args;
  const writable = writableFields(entity, record, ctx);
  const writableSet = new Set(writable);
  const errors: FieldError[] = [];
  const push = (path: string, code: string, params: Record<string, unknown> = {}) => {
    if (path && errors.some((e) => e.path === path)) return; // first message per field is enough
    errors.push({ path, code, params, message: translate(catalogue, errorKeys(entity.name, path, code), params, entity.messages) });
  };

  const required = new Set(requiredFields(entity, record, ctx, writableSet));
  for (const f of required) if (isEmpty(record[f])) push(f, 'required');

  const present = writable.filter((f) => !isEmpty(record[f]) || (typeof record[f] === 'string' && required.has(f)));
  const candidate: Record<string, unknown> = {};
  for (const f of present) candidate[f] = record[f];
  for (const e of interpretSchema(inputSchema(entity, present) as Record<string, unknown>, candidate)) {
    const path = errorPath(e);
    const prop = entity.schema.properties[path.split('.')[0]] ?? {};
    const { code, params } = errorCode(e, prop as PropertySchema);
    push(path, code, params);
  }

  const data = ruleData(record, ctx);
  for (const check of entity.schema['x-entity'].checks ?? []) {
    const path = check.path ?? '';
    if (path && errors.some((e) => e.path === path)) continue;
    if (!holds(check.rule, data)) push(path, check.message);
  }
  return errors;
}
