import type { Kysely } from 'kysely';
import { message } from '../context';
import type { AppDatabase } from '../db/tables';
import { isRecordKey } from '../db/record-key';
import type { EntityHook } from './hook-types';

async function groupOf(
  db: Kysely<AppDatabase>,
  table: 'dialogwatt_slot' | 'account_user' | 'dialogwatt_reason',
  pk: unknown,
): Promise<number | null> {
  if (!isRecordKey(pk)) return null;
  const row = await db.selectFrom(table).select(['group']).where('pk', '=', pk).executeTakeFirst();
  return row?.group ?? null;
}

/**
 * An appointment belongs to its slot's structure, else its advisor's, else its reason's (the
 * reference's rule): group-scoped rights then apply to it. Computed on every save, since the
 * slot or the advisor may change.
 */
export const appointmentGroup: EntityHook = {
  async beforeValidate({ record, db }) {
    record.group =
      (await groupOf(db, 'dialogwatt_slot', record.slot)) ??
      (await groupOf(db, 'account_user', record.advisor)) ??
      (await groupOf(db, 'dialogwatt_reason', record.reason));
  },
  validate({ ctx, record }) {
    if (isRecordKey(record.group)) return [];
    const key = 'entity.appointment.check.no_group';
    return [{ path: '', code: key, params: {}, message: message(ctx.app, key) }];
  },
};
