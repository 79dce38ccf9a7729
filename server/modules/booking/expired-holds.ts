import type { Kysely } from 'kysely';
import { LEGACY_HOLD_MINUTES } from '../../../engine/booking/hold';
import type { AppDatabase } from '../../db/tables';

/**
 * Cancels the waiting appointments whose hold ran out (past their `holdUntil`, or, stored without
 * one, an hour after `tmpBookDate`), so that lists and calendars stop showing them, and forgets the
 * address they were taken from; returns how many. Availability never waits for this sweep:
 * findOffers and the booking re-check already ignore an expired hold. Meant to be scheduled by the
 * job runner every few minutes; one UPDATE, so several processes running it at once do no harm.
 */
export async function cancelExpiredHolds(db: Kysely<AppDatabase>, now: Date): Promise<number> {
  const legacy = new Date(now.getTime() - LEGACY_HOLD_MINUTES * 60_000).toISOString();
  const result = await db
    .updateTable('dialogwatt_appointment')
    .set({ status: 'cancelled', hold_address: null, updated_at: now.toISOString() })
    .where('status', '=', 'waiting')
    .where('tmp_book_date', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('hold_until', '<=', now.toISOString()),
        eb.and([eb('hold_until', 'is', null), eb('tmp_book_date', '<', legacy)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}
