import type { Kysely } from 'kysely';
import { HOLD_DURATION_MINUTES } from '../../../engine/booking/hold';
import type { AppDatabase } from '../../db/tables';

/**
 * Cancels the waiting appointments whose hold ran out (tmpBookDate older than the hold), so that
 * lists and calendars stop showing them; returns how many. Availability never waits for this sweep:
 * findOffers and the booking re-check already ignore an expired hold. Meant to be scheduled by the
 * job runner every few minutes; one UPDATE, so several processes running it at once do no harm.
 */
export async function cancelExpiredHolds(db: Kysely<AppDatabase>, now: Date): Promise<number> {
  const limit = new Date(now.getTime() - HOLD_DURATION_MINUTES * 60_000).toISOString();
  const result = await db
    .updateTable('dialogwatt_appointment')
    .set({ status: 'cancelled', updated_at: now.toISOString() })
    .where('status', '=', 'waiting')
    .where('tmp_book_date', 'is not', null)
    .where('tmp_book_date', '<', limit)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}
