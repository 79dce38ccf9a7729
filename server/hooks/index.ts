import type { EntityHook } from './hook-types';
import { slugFromName } from './slug-from-name';
import { emailLowerCase, phoneCache } from './user-normalisation';
import { groupFromAdvisor } from './group-from-advisor';

/** Hooks that schemas may name in `x-entity.hooks`. */
export const hooks: Record<string, EntityHook> = {
  slugFromName,
  emailLowerCase,
  phoneCache,
  groupFromAdvisor,
};

export type { EntityHook, HookArgs } from './hook-types';
