import type { RolesDeclaration } from '../schema/types';

/** What rules know about the caller: `user` in `{ user, record, whiteLabel }`. */
export interface RuleUser {
  pk: number | null;
  userType: string | null;
  group: number | null;
  /** Role names from schemas/roles.json that the user type belongs to ("anonymous" when not signed in). */
  roles: string[];
  /** Groups whose records the user may manage: the own group, plus child groups for a manager. */
  scopeGroups: number[];
  /**
   * Laureate structures whose statistics and documents the user's structure pilots, in some
   * programme (reference 8.8, `project-share`); read only, never managed. Empty for non-advisors.
   */
  laureateGroups?: number[];
  anonymous: boolean;
  allowedToSeeBapMenu?: boolean;
  groupAdemeId?: string | null;
}

export interface RuleWhiteLabel {
  id: number | null;
  domain: string | null;
  modules: Record<string, boolean>;
}

export function rolesOf(userType: string | null, roles: RolesDeclaration): string[] {
  if (!userType) {
    return Object.entries(roles.roles)
      .filter(([, r]) => r.anonymous)
      .map(([name]) => name);
  }
  return Object.entries(roles.roles)
    .filter(([, r]) => r.userTypes?.includes(userType))
    .map(([name]) => name);
}

export function anonymousUser(roles: RolesDeclaration): RuleUser {
  return {
    pk: null,
    userType: null,
    group: null,
    roles: rolesOf(null, roles),
    scopeGroups: [],
    laureateGroups: [],
    anonymous: true,
  };
}

export function ruleUser(
  u: { pk: number; userType: string; group: number | null; allowedToSeeBapMenu?: boolean },
  roles: RolesDeclaration,
  childGroups: number[] = [],
  groupAdemeId: string | null = null,
): RuleUser {
  const scope = u.group === null ? [] : [u.group, ...childGroups];
  return {
    pk: u.pk,
    userType: u.userType,
    group: u.group,
    roles: rolesOf(u.userType, roles),
    scopeGroups: scope,
    laureateGroups: [],
    anonymous: false,
    allowedToSeeBapMenu: u.allowedToSeeBapMenu ?? false,
    groupAdemeId,
  };
}
