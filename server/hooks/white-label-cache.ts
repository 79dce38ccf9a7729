import { invalidateWhiteLabels } from '../modules/white-labels/resolve-white-label';
import type { EntityHook } from './hook-types';

/** A saved white label applies at once in this process (others see it within the cache's second). */
export const whiteLabelCache: EntityHook = {
  afterWrite() {
    invalidateWhiteLabels();
  },
};
