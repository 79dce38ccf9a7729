import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AppDatabase } from '../../db/tables';
import type { RequestContext } from '../../context';
import { notFound } from '../../context';
import { inTransaction } from '../../db/transaction';
import { create } from '../../operations/write';
import { searchColumnOfRow } from '../../operations/search-text';
import { getEntity } from '../../../engine/schema/registry';
import { systemContext } from '../../seed/system-context';
import { enqueueJob } from '../../jobs/enqueue-job';
import { ValidationError } from '../../http/http-error';
import type { FieldError } from '../../../engine/validation/field-error';
import {
  placeNewRegistration,
  registrationsToPromote,
  type RegistrationStatus,
  type Seat,
} from '../../../engine/events/event-capacity';
import { checkedFormAnswers } from '../booking/reason-form';
import { EVENTS_MESSAGES } from './event-messages';

export const EVENT_MAIL_JOB = 'events.mail';
export type EventMailKind = 'confirmed' | 'waiting' | 'promoted' | 'cancelled' | 'reminder';
export interface EventMailPayload {
  registration: number;
  kind: EventMailKind;
}

export type EventRow = NonNullable<Awaited<ReturnType<typeof loadEvent>>>;

export function loadEvent(db: Kysely<AppDatabase>, pk: number) {
  return db.selectFrom('events_event').selectAll().where('pk', '=', pk).executeTakeFirst();
}

/**
 * The event's row locked for this transaction before its registrations are counted: an UPDATE that
 * changes nothing takes the row lock on PostgreSQL (a second registration waits, then counts the
 * first) and the single writer lock on SQLite, as the first statement of the transaction.
 */
async function lockEvent(db: Kysely<AppDatabase>, pk: number): Promise<void> {
  await db
    .updateTable('events_event')
    .set({ updated_at: sql<string>`updated_at` })
    .where('pk', '=', pk)
    .execute();
}

async function seatsOf(db: Kysely<AppDatabase>, event: number): Promise<Seat[]> {
  const rows = await db
    .selectFrom('events_registration')
    .select(['pk', 'status', 'position'])
    .where('event', '=', event)
    .execute();
  return rows.map((r) => ({
    pk: r.pk,
    status: (r.status ?? 'confirmed') as RegistrationStatus,
    position: r.position ?? 0,
  }));
}

export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  consent: boolean;
  formAnswers: unknown;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The public form's fields, trimmed; every problem is a French error on its field, nothing written. */
export function checkedInput(body: unknown): RegistrationInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (k: string, max: number) => (typeof b[k] === 'string' ? (b[k] as string).trim().slice(0, max) : '');
  const input: RegistrationInput = {
    firstName: text('firstName', 100),
    lastName: text('lastName', 100),
    email: text('email', 254).toLowerCase(),
    phone: text('phone', 30),
    consent: b.consent === true,
    formAnswers: b.formAnswers,
  };
  const errors: FieldError[] = [];
  const fail = (path: string, message: string) => errors.push({ path, code: 'invalid', params: {}, message });
  if (!input.firstName) fail('firstName', EVENTS_MESSAGES.required);
  if (!input.lastName) fail('lastName', EVENTS_MESSAGES.required);
  if (!input.email) fail('email', EVENTS_MESSAGES.required);
  else if (!EMAIL.test(input.email)) fail('email', EVENTS_MESSAGES.badEmail);
  if (!input.consent) fail('consent', EVENTS_MESSAGES.consentRequired);
  if (errors.length) throw new ValidationError(errors, EVENTS_MESSAGES.summary);
  return input;
}

/**
 * The file-area contact of the event's structure with this e-mail, or a new one: an attendee is
 * someone the structure now knows. Created through the generic write (validation, duplicate
 * detection, search columns) inside the registration's transaction.
 */
async function contactFor(tctx: RequestContext, group: number, input: RegistrationInput): Promise<number> {
  const db = tctx.app.database.db;
  const found = await db
    .selectFrom('fac_contact')
    .select('pk')
    .where('owning_group', '=', group)
    .where(sql`lower(email)`, '=', input.email)
    .orderBy('pk')
    .executeTakeFirst();
  if (found) return found.pk;
  const system = { ...systemContext(tctx.app), app: tctx.app };
  const contact = await create(system, 'contact', {
    owningGroup: group,
    civility: '-',
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
  });
  return contact.pk as number;
}

/**
 * Registers an attendee, in one transaction: the event locked, its registrations counted, the
 * new one confirmed or put on the waiting list by the capacity rule, the contact found or
 * created, and the mail job added with them (nothing is mailed for a rolled-back registration).
 */
