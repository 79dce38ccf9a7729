import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';

/** The author of a note or a reminder: the user who created it (none for the platform itself), never changed. */
export const creatorOnCreate: EntityHook = {
  beforeValidate({ ctx, record, previous }) {
    record.creator = previous ? (previous.creator ?? null) : isRecordKey(ctx.user.pk) ? ctx.user.pk : null;
  },
};
