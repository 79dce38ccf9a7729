import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ADVISOR_NO_LONGER_AVAILABLE,
  ADVISOR_NOT_ON_SLOT,
  checkBookable,
  NO_ADVISOR_AVAILABLE,
  NO_ADVISOR_CHOICE,
  NO_LONGER_AVAILABLE,
  REASON_NOT_OFFERED,
} from '../../../engine/booking/check-bookable';
import type { RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { recordToRow, rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { HttpError, ValidationError } from '../../http/http-error';
import { cleanHtmlFields } from '../../security/sanitize-html';
import { afterCommit } from '../../db/transaction';
import { asNumber, asNumbers, entityNamed, loadRecord, tableOf } from './booking-records';
import { BOOKING_MESSAGES as M } from './booking-messages';
import { lockForBooking } from './booking-lock';
import { ADVISOR_TYPES, loadOffersInput, type Caller } from './offers-input';
import { bookedAppointment, type BookedAppointment } from './public-shapes';
import { recordAppointmentEvent, type AppointmentTrigger } from './appointment-events';

export interface TimeChoice {
  reason: number;
  slot: number;
  start: string;
  advisor: number | null;
}

export interface ReservedTime {
  slot: ApiRecord;
  reason: ApiRecord;
  advisor: number | null;
  startDate: string;
  endDate: string;
}

function fieldError(path: string, text: string): ValidationError {
  return new ValidationError([{ path, code: 'invalid', params: {}, message: text }], M.summary);
}

export const notAvailable = () => new HttpError(409, 'not_available', M.notAvailable);

// Someone else took the time (or the advisor): 409, the visitor picks another time. Anything else
// checkBookable refuses is a wrong request (a start outside the slot, a drop-in slot…): 400 on its field.
const TAKEN = new Set([NO_LONGER_AVAILABLE, NO_ADVISOR_AVAILABLE, ADVISOR_NO_LONGER_AVAILABLE]);

function refusal(text: string): HttpError {
  if (TAKEN.has(text)) return notAvailable();
  if (text === ADVISOR_NOT_ON_SLOT || text === NO_ADVISOR_CHOICE) return fieldError('advisor', text);
  if (text === REASON_NOT_OFFERED) return fieldError('reason', text);
  return fieldError('start', text);
}

/**
 * The re-check every booking, hold, confirmation and move goes through, inside the caller's
 * transaction: the slot and reason must exist and go together, the advisor (if chosen) must work
 * on the slot, the concurrent bookings of the same slot or advisors are serialised (booking-lock),
 * and `checkBookable` must still offer that exact time with what is now stored — else 409.
 * `ignoring` leaves one appointment out (the one being moved or confirmed: it must not block itself).
 */
export async function reserveTime(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  choice: TimeChoice,
  options: { caller: Caller; now: Date; ignoring?: number | null },
): Promise<ReservedTime> {
  const app = tctx.app;
  const slot = await loadRecord(app, trx, 'slot', choice.slot);
  if (!slot || slot.status === 'cancelled') throw fieldError('slot', M.unknownSlot);
  const reason = await loadRecord(app, trx, 'reason', choice.reason);
  if (!reason || reason.isActive === false || !asNumbers(slot.reasons).includes(choice.reason))
    throw fieldError('reason', M.unknownReason);
  const slotAdvisors = asNumbers(slot.advisors);
  if (choice.advisor !== null) {
    if (slot.useAdvisorCalendar === false) throw fieldError('advisor', M.advisorWithoutCalendar);
    const advisor = await loadRecord(app, trx, 'user', choice.advisor);
    if (
      !advisor ||
      advisor.isActive === false ||
      !ADVISOR_TYPES.includes(String(advisor.userType)) ||
      !slotAdvisors.includes(choice.advisor)
    )
      throw fieldError('advisor', M.unknownAdvisor);
  }
  await lockForBooking(app, trx, choice.slot, slotAdvisors);
  const input = await loadOffersInput(
    app,
    trx,
    {
      reason: String(choice.reason),
      advisor: choice.advisor === null ? null : String(choice.advisor),
      place: slot.place == null ? null : String(slot.place),
      caller: options.caller,
    },
    {
      from: String(slot.startDate),
      to: String(slot.endDate),
      slotPks: [choice.slot],
      ignoring: options.ignoring ?? null,
    },
    options.now,
  );
  const verdict = checkBookable(input, {
    slot: String(choice.slot),
    start: choice.start,
    advisor: choice.advisor === null ? null : String(choice.advisor),
  });
  if (!verdict.ok) throw refusal(verdict.message);
  return {
    slot,
    reason,
    advisor: verdict.advisor === null ? null : Number(verdict.advisor),
    startDate: new Date(verdict.start).toISOString(),
    endDate: new Date(verdict.end).toISOString(),
  };
}

/** The re-check of a stored hold's own time when it is confirmed (left out of the search: it must not block itself). */
export function recheckHeldTime(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  held: ApiRecord,
  options: { caller: Caller; now: Date },
): Promise<ReservedTime> {
  const choice = {
    reason: held.reason as number,
    slot: held.slot as number,
    start: String(held.startDate),
    advisor: asNumber(held.advisor),
  };
  return reserveTime(tctx, trx, choice, { ...options, ignoring: held.pk as number });
}

/** The property of an appointment that names its client (a client account for now). */
export function clientProperty(tctx: RequestContext): string {
  const entity = entityNamed(tctx.app, 'appointment');
  return entity.columnByProperty.has('client') ? 'client' : 'clientOrContact';
}

export function clientOf(tctx: RequestContext, appointment: ApiRecord): number | null {
  const v = appointment[clientProperty(tctx)];
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object') return asNumber((v as { pk?: unknown; client?: unknown }).pk ?? null);
  return null;
}

/** Inserts a new appointment with the entity's defaults; returns it as stored. */
export async function insertAppointment(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  values: ApiRecord,
): Promise<ApiRecord> {
  const entity = entityNamed(tctx.app, 'appointment');
  const record: ApiRecord = {};
  for (const [name, p] of Object.entries(entity.schema.properties))
    if (p.default !== undefined) record[name] = structuredClone(p.default);
  const now = new Date().toISOString();
  Object.assign(record, { uuid: randomUUID(), sequence: 0, history: '', createdAt: now, updatedAt: now }, values);
  cleanHtmlFields(entity.schema.properties, record);
  const props = entity.columns.filter((c) => !c.primaryKey && c.property !== '$extra').map((c) => c.property);
  const row = recordToRow(
    entity,
    record,
    props.filter((p) => record[p] !== undefined),
  );
  const inserted = (await trx
    .insertInto(tableOf(tctx.app, 'appointment') as never)
    .values(row as never)
    .returning('pk' as never)
    .executeTakeFirstOrThrow()) as { pk: number };
  return (await loadRecord(tctx.app, trx, 'appointment', inserted.pk))!;
}

/** Changes some fields of an appointment (its updatedAt too); returns it as stored. */
export async function updateAppointment(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  pk: number,
  values: ApiRecord,
): Promise<ApiRecord> {
  const entity = entityNamed(tctx.app, 'appointment');
  const record = { ...values, updatedAt: new Date().toISOString() };
  const row = recordToRow(entity, record, Object.keys(record));
  await trx
    .updateTable(tableOf(tctx.app, 'appointment') as never)
    .set(row as never)
    .where('pk' as never, '=', pk as never)
    .execute();
  return (await loadRecord(tctx.app, trx, 'appointment', pk))!;
}

/** Reads one appointment row by a column value (its uuid), without the module's caches. */
export async function appointmentByUuid(
  tctx: RequestContext,
  db: Kysely<AppDatabase>,
  uuid: string,
): Promise<ApiRecord | null> {
  const entity = entityNamed(tctx.app, 'appointment');
  const row = (await db
    .selectFrom(tableOf(tctx.app, 'appointment') as never)
    .selectAll()
    .where('uuid' as never, '=', uuid as never)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  return row ? rowToRecord(entity, row) : null;
}

/** The group an appointment belongs to: its slot's, else its advisor's, else its reason's. */
export async function appointmentGroup(
  tctx: RequestContext,
  db: Kysely<AppDatabase>,
  a: ApiRecord,
  parts?: { slot?: ApiRecord | null; advisor?: ApiRecord | null; reason?: ApiRecord | null },
): Promise<number | null> {
  const slot = parts?.slot ?? (a.slot ? await loadRecord(tctx.app, db, 'slot', a.slot as number) : null);
  const advisor = parts?.advisor ?? (a.advisor ? await loadRecord(tctx.app, db, 'user', a.advisor as number) : null);
  const reason = parts?.reason ?? (a.reason ? await loadRecord(tctx.app, db, 'reason', a.reason as number) : null);
  return asNumber(slot?.group) ?? asNumber(advisor?.group) ?? asNumber(reason?.group);
}

/** The public shape of an appointment (contract's BookedAppointment), with its reason, place, slot… */
export async function presentAppointment(
  tctx: RequestContext,
  db: Kysely<AppDatabase>,
  a: ApiRecord,
): Promise<BookedAppointment> {
  const app = tctx.app;
  const get = (name: 'slot' | 'user' | 'reason' | 'place', v: unknown) =>
    typeof v === 'number' ? loadRecord(app, db, name, v) : Promise.resolve(null);
  const [reason, place, slot, advisor] = await Promise.all([
    get('reason', a.reason),
    get('place', a.place),
    get('slot', a.slot),
    get('user', a.advisor),
  ]);
  const groupPk = await appointmentGroup(tctx, db, a, { slot, advisor, reason });
  const group = groupPk === null ? null : await loadRecord(app, db, 'group', groupPk);
  return bookedAppointment(a, { reason, place, slot, advisor, group });
}

/** Fires a notification trigger once the booking's transaction has committed. */
export async function afterCommitEvent(
  tctx: RequestContext,
  appointmentPk: number,
  trigger: AppointmentTrigger,
): Promise<void> {
  const actor = tctx.user.anonymous ? null : tctx.user.pk;
  await afterCommit(tctx, (app) => recordAppointmentEvent(app, { appointmentPk, trigger, actor }));
}
