import type { Kysely, Transaction } from 'kysely';
import type { RequestContext } from '../context';
import { isRecordKey } from '../db/record-key';
import type { AppDatabase } from '../db/tables';
import type { ApiRecord } from '../db/row-mapper';
import { HttpError } from '../http/http-error';
import { reserveTime } from '../modules/booking/booking-service';
import { loadRecords } from '../modules/booking/booking-records';
import { lockAdvisors } from '../modules/booking/booking-lock';
import type { EntityHook } from './hook-types';

export const ADVISOR_BUSY = 'Ce conseiller a déjà un rendez-vous à cet horaire.';
export const ADVISOR_UNAVAILABLE = 'Ce conseiller est indisponible à cet horaire.';

/** Saves by a signed-in person only: fixtures and platform writes are trusted as they are. */
const byPerson = (ctx: RequestContext) => !ctx.user.anonymous && isRecordKey(ctx.user.pk);

const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const optionalKey = (v: unknown) => v === null || v === undefined || isRecordKey(v);
const sameTime = (a: unknown, b: unknown) => isDate(a) && isDate(b) && Date.parse(a) === Date.parse(b);

/** Whether this save places the appointment at a (new) time that must still be free. */
function placesTime(record: ApiRecord, previous?: ApiRecord): boolean {
  if (record.status === 'cancelled') return false;
  if (!previous || previous.status === 'cancelled') return true;
  return (
    !sameTime(record.startDate, previous.startDate) ||
    (record.slot ?? null) !== (previous.slot ?? null) ||
    (record.advisor ?? null) !== (previous.advisor ?? null) ||
    (record.reason ?? null) !== (previous.reason ?? null)
  );
}

// reserveTime names the time `start`; the appointment's field is `startDate`.
function onEntityFields(e: unknown): unknown {
  if (!(e instanceof HttpError) || !e.errors) return e;
  const errors = e.errors.map((f) => (f.path === 'start' ? { ...f, path: 'startDate' } : f));
  return new HttpError(e.status, e.code, e.message, errors, e.extra);
}

const overlaps = (row: ApiRecord, start: number, end: number) =>
  isDate(row.startDate) && isDate(row.endDate) && Date.parse(row.startDate) < end && Date.parse(row.endDate) > start;

/**
 * Why the advisor cannot take [start, end[ outside any slot, or null: one of his active downtimes,
 * or another of his non-cancelled appointments, overlaps it (half-open, as the booking engine).
 * Read after `lockAdvisors`, so a booking of the same advisor committing meanwhile is seen.
 */
async function advisorConflict(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  advisor: number,
  span: { start: string; end: string },
  ignoring: number | null,
): Promise<string | null> {
  const [start, end] = [Date.parse(span.start), Date.parse(span.end)];
  const downtimes = await loadRecords(ctx.app, db, 'advisor-downtime', [
    { property: 'advisor', op: '=', value: advisor },
  ]);
  if (downtimes.some((d) => d.isActive !== false && overlaps(d, start, end))) return ADVISOR_UNAVAILABLE;
  const others = await loadRecords(ctx.app, db, 'appointment', [
    { property: 'advisor', op: '=', value: advisor },
    { property: 'status', op: '!=', value: 'cancelled' },
  ]);
  return others.some((a) => a.pk !== ignoring && overlaps(a, start, end)) ? ADVISOR_BUSY : null;
}

/**
 * Issue 9 item 4: a back-office create or move of an appointment (POST/PATCH of
 * /dialogwatt/appointment/) goes through the same re-check as the public booking calls, inside
 * the write transaction. An appointment tied to a slot and a reason must be a time `reserveTime`
 * still offers (caller `advisor`); when no advisor was chosen on a slot that uses advisor
 * calendars, the advisor it picks is stored. An appointment outside any slot (a phone call the
 * agenda notes) is not checked against slots, but its advisor must be neither in a downtime nor
 * in another appointment at that time, checked under the same advisor lock as the bookings.
 * Malformed values are left to the schema's validation.
 */
export const appointmentAvailability: EntityHook = {
  async beforeValidate({ ctx, record, previous, db }) {
    if (!byPerson(ctx) || !placesTime(record, previous)) return;
    if (!isDate(record.startDate) || !optionalKey(record.slot) || !optionalKey(record.reason)) return;
    if (!optionalKey(record.advisor)) return;
    const ignoring = previous && isRecordKey(previous.pk) ? previous.pk : null;
    const advisor = isRecordKey(record.advisor) ? record.advisor : null;
    if (isRecordKey(record.slot) && isRecordKey(record.reason)) {
      const choice = { reason: record.reason, slot: record.slot, start: record.startDate, advisor };
      const options = { caller: 'advisor' as const, now: new Date(), ignoring };
      const reserved = await reserveTime(ctx, db as Transaction<AppDatabase>, choice, options).catch((e) => {
        throw onEntityFields(e);
      });
      if (advisor === null && reserved.advisor !== null) record.advisor = reserved.advisor;
      if (!isDate(record.endDate)) record.endDate = reserved.endDate;
      return;
    }
    if (advisor === null || !isDate(record.endDate)) return;
    await lockAdvisors(ctx.app, db as Transaction<AppDatabase>, [advisor]);
    const conflict = await advisorConflict(
      ctx,
      db,
      advisor,
      { start: record.startDate, end: record.endDate },
      ignoring,
    );
    if (conflict) throw new HttpError(409, 'not_available', conflict);
  },
};
