import { Router } from 'express';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/tables';
import type { AppContext, RequestContext } from '../../context';
import { denied } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import { inBookingTransaction } from './booking-lock';
import { HttpError } from '../../http/http-error';
import { asyncHandler } from '../../http/async-handler';
import { asNumber, asText, fullName, loadRecord, loadRecords } from './booking-records';
import { BOOKING_MESSAGES as M } from './booking-messages';
import { bodyObject, descriptionOf, FieldErrors, parseBookingRequest, pkOf } from './booking-input';
import { callerOf, isClient } from './booking-caller';
import { mayView } from '../../operations/related-rule';
import { entityOf } from '../../operations/entity-access';
import { checkedFormAnswers } from './reason-form';
import {
  afterCommitEvent,
  clientOf,
  clientProperty,
  insertAppointment,
  presentAppointment,
  recheckHeldTime,
  reserveTime,
  updateAppointment,
} from './booking-service';
import { holdExpiresAt } from './public-shapes';
import { bookingLimiter } from './rate-limits';
import { BASE } from './booking-base';
import {
  assertRoomForAddress,
  assertRoomForOwner,
  holdAddressOf,
  holdOwnerOf,
  holdsAtOnce,
  releaseHold,
} from './hold-policy';
import { HOLD_MINUTES, IDENTIFIED_HOLD_MINUTES } from '../../../engine/booking/hold';

const PUBLIC_SUBJECT = 'RDV pris en ligne';
const ADVISOR_SUBJECT = 'RDV pris par un conseiller';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const holdExpired = () => new HttpError(404, 'hold_expired', M.holdExpired);

/** A hold still holds: waiting, and its hour has not run out. */
export function holdIsLive(a: ApiRecord, now: Date): boolean {
  const expires = holdExpiresAt(a);
  return a.status === 'waiting' && expires !== null && Date.parse(expires) > now.getTime();
}

/**
 * The live hold of this pk and uuid that the signed-in client may take: without a client yet, and
 * not identified by another account. Anything else is the same 404 `hold_expired`.
 */
async function liveHoldFor(
  tctx: RequestContext,
  trx: Transaction<AppDatabase>,
  pk: number,
  uuid: string,
  now: Date,
): Promise<ApiRecord> {
  const hold = await loadRecord(tctx.app, trx, 'appointment', pk);
  if (!hold || hold.uuid !== uuid.toLowerCase() || !holdIsLive(hold, now) || clientOf(tctx, hold) !== null)
    throw holdExpired();
  const owner = await holdOwnerOf(tctx, trx, pk);
  if (owner !== null && owner !== tctx.user.pk) throw holdExpired();
  return hold;
}

/** `replaces`: the token (uuid) of the hold the visitor gives back, when given. */
function replacedHold(body: unknown): string | null {
  const value = bodyObject(body).replaces;
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') {
    const errors = new FieldErrors();
    errors.add('replaces', 'type', M.notText);
    errors.throwIfAny();
  }
  return value as string;
}

function assertClient(ctx: RequestContext): void {
  if (!isClient(ctx)) {
    if (ctx.user.anonymous) throw denied(ctx);
    throw new HttpError(403, 'forbidden', M.clientsOnly);
  }
}

/**
 * Validated or waiting booking of `body`'s time, re-checked in one transaction; the questionnaire
 * answers are checked against the reason's form before anything is written.
 */
async function book(
  ctx: RequestContext,
  body: unknown,
  values: (reserved: { slot: ApiRecord; reason: ApiRecord }, tctx: RequestContext) => Promise<ApiRecord> | ApiRecord,
  options: {
    withClient?: boolean;
    /** Run in the transaction before and after the time is reserved (a hold's own rules). */
    before?: (tctx: RequestContext, trx: Transaction<AppDatabase>, now: Date) => Promise<void>;
    reserved?: (tctx: RequestContext, trx: Transaction<AppDatabase>, now: Date) => Promise<void>;
  } = {},
) {
  const request = parseBookingRequest(body, options);
  const now = new Date();
  return inBookingTransaction(ctx, async (tctx, trx) => {
    await options.before?.(tctx, trx, now);
    const reserved = await reserveTime(tctx, trx, request, { caller: callerOf(tctx), now });
    const formAnswers = checkedFormAnswers(tctx, reserved.reason.form, request.formAnswers);
    await options.reserved?.(tctx, trx, now);
    const extra = await values(reserved, tctx);
    const created = await insertAppointment(tctx, trx, {
      startDate: reserved.startDate,
      endDate: reserved.endDate,
      advisor: reserved.advisor,
      slot: reserved.slot.pk,
      place: reserved.slot.place ?? null,
      reason: reserved.reason.pk,
      // The appointment belongs to its slot's group (reference §5.1), which is never empty.
      group: reserved.slot.group,
      description: request.description,
      formAnswers,
      ...extra,
    });
    return { created, shape: await presentAppointment(tctx, trx, created) };
  });
}

