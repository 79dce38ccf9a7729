import type { EntityHook } from './hook-types';
import { isRecordKey } from '../db/record-key';

/**
 * A client account belongs to no structure; the structure of the staff member who opens one is
 * kept (`openedByGroup`, read-only), so that it sees the account it has just opened and may book
 * it — the user entity's view rule names it beside the other relations (appointments, file-area
 * contacts). It never gives the right to change the account.
 */
export const clientOpenedBy: EntityHook = {
  beforeValidate({ ctx, record, previous }) {
    if (previous) return;
    const staff = ctx.user.roles.includes('staff');
    record.openedByGroup = record.userType === 'client' && staff && isRecordKey(ctx.user.group) ? ctx.user.group : null;
  },
};
