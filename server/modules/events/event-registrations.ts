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
import { HttpError, ValidationError } from '../../http/http-error';
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
/**
 * `confirm`: the link that makes a public request a registration; `already`: a request for an
 * address registered already (told to that address only). The others follow the registration.
 */
export type EventMailKind = 'confirm' | 'already' | 'confirmed' | 'waiting' | 'promoted' | 'cancelled' | 'reminder';

/**
 * A request repeated for the same registration mails that address again once per window at most: the
 * person gets their link, and a third party cannot flood an address (beyond the per-IP rate limit).
 */
const REPEAT_MAIL_MS = 10 * 60_000;
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
async function contactFor(
  tctx: RequestContext,
  group: number,
  input: Pick<RegistrationInput, 'firstName' | 'lastName' | 'email' | 'phone'>,
): Promise<number> {
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

/** The live (not cancelled) registrations of an address to an event, oldest first. */
function registrationsOf(db: Kysely<AppDatabase>, eventPk: number, email: string) {
  return db
    .selectFrom('events_registration')
    .select(['pk', 'status', 'position'])
    .where('event', '=', eventPk)
    .where('email', '=', email)
    .where('status', '!=', 'cancelled')
    .orderBy('pk')
    .execute();
}

async function enqueueMail(db: Kysely<AppDatabase>, registration: number, kind: EventMailKind, dedupe: string) {
  await enqueueJob(db, {
    kind: EVENT_MAIL_JOB,
    payload: { registration, kind } satisfies EventMailPayload,
    dedupeKey: `events:mail:${registration}:${dedupe}`,
  });
}

function formOf(event: EventRow): unknown {
  return typeof event.form === 'string' ? (JSON.parse(event.form) as unknown) : event.form;
}

/**
 * A public registration request. Whatever the address, the requester learns nothing: the same
 * answer follows, and the mail to the address says what happened. A new address gets a
 * registration waiting for its confirmation (`pending`: no seat, no contact) and a mail with the
 * link that confirms it; a request repeated before the confirmation updates that registration and
 * mails the same link again; an address already registered (confirmed or waiting) is told so, and
 * nothing changes. So nobody can test whether someone registered, nor take a seat in their name.
 */
export async function requestRegistration(
  ctx: RequestContext,
  eventPk: number,
  input: RegistrationInput,
  origin: string,
): Promise<void> {
  const entity = getEntity(ctx.app.registry, 'event-registration');
  await inTransaction(ctx, async (tctx) => {
    const db = tctx.app.database.db;
    await lockEvent(db, eventPk);
    const event = await loadEvent(db, eventPk);
    if (!event || event.group === null) throw notFound(ctx);
    const formAnswers = checkedFormAnswers(tctx, formOf(event), input.formAnswers);
    const window = Math.floor(Date.now() / REPEAT_MAIL_MS);
    const existing = await registrationsOf(db, eventPk, input.email);
    const placed = existing.find((r) => r.status !== 'pending');
    if (placed) {
      await enqueueMail(db, placed.pk, 'already', `already:${window}`);
      return;
    }
    const now = new Date().toISOString();
    const details = {
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      answers: formAnswers === null ? null : JSON.stringify(formAnswers),
      consent: 1,
      site_origin: origin,
      updated_at: now,
    };
    const pending = existing.find((r) => r.status === 'pending');
    let pk: number;
    if (pending) {
      // The link already mailed stays valid: it confirms what was asked last.
      await db
        .updateTable('events_registration')
        .set({ ...details, ...searchColumnOfRow(entity, details) })
        .where('pk', '=', pending.pk)
        .execute();
      pk = pending.pk;
    } else {
      const row = {
        ...details,
        event: eventPk,
        group: event.group,
        status: 'pending',
        position: 0,
        attended: 0,
        contact: null,
        cancel_uuid: randomUUID(),
        reminder_sent_at: null,
        created_at: now,
        extra: '{}',
      };
      pk = (
        await db
          .insertInto('events_registration')
          .values({ ...row, ...searchColumnOfRow(entity, row) })
          .returning('pk')
          .executeTakeFirstOrThrow()
      ).pk;
    }
    await enqueueMail(db, pk, 'confirm', `confirm:${window}`);
  });
}

/**
 * The confirmation link of a public request: the registration now counts. In one transaction, the
 * event locked, it is confirmed or put on the waiting list by the capacity rule, the contact found
 * or created, and its mail job added. A link followed again answers the registration as it is; an
 * address registered meanwhile by the staff keeps that registration (this one is cancelled).
 */
export async function confirmRegistration(
  ctx: RequestContext,
  uuid: string,
): Promise<{ status: 'confirmed' | 'waiting'; position: number }> {
  return inTransaction(ctx, async (tctx) => {
    const db = tctx.app.database.db;
    const target = await registrationBySecret(db, uuid);
    if (!target || target.event === null) throw notFound(ctx);
    await lockEvent(db, target.event);
    const event = await loadEvent(db, target.event);
    if (!event || event.group === null) throw notFound(ctx);
    const current = await db
      .selectFrom('events_registration')
      .selectAll()
      .where('pk', '=', target.pk)
      .executeTakeFirstOrThrow();
    if (current.status === 'confirmed' || current.status === 'waiting')
      return { status: current.status, position: current.position ?? 0 };
    if (current.status !== 'pending') throw new HttpError(400, 'cancelled', EVENTS_MESSAGES.cancelledLink);
    if (!(Date.now() < Date.parse(event.start_date ?? ''))) throw new HttpError(400, 'closed', EVENTS_MESSAGES.closed);
    const now = new Date().toISOString();
    const other = (await registrationsOf(db, event.pk, current.email ?? '')).find(
      (r) => r.pk !== current.pk && r.status !== 'pending',
    );
    if (other) {
      await db
        .updateTable('events_registration')
        .set({ status: 'cancelled', updated_at: now })
        .where('pk', '=', current.pk)
        .execute();
      return { status: other.status as 'confirmed' | 'waiting', position: other.position ?? 0 };
    }
    const placed = placeNewRegistration(event.capacity ?? 0, await seatsOf(db, event.pk));
    const contact = await contactFor(tctx, event.group, {
      firstName: current.first_name ?? '',
      lastName: current.last_name ?? '',
      email: current.email ?? '',
      phone: current.phone ?? '',
    });
    await db
      .updateTable('events_registration')
      .set({ status: placed.status, position: placed.position, contact, updated_at: now })
      .where('pk', '=', current.pk)
      .execute();
    await enqueueMail(db, current.pk, placed.status, placed.status);
    return placed;
  });
}

/**
 * Registers an attendee the staff add by hand (the person is on the phone or at the desk: no
 * confirmation by mail), in one transaction: the event locked, its registrations counted, the new
 * one confirmed or put on the waiting list by the capacity rule, the contact found or created, and
 * the mail job added with them (nothing is mailed for a rolled-back registration). A public request
 * of the same address still waiting for its confirmation is cancelled: this registration replaces it.
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
    const formAnswers = checkedFormAnswers(tctx, formOf(event), input.formAnswers);
    const existing = await registrationsOf(db, eventPk, input.email);
    // The staff see every registration of their events: telling them is no leak.
    if (existing.some((r) => r.status !== 'pending'))
      throw new ValidationError(
        [{ path: 'email', code: 'invalid', params: {}, message: EVENTS_MESSAGES.alreadyRegistered }],
        EVENTS_MESSAGES.alreadyRegistered,
      );
    const now = new Date().toISOString();
    if (existing.length)
      await db
        .updateTable('events_registration')
        .set({ status: 'cancelled', updated_at: now })
        .where(
          'pk',
          'in',
          existing.map((r) => r.pk),
        )
        .execute();
    const placed = placeNewRegistration(event.capacity ?? 0, await seatsOf(db, eventPk));
    const contact = await contactFor(tctx, event.group, input);
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
    await enqueueMail(db, inserted.pk, placed.status, placed.status);
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
