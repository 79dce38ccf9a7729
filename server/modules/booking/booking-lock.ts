import { sql, type Transaction } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { inTransaction } from '../../db/transaction';
import { col, tableOf } from './booking-records';

// Two-key advisory locks: the first key says what the second one numbers.
const SLOT_LOCK = 94_101;
const ADVISOR_LOCK = 94_102;

/**
 * SQLite: a write as the transaction's first statement takes the database's single writer lock at
 * once (what `BEGIN IMMEDIATE` does). Taken after a read, a second server process that committed in
 * between would make the upgrade fail (SQLITE_BUSY_SNAPSHOT) instead of waiting; taken first, the
 * second process waits (busy_timeout) and then reads what the first one wrote. The statement
 * changes no row.
 */
async function takeSqliteWriter(app: AppContext, trx: Transaction<AppDatabase>): Promise<void> {
  const updatedAt = sql.ref(col(app, 'slot', 'updatedAt'));
  await sql`update ${sql.table(tableOf(app, 'slot'))} set ${updatedAt} = ${updatedAt} where 1 = 0`.execute(trx);
}

/**
 * `inTransaction` for the booking writes: on SQLite the writer lock comes before anything is read
 * (see above); on PostgreSQL nothing more here, `lockForBooking` serialises what matters.
 */
export function inBookingTransaction<T>(
  ctx: RequestContext,
  work: (tctx: RequestContext, trx: Transaction<AppDatabase>) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx, async (tctx, trx) => {
    if (tctx.app.database.dialect === 'sqlite') await takeSqliteWriter(tctx.app, trx);
    return work(tctx, trx);
  });
}

/**
 * Serialises the bookings that could take the same time, before their availability re-check:
 * on PostgreSQL, transaction-scoped advisory locks on the slot and on every advisor who could be
 * given the appointment (an advisor is busy across all his slots); they are always taken in the
 * same order (slot first, then advisors by number), so two bookings never wait for each other in
 * a circle, and released by the commit or rollback. On SQLite the single writer lock does it
 * (taken first by `inBookingTransaction`; taken here too for a caller that opened its own
 * transaction); within one process Kysely already runs SQLite transactions one at a time.
 */
export async function lockForBooking(
  app: AppContext,
  trx: Transaction<AppDatabase>,
  slotPk: number,
  advisorPks: number[],
): Promise<void> {
  if (app.database.dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${SLOT_LOCK}, ${slotPk})`.execute(trx);
    await lockAdvisorsOnPostgres(trx, advisorPks);
    return;
  }
  await takeSqliteWriter(app, trx);
}

/**
 * The same serialisation for a write that concerns advisors' time but no slot (an appointment the
 * agenda notes outside any slot): the advisors' locks only, so it waits for, and is waited for by,
 * every booking that could give one of them the same time. Same order as `lockForBooking` (a
 * booking holding a slot lock never waits for a slot lock held here: none is taken).
 */
export async function lockAdvisors(
  app: AppContext,
  trx: Transaction<AppDatabase>,
  advisorPks: number[],
): Promise<void> {
  if (app.database.dialect === 'postgres') await lockAdvisorsOnPostgres(trx, advisorPks);
  else await takeSqliteWriter(app, trx);
}

async function lockAdvisorsOnPostgres(trx: Transaction<AppDatabase>, advisorPks: number[]): Promise<void> {
  for (const advisor of [...new Set(advisorPks)].sort((a, b) => a - b))
    await sql`select pg_advisory_xact_lock(${ADVISOR_LOCK}, ${advisor})`.execute(trx);
}
