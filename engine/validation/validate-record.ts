import type { MessageCatalogue, PropertySchema } from '../schema/types';
import type { EffectiveEntity } from '../schema/apply-overlay';
import type { RuleUser, RuleWhiteLabel } from '../logic/user-context';
import { holds } from '../logic/logic';
import { recordValidator } from './record-validator';
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
export function readOnlyFields(
  entity: EffectiveEntity,
  record: Record<string, unknown>,
  ctx: RuleContext,
): Set<string> {
  const data = ruleData(ctx.previous ?? record, ctx);
  const out = new Set<string>();
  for (const [name, r] of Object.entries(entity.fieldRules))
    if (r.readOnlyIf !== undefined && holds(r.readOnlyIf, data)) out.add(name);
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

/** Missing for `required` (and required-if): no value, null, a blank string or an empty list. */
export function isEmpty(v: unknown): boolean {
  return (
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
  );
}

function declaredTypes(prop: PropertySchema | undefined): string[] {
  const t = prop?.type;
  return t === undefined ? [] : Array.isArray(t) ? t : [t];
}

/**
 * Whether a value stands for "no value" and so skips the schema's checks (it still fails
 * `required` and required-if, through isEmpty). The rule:
 * - undefined (not sent, not stored) is absent;
 * - "" is absent for a field whose type includes string (a cleared text box), and a type error
 *   for any other field ("" is not a number, a yes/no or a list);
 * - null is absent for every field but a yes/no: a cleared number, date, choice or relation is
 *   stored as null, while a boolean is true or false, and null passes only where its type lists
 *   "null";
 * - everything else is checked: a blank string "   " is checked like any string (pattern, format,
 *   choices, lengths; only `required` counts it as missing), "   " sent for a number is a type
 *   error, and [] is a list like another (it fails minItems, and `required`).
 */
export function absent(value: unknown, prop: PropertySchema | undefined): boolean {
  if (value === undefined) return true;
  const types = declaredTypes(prop);
  if (value === '') return types.length === 0 || types.includes('string');
  if (value === null) return !(types.includes('boolean') && types.every((t) => t === 'boolean' || t === 'null'));
  return false;
}

function requiredFields(
  entity: EffectiveEntity,
  record: Record<string, unknown>,
  ctx: RuleContext,
  writable: Set<string>,
): string[] {
  const data = ruleData(record, ctx);
  const out = new Set((entity.schema.required ?? []).filter((f) => writable.has(f)));
  for (const [name, r] of Object.entries(entity.fieldRules)) {
    if (r.requiredIf && writable.has(name) && holds(r.requiredIf, data)) out.add(name);
  }
  // A stored secret is never read back (writeOnly): a screen editing the record does not have it,
  // and leaving it empty keeps it. The server, which reads the stored one, still requires it.
  if (ctx.previous)
    for (const name of [...out])
      if (entity.schema.properties[name]?.writeOnly && ctx.previous[name] === undefined) out.delete(name);
  return [...out];
}

/** Whether a value holds the NUL character anywhere (in a text, a list or an object, keys included). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
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
  /**
   * Kept for callers that name the schema version. Compiled validators are found by the effective
   * entity itself and by the text of its record schema (record-validator.ts), which stays right
   * even when a caller's key does not tell two schemas apart.
   */
  cacheKey?: string;
}): FieldError[] {
  const { entity, record, ctx, catalogue } = args;
  const writable = writableFields(entity, record, ctx);
  const writableSet = new Set(writable);
  const errors: FieldError[] = [];
  const push = (path: string, code: string, params: Record<string, unknown> = {}) => {
    if (path && errors.some((e) => e.path === path)) return; // first message per field is enough
    // A pattern says what it wants in the property's own words (« 14 chiffres » for a SIRET):
    // a custom form's field, which has no catalogue key of its own, declares it with the field.
    const own = code === 'pattern' ? entity.schema.properties[path.split('.')[0]]?.['x-pattern-message'] : undefined;
    errors.push({
      path,
      code,
      params,
      message: own ?? translate(catalogue, errorKeys(entity.name, path, code), params, entity.messages),
    });
  };

  const required = new Set(requiredFields(entity, record, ctx, writableSet));
  for (const f of required) if (isEmpty(record[f])) push(f, 'required');

  // A NUL character is no text anyone types, and PostgreSQL can store it in neither text nor JSON.
  for (const f of writable) if (holdsNul(record[f])) push(f, 'control_character');

  const candidate: Record<string, unknown> = {};
  for (const f of writable) if (!absent(record[f], entity.schema.properties[f])) candidate[f] = record[f];
  const validate = recordValidator(entity);
  for (const e of validate(candidate) ? [] : (validate.errors ?? [])) {
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