export async function registerAttendee(
  ctx: RequestContext,
  eventPk: number,
  input: RegistrationInput,
  origin: string,
): Promise<{ status: 'confirmed' | 'waiting'; position: number }> {
  const entity = getEntity(ctx.app.registry, 'event-registration');
  return inTransaction(ctx, async (tctx) => {
    const db = tctx.app.database.db;
    await lockEvent(db, eventPk);
    const event = await loadEvent(db, eventPk);
    if (!event || event.group === null) throw notFound(ctx);
    const form = typeof event.form === 'string' ? (JSON.parse(event.form) as unknown) : event.form;
    const formAnswers = checkedFormAnswers(tctx, form, input.formAnswers);
    const already = await db
      .selectFrom('events_registration')
      .select('pk')
      .where('event', '=', eventPk)
      .where('email', '=', input.email)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (already)
      throw new ValidationError(
        [{ path: 'email', code: 'invalid', params: {}, message: EVENTS_MESSAGES.alreadyRegistered }],
        EVENTS_MESSAGES.alreadyRegistered,
      );
    const placed = placeNewRegistration(event.capacity ?? 0, await seatsOf(db, eventPk));
    const contact = await contactFor(tctx, event.group, input);
    const now = new Date().toISOString();
    const row = {
      event: eventPk,
      group: event.group,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      answers: formAnswers === null ? null : JSON.stringify(formAnswers),
      status: placed.status,
      position: placed.position,
      attended: 0,
      consent: 1,
      contact,
      cancel_uuid: randomUUID(),
      site_origin: origin,
      reminder_sent_at: null,
      created_at: now,
      updated_at: now,
      extra: '{}',
    };
    const inserted = await db
      .insertInto('events_registration')
      .values({ ...row, ...searchColumnOfRow(entity, row) })
      .returning('pk')
      .executeTakeFirstOrThrow();
    await enqueueJob(db, {
      kind: EVENT_MAIL_JOB,
      payload: { registration: inserted.pk, kind: placed.status } satisfies EventMailPayload,
      dedupeKey: `events:mail:${inserted.pk}:${placed.status}`,
    });
    return placed;
  });
}

/**
 * Cancels the registration whose secret link this is and, in the same transaction, confirms the
 * first waiting ones the freed seat allows, each told by mail. A link already used answers the
 * same outcome again (a second click changes nothing).
 */
export async function cancelRegistration(ctx: RequestContext, uuid: string): Promise<{ promoted: number }> {
  return inTransaction(ctx, async (tctx) => {
    const db = tctx.app.database.db;
    const target = await registrationBySecret(db, uuid);
    if (!target || target.event === null) throw notFound(ctx);
    await lockEvent(db, target.event);
    const event = await loadEvent(db, target.event);
    if (!event) throw notFound(ctx);
    const current = await db
      .selectFrom('events_registration')
      .select('status')
      .where('pk', '=', target.pk)
      .executeTakeFirstOrThrow();
    if (current.status === 'cancelled') return { promoted: 0 };
    const now = new Date().toISOString();
    await db
      .updateTable('events_registration')
      .set({ status: 'cancelled', updated_at: now })
      .where('pk', '=', target.pk)
      .execute();
    if (current.status === 'confirmed')
      await enqueueJob(db, {
        kind: EVENT_MAIL_JOB,
        payload: { registration: target.pk, kind: 'cancelled' } satisfies EventMailPayload,
        dedupeKey: `events:mail:${target.pk}:cancelled`,
      });
    const promoted = await promoteWaiting(db, event);
    return { promoted: promoted.length };
  });
}

/** Confirms the waiting registrations the capacity now allows (call with the event locked). */
export async function promoteWaiting(db: Kysely<AppDatabase>, event: EventRow): Promise<number[]> {
  const promote = registrationsToPromote(event.capacity ?? 0, await seatsOf(db, event.pk));
  const now = new Date().toISOString();
  for (const pk of promote) {
    await db
      .updateTable('events_registration')
      .set({ status: 'confirmed', updated_at: now })
      .where('pk', '=', pk)
      .execute();
    await enqueueJob(db, {
      kind: EVENT_MAIL_JOB,
      payload: { registration: pk, kind: 'promoted' } satisfies EventMailPayload,
      dedupeKey: `events:mail:${pk}:promoted`,
    });
  }
  return promote;
}

const SECRET = /^[0-9a-f-]{36}$/i;

export async function registrationBySecret(db: Kysely<AppDatabase>, uuid: string) {
  if (!SECRET.test(uuid)) return undefined;
  return db.selectFrom('events_registration').selectAll().where('cancel_uuid', '=', uuid).executeTakeFirst();
}
