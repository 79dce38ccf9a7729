import { invalidateWhiteLabels } from '../modules/white-labels/resolve-white-label';
import type { EntityHook } from './hook-types';

/** A saved white label applies at once in this process (others through the cache bus). */
export const whiteLabelCache: EntityHook = {
  afterWrite({ ctx }) {
    invalidateWhiteLabels(ctx.app);
  },
};