/** Holds, bookings and the client's own list (reference §5.7 steps 4–6 and the advisor's booking). */
export function bookingRouter(app: AppContext): Router {
  const router = Router();
  const limit = bookingLimiter(app, 'book', (s) => s.bookingsPerIp);
  // Its own counter: one identification per hold, which must not use up the holds' and bookings' own.
  const identifyLimit = bookingLimiter(app, 'hold-identify', (s) => s.bookingsPerIp);

  // A hold keeps its time HOLD_MINUTES, a visitor keeps a few at once (hold-policy.ts), and the body's
  // `replaces` (the uuid the visitor's previous hold answered) gives that one back in the same transaction.
  router.post(
    `${BASE}/book-appointment-tmp/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const replaces = replacedHold(req.body);
      const address = holdAddressOf(ctx);
      const limit = holdsAtOnce(ctx.app);
      const { shape } = await book(
        ctx,
        req.body,
        () => {
          const now = Date.now();
          return {
            status: 'waiting',
            tmpBookDate: new Date(now).toISOString(),
            holdUntil: new Date(now + HOLD_MINUTES * 60_000).toISOString(),
            holdAddress: address,
            subject: PUBLIC_SUBJECT,
          };
        },
        {
          // Given back first: the previous hold must not block the visitor's new choice.
          before: async (tctx, trx, now) => {
            if (replaces) await releaseHold(tctx, trx, replaces, now);
          },
          // Counted once the request is known good: a wrong request is told what is wrong, a taken time 409.
          reserved: (tctx, trx, now) => assertRoomForAddress(tctx, trx, address, limit, now),
        },
      );
      res.status(201).json(shape);
    }),
  );

  // The visitor signed in with a client account (the identification step): the hold is theirs, and
  // keeps its time IDENTIFIED_HOLD_MINUTES from now, for the récapitulatif — within the account's
  // own limit of holds at once.
  router.post(
    `${BASE}/book-appointment-tmp/:pk/:uuid/identify/`,
    identifyLimit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      assertClient(ctx);
      const pk = pkOf(req.params.pk);
      const uuid = String(req.params.uuid);
      if (pk === null || !UUID.test(uuid)) throw holdExpired();
      const now = new Date();
      const limit = holdsAtOnce(ctx.app);
      const shape = await inBookingTransaction(ctx, async (tctx, trx) => {
        const hold = await liveHoldFor(tctx, trx, pk, uuid, now);
        await assertRoomForOwner(tctx, trx, tctx.user.pk!, pk, limit, now);
        const extended = now.getTime() + IDENTIFIED_HOLD_MINUTES * 60_000;
        const until = Math.max(extended, Date.parse(holdExpiresAt(hold) ?? '') || 0);
        const identified = await updateAppointment(tctx, trx, pk, {
          holdOwner: tctx.user.pk,
          holdUntil: new Date(until).toISOString(),
        });
        return presentAppointment(tctx, trx, identified);
      });
      res.json(shape);
    }),
  );

  router.patch(
    `${BASE}/book-appointment-tmp/:pk/:uuid/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      assertClient(ctx);
      const pk = pkOf(req.params.pk);
      const uuid = String(req.params.uuid);
      if (pk === null || !UUID.test(uuid)) throw holdExpired();
      // The screens may send the questionnaire and the free text again at confirmation (typed after the hold).
      const body = bodyObject(req.body ?? {});
      const errors = new FieldErrors();
      const description = descriptionOf(body, errors);
      errors.throwIfAny();
      const now = new Date();
      const shape = await inBookingTransaction(ctx, async (tctx, trx) => {
        const hold = await liveHoldFor(tctx, trx, pk, uuid, now);
        const extras: Record<string, unknown> = {};
        if (description !== undefined) extras.description = description;
        if (body.formAnswers !== undefined && body.formAnswers !== null) {
          const reason = await loadRecord(tctx.app, trx, 'reason', hold.reason as number);
          extras.formAnswers = checkedFormAnswers(tctx, reason?.form, body.formAnswers);
        }
        await recheckHeldTime(tctx, trx, hold, { caller: callerOf(tctx), now });
        const confirmed = await updateAppointment(tctx, trx, pk, {
          ...extras,
          status: 'validated',
          [clientProperty(tctx)]: tctx.user.pk,
          sequence: (asNumber(hold.sequence) ?? 0) + 1,
          holdAddress: null,
        });
        await afterCommitEvent(tctx, pk, 'created_client');
        return presentAppointment(tctx, trx, confirmed);
      });
      res.json(shape);
    }),
  );

  router.post(
    `${BASE}/book-appointment/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      assertClient(ctx);
      const { created, shape } = await book(ctx, req.body, () => ({
        status: 'validated',
        subject: PUBLIC_SUBJECT,
        [clientProperty(ctx)]: ctx.user.pk,
      }));
      // book() committed its own transaction: the event runs now, after the commit.
      await afterCommitEvent(ctx, created.pk as number, 'created_client');
      res.status(201).json(shape);
    }),
  );

  router.post(
    `${BASE}/appointment-booking-for-advisor/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      if (!ctx.user.roles.includes('staff')) throw denied(ctx);
      let group: number | null = null;
      const { created, shape } = await book(
        ctx,
        req.body,
        async (reserved, tctx) => {
          group = asNumber(reserved.slot.group);
          const admin = tctx.user.roles.includes('administrator');
          if (!admin && (group === null || !tctx.user.scopeGroups.includes(group)))
            throw new HttpError(403, 'forbidden', M.staffOnly);
          const body = req.body as Record<string, unknown>;
          const client = await loadRecord(tctx.app, tctx.app.database.db, 'user', pkOf(body.client)!);
          // A client the caller may see (issue 25: one their structure works with or opened), as any
          // relation a write makes: a number alone does not open someone's account to a structure.
          if (!client || client.userType !== 'client' || !(await mayView(tctx, entityOf(tctx, 'user'), client))) {
            const errors = new FieldErrors();
            errors.add('client', 'unknown', M.unknownClient);
            errors.throwIfAny();
          }
          const me = await loadRecord(tctx.app, tctx.app.database.db, 'user', tctx.user.pk!);
          const myGroup = tctx.user.group
            ? await loadRecord(tctx.app, tctx.app.database.db, 'group', tctx.user.group)
            : null;
          const prefix = `Rdv pris par ${escapeHtml(fullName(me))} / ${escapeHtml(asText(myGroup?.name))}<br>`;
          return {
            status: 'validated',
            subject: ADVISOR_SUBJECT,
            [clientProperty(tctx)]: client!.pk,
            description: prefix + asText(body.description),
          };
        },
        { withClient: true },
      );
      const trigger = group !== null && group === ctx.user.group ? 'created_advisor' : 'created_client';
      await afterCommitEvent(ctx, created.pk as number, trigger);
      res.status(201).json(shape);
    }),
  );

  router.get(
    `${BASE}/my-appointments/`,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      assertClient(ctx);
      const db = ctx.app.database.db;
      const mine = await loadRecords(ctx.app, db, 'appointment', [
        { property: clientProperty(ctx), op: '=', value: ctx.user.pk },
      ]);
      const now = Date.now();
      const upcoming = mine
        .filter((a) => a.status !== 'cancelled' && Date.parse(String(a.endDate)) >= now)
        .sort((a, b) => String(a.startDate).localeCompare(String(b.startDate)));
      const past = mine
        .filter((a) => !upcoming.includes(a))
        .sort((a, b) => String(b.startDate).localeCompare(String(a.startDate)));
      res.json({
        upcoming: await Promise.all(upcoming.map((a) => presentAppointment(ctx, db, a))),
        past: await Promise.all(past.map((a) => presentAppointment(ctx, db, a))),
      });
    }),
  );
  return router;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
