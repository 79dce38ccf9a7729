import { holds } from '../logic/logic';
import { couldHold } from '../logic/filter';
import type { RightAction, Rule } from '../schema/types';
import type { RuleUser, RuleWhiteLabel } from '../logic/user-context';

/**
 * What the screens need to evaluate an entity's rights in the browser: its rules (x-entity
 * `rights`) and the caller as the server sees them (GET /api/v1/meta/entity/:name gives both).
 */
export interface AccessRules {
  rights: Partial<Record<RightAction | 'list', Rule>>;
  ruleContext: { user: RuleUser; whiteLabel: RuleWhiteLabel };
}

/**
 * Whether the user may do `action` on `record`, evaluated exactly as the server does
 * (server/operations/entity-access.ts `may`: the same rule on `{user, record, whiteLabel}`).
 * Screens use it to hide or disable what would be refused; the server checks again anyway.
 */
export function canAccess(
  entity: AccessRules,
  action: RightAction | 'list',
  record: Record<string, unknown> = {},
): boolean {
  const { user, whiteLabel } = entity.ruleContext;
  return holds(entity.rights[action], { user, record, whiteLabel });
}

/**
 * The values of one field that keep `action` allowed, the rest of the record unchanged: the
 * choices a form may offer (another structure's group is not one for an advisor). When no value
 * would allow it, the field is not what decides, and every value is kept.
 */
export function allowedValues<T>(
  entity: AccessRules,
  action: RightAction,
  record: Record<string, unknown>,
  field: string,
  values: T[],
): T[] {
  const allowed = values.filter((v) => canAccess(entity, action, { ...record, [field]: v }));
  return allowed.length ? allowed : values;
}

/** The rule with the record fields that are known replaced by their values (the rest stays a variable). */
function withKnownFields(node: unknown, known: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => withKnownFields(n, known));
  if (node === null || typeof node !== 'object') return node;
  const [op] = Object.keys(node);
  const arg = (node as Record<string, unknown>)[op];
  // A related record's rule reads that record, not this one.
  if (op === 'related') return node;
  if (op === 'var') {
    const path = Array.isArray(arg) ? arg[0] : arg;
    const field = typeof path === 'string' && path.startsWith('record.') ? path.slice('record.'.length) : undefined;
    if (field !== undefined && Object.hasOwn(known, field)) return known[field];
    return node;
  }
  return { [op]: withKnownFields(arg, known) };
}

/**
 * Whether `action` could be allowed on some record whose `known` fields have these values, the
 * others being whatever the form will hold: false only when it certainly cannot (an advisor adding
 * a place to another structure than their own). A related list's « Ajouter » uses it with the link
 * preset to the record on screen; the server judges the record actually submitted.
 */
export function couldAccessWith(entity: AccessRules, action: RightAction, known: Record<string, unknown>): boolean {
  const rule = entity.rights[action];
  if (rule === undefined || typeof rule === 'boolean') return rule ?? true;
  const { user, whiteLabel } = entity.ruleContext;
  return couldHold(withKnownFields(rule, known) as Rule, { user, whiteLabel });
}
