import { createHash, createHmac } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { ipKeyGenerator } from 'express-rate-limit';
import type { AppContext, RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { HttpError } from '../../http/http-error';
import { col, tableOf } from './booking-records';
import { BOOKING_MESSAGES as M } from './booking-messages';
import { bookingSettings } from './booking-settings';

// How many public holds one visitor keeps at once (issue 25, finding 4): a hold hides its time from
// everybody, so a visitor who could take many hid a whole morning. A visitor is known by the network
// address the hold was taken from and, once identified, by their client account.

const HOLD_ADDRESS_LOCK = 94_103;
const HOLD_OWNER_LOCK = 94_104;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const tooManyHolds = () => new HttpError(429, 'too_many_holds', M.tooManyHolds);

/**
 * The key of the caller's network address: an IPv6 address counts by its /56 (what one subscriber
 * is given; express-rate-limit's own default), kept as an HMAC under the server's secret so that the
 * database never holds the address itself. Null without an address (never over HTTP).
 */
export function holdAddressOf(ctx: RequestContext): string | null {
  if (!ctx.ip) return null;
  return createHmac('sha256', Buffer.from(ctx.app.jwtSecret))
    .update(`hold-address/v1:${ipKeyGenerator(ctx.ip, 56)}`)
    .digest('hex')
    .slice(0, 32);
}

/** A 32-bit key for an advisory lock on a text (PostgreSQL's two-key form takes integers). */
function lockKey(text: string): number {
  return createHash('sha256').update(text).digest().readInt32BE(0);
}

/**
 * Serialises the holds of one address (or one account) before they are counted: on PostgreSQL a
 * transaction-scoped advisory lock, taken after the slot and advisor locks of `reserveTime` (always
 * in this order; no transaction takes a slot or advisor lock after one of these, so none waits for
 * another in a circle); on SQLite the booking transaction holds the writer lock already.
 */
async function lockHolds(app: AppContext, trx: Transaction<AppDatabase>, kind: number, key: string): Promise<void> {
  if (app.database.dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(${kind}, ${lockKey(key)})`.execute(trx);
}

/** Live holds (waiting, their time not run out) whose `property` is `value`, but `ignoring`. */
async function liveHolds(
  app: AppContext,
  trx: Transaction<AppDatabase>,
  property: 'holdAddress' | 'holdOwner',
  value: string | number,
  now: Date,
  ignoring: number | null,
): Promise<number> {
  const c = (p: string) => sql.ref(col(app, 'appointment', p));
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(tableOf(app, 'appointment'))}
      where ${c(property)} = ${value} and ${c('status')} = 'waiting' and ${c('holdUntil')} > ${now.toISOString()}
        and ${c('pk')} <> ${ignoring ?? 0}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * How many live holds a visitor keeps at once. Read from the application itself, before its
 * transaction: a transaction's context is another object, which the settings do not know.
 */
export function holdsAtOnce(app: AppContext): number {
  return bookingSettings(app).holdsAtOnce;
}

/** Refuses a new hold from an address that keeps `limit` live holds already (429, nothing written). */
export async function assertRoomForAddress(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  address: string | null,
  limit: number,
  now: Date,
): Promise<void> {
  if (address === null) return;
  await lockHolds(tctx.app, trx, HOLD_ADDRESS_LOCK, address);
  if ((await liveHolds(tctx.app, trx, 'holdAddress', address, now, null)) >= limit) throw tooManyHolds();
}

/** Refuses to give an account more than `limit` live holds (`hold` aside: the one it identifies for). */
export async function assertRoomForOwner(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  owner: number,
  hold: number,
  limit: number,
  now: Date,
): Promise<void> {
  await lockHolds(tctx.app, trx, HOLD_OWNER_LOCK, String(owner));
  if ((await liveHolds(tctx.app, trx, 'holdOwner', owner, now, hold)) >= limit) throw tooManyHolds();
}

/**
 * The hold a visitor gives back by its token (the uuid the hold answered; `replaces` of a new hold):
 * cancelled in the new hold's transaction, so that choosing another time never costs the visitor one
 * of their holds. Only a waiting hold is given back; an unknown or malformed token changes nothing
 * (the hold may have run out and been swept).
 */
export async function releaseHold(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  token: string,
  now: Date,
): Promise<void> {
  if (!UUID.test(token)) return;
  const c = (p: string) => sql.ref(col(tctx.app, 'appointment', p));
  await sql`update ${sql.table(tableOf(tctx.app, 'appointment'))}
      set ${c('status')} = 'cancelled', ${c('holdAddress')} = null, ${c('updatedAt')} = ${now.toISOString()}
      where ${c('uuid')} = ${token.toLowerCase()} and ${c('status')} = 'waiting'
        and ${c('tmpBookDate')} is not null`.execute(trx);
}

/** The client account that identified for a hold (a private column: never in a record). */
export async function holdOwnerOf(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  pk: number,
): Promise<number | null> {
  const c = (p: string) => sql.ref(col(tctx.app, 'appointment', p));
  const { rows } = await sql<{ owner: number | string | null }>`select ${c('holdOwner')} as owner
      from ${sql.table(tableOf(tctx.app, 'appointment'))} where ${c('pk')} = ${pk}`.execute(trx);
  const owner = rows[0]?.owner;
  return owner === null || owner === undefined ? null : Number(owner);
}
