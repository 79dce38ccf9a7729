import { holds } from '../logic/logic';
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
