import type { EntityHook } from '../hook-types';
import { linkedRecord } from '../fac/linked-records';

/**
 * A household's contact belongs to its project's structure (issue 25): the advisors of that
 * structure read, change and share it, not every advisor of the network. Set on every write, so a
 * contact moved to another project follows it (and the rights are checked on the result).
 */
export const bapHouseholdGroup: EntityHook = {
  async beforeValidate({ ctx, record, db }) {
    record.group = (await linkedRecord(ctx.app, db, 'bap-project', record.project))?.group ?? null;
  },
};
