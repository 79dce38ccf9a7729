import type { EntityHook } from './hook-types';
import { slugFromName } from './slug-from-name';
import { emailLowerCase, phoneCache } from './user-normalisation';
import { groupFromAdvisor } from './group-from-advisor';
import { oneDefaultWhiteLabel } from './one-default-white-label';
import { inseeCodesExist } from './insee-codes-exist';
import { userGroupRules } from './user-group-rules';
import { groupMembers } from './group-members';
import { groupFromUser } from './group-from-user';
import { accountInitialisationMail } from './account-initialisation-mail';
import { whiteLabelCache } from './white-label-cache';
import { userErasure } from './user-erasure';
import { groupTreeRules } from './group-tree-rules';

/** Hooks that schemas may name in `x-entity.hooks` (createContext registers them: see registry.ts). */
export const namedHooks: Record<string, EntityHook> = {
  slugFromName,
  emailLowerCase,
  phoneCache,
  groupFromAdvisor,
  oneDefaultWhiteLabel,
  inseeCodesExist,
  userGroupRules,
  groupMembers,
  groupFromUser,
  accountInitialisationMail,
  whiteLabelCache,
  userErasure,
  groupTreeRules,
};

export type { EntityHook, HookArgs } from './hook-types';
