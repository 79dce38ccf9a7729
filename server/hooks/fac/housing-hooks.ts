import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';

/** A housing is attached at least to its author's structure (reference 10.1: the author's group is added). */
export const housingGroups: EntityHook = {
  beforeValidate({ ctx, record }) {
    const groups = Array.isArray(record.groups) ? record.groups : [];
    if (groups.length === 0 && ctx.user.group !== null) record.groups = [ctx.user.group];
  },
};

/** Saving a main address demotes the other main housings of the same contact or organisation (reference 10.1). */
export const housingMainAddress: EntityHook = {
  async beforeValidate({ record, db }) {
    if (record.isMainAddress !== true) return;
    const link = isRecordKey(record.contact) ? 'contact' : isRecordKey(record.organization) ? 'organization' : null;
    if (!link) return;
    let qb = db
      .updateTable('fac_housing' as never)
      .set({ is_main_address: 0 } as never)
      .where(link as never, '=', record[link] as never)
      .where('is_main_address' as never, '=', 1 as never);
    if (isRecordKey(record.pk)) qb = qb.where('pk' as never, '<>', record.pk as never);
    await qb.execute();
  },
};
