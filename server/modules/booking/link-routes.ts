import { Router, type Request } from 'express';
import type { AppContext, RequestContext } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import { inBookingTransaction } from './booking-lock';
import { HttpError } from '../../http/http-error';
import { asyncHandler } from '../../http/async-handler';
import { asNumber, asNumbers, loadRecord } from './booking-records';
import { BOOKING_MESSAGES as M } from './booking-messages';
import { bodyObject, FieldErrors, pkOf } from './booking-input';
import { instant } from './booking-dates';
import { callerOf, isClient } from './booking-caller';
import {
  afterCommitEvent,
  appointmentByUuid,
  clientOf,
  clientProperty,
  notAvailable,
  presentAppointment,
  recheckHeldTime,
  reserveTime,
  updateAppointment,
} from './booking-service';
import { holdExpired, holdIsLive } from './booking-routes';
import { holdOwnerOf } from './hold-policy';
import { appointmentIcs } from './appointment-ics';
import { bookingLimiter } from './rate-limits';
import { BASE } from './booking-base';

// Only what randomUUID() makes: anything else is not worth a query, and answers the same 404.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const unknownAppointment = () => new HttpError(404, 'not_found', M.appointmentNotFound);

function uuidOf(req: Request): string {
  const uuid = String(req.params.uuid).toLowerCase();
  if (!UUID.test(uuid)) throw unknownAppointment();
  return uuid;
}

/** What the manage page may offer for this appointment now. */
function abilities(a: ApiRecord, now: Date) {
  const future = Date.parse(String(a.startDate)) > now.getTime();
  const live = a.status === 'validated' || holdIsLive(a, now);
  return {
    canCancel: live && future,
    canMove: live && future,
    canConfirm: a.status === 'waiting' && holdIsLive(a, now),
  };
}

async function found(tctx: RequestContext, uuid: string): Promise<ApiRecord> {
  const a = await appointmentByUuid(tctx, tctx.app.database.db, uuid);
  if (!a) throw unknownAppointment();
  return a;
}

/**
 * The short links' endpoints (/da cancel, /dc confirm, /dg manage): the uuid in the link is the
 * secret, so no sign-in; never listable (no endpoint enumerates uuids), and an unknown uuid
 * answers exactly like a malformed one. Rate-limited per IP like the other secret links.
 */
export function linkRouter(app: AppContext): Router {
  const router = Router();
  const limit = bookingLimiter(app, 'link', (s) => s.linkCallsPerIp);
  const path = `${BASE}/appointment-by-uuid/:uuid`;

  router.get(
    `${path}/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const a = await found(ctx, uuidOf(req));
      res.json({ ...(await presentAppointment(ctx, ctx.app.database.db, a)), ...abilities(a, new Date()) });
    }),
  );

  router.get(
    `${path}/ics`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const a = await found(ctx, uuidOf(req));
      const shape = await presentAppointment(ctx, ctx.app.database.db, a);
      res
        .type('text/calendar; charset=utf-8')
        .set('Content-Disposition', 'attachment; filename="rendez-vous.ics"')
        .send(appointmentIcs(a, shape, new Date()));
    }),
  );

  router.post(
    `${path}/cancel/`,
    limit,
    asyncHandler(async (req, res) => {
      const uuid = uuidOf(req);
      const now = new Date();
      const shape = await inBookingTransaction(req.ctx, async (tctx, trx) => {
        const a = await found(tctx, uuid);
        if (a.status === 'cancelled') throw new HttpError(400, 'already_cancelled', M.alreadyCancelled);
        if (Date.parse(String(a.startDate)) <= now.getTime()) throw new HttpError(400, 'past', M.past);
        const cancelled = await updateAppointment(tctx, trx, a.pk as number, {
          status: 'cancelled',
          sequence: (asNumber(a.sequence) ?? 0) + 1,
          holdAddress: null,
        });
        // A hold cancelled before anyone signed in has nobody to tell.
        if (a.status === 'validated') await afterCommitEvent(tctx, a.pk as number, 'cancelled_client');
        return presentAppointment(tctx, trx, cancelled);
      });
      res.json(shape);
    }),
  );

  router.post(
    `${path}/confirm/`,
    limit,
    asyncHandler(async (req, res) => {
      const uuid = uuidOf(req);
      const now = new Date();
      const shape = await inBookingTransaction(req.ctx, async (tctx, trx) => {
        const a = await found(tctx, uuid);
        if (a.status === 'validated') return presentAppointment(tctx, trx, a);
        if (a.status === 'cancelled') throw new HttpError(400, 'already_cancelled', M.alreadyCancelled);
        if (!holdIsLive(a, now)) throw holdExpired();
        let client = clientOf(tctx, a);
        // A signed-in client confirming a hold without client takes it, as PATCH book-appointment-tmp does
        // (not a hold another account identified for).
        if (client === null && isClient(tctx)) {
          const owner = await holdOwnerOf(tctx, trx, a.pk as number);
          if (owner !== null && owner !== tctx.user.pk) throw holdExpired();
          client = tctx.user.pk;
        }
        if (client === null) throw new HttpError(400, 'sign_in', M.signInToConfirm);
        await recheckHeldTime(tctx, trx, a, { caller: callerOf(tctx), now });
        const confirmed = await updateAppointment(tctx, trx, a.pk as number, {
          status: 'validated',
          [clientProperty(tctx)]: client,
          sequence: (asNumber(a.sequence) ?? 0) + 1,
          holdAddress: null,
        });
        await afterCommitEvent(tctx, a.pk as number, 'created_client');
        return presentAppointment(tctx, trx, confirmed);
      });
      res.json(shape);
    }),
  );

  router.post(
    `${path}/move/`,
    limit,
    asyncHandler(async (req, res) => {
      const uuid = uuidOf(req);
      const body = bodyObject(req.body);
      const errors = new FieldErrors();
      const slot = pkOf(body.slot);
      if (body.slot === undefined || body.slot === null || body.slot === '') errors.add('slot', 'required', M.required);
      else if (slot === null) errors.add('slot', 'unknown', M.unknownSlot);
      const rawStart = body.start ?? body.startDate;
      const start = instant(rawStart);
      if (rawStart === undefined || rawStart === null || rawStart === '') errors.add('start', 'required', M.required);
      else if (start === null) errors.add('start', 'invalid', M.badStart);
      errors.throwIfAny();
      const now = new Date();
      const shape = await inBookingTransaction(req.ctx, async (tctx, trx) => {
        const a = await found(tctx, uuid);
        if (a.status === 'cancelled') throw new HttpError(400, 'cancelled', M.cancelledCannotChange);
        if (a.status === 'waiting' && !holdIsLive(a, now)) throw holdExpired();
        if (Date.parse(String(a.startDate)) <= now.getTime()) throw new HttpError(400, 'past', M.past);
        const choice = { reason: a.reason as number, slot: slot!, start: start!, advisor: null as number | null };
        // Keep the visitor's advisor when he works on the new slot and is free then; any free one otherwise.
        const target = await loadRecord(tctx.app, trx, 'slot', slot!);
        const current = asNumber(a.advisor);
        let reserved;
        if (current !== null && target && asNumbers(target.advisors).includes(current)) {
          const options = { caller: callerOf(tctx), now, ignoring: a.pk as number };
          reserved = await reserveTime(tctx, trx, { ...choice, advisor: current }, options).catch((err: unknown) => {
            // Taken, or no longer on that slot: try any free advisor instead.
            if (err instanceof HttpError && (err.status === 409 || err.errors?.[0]?.path === 'advisor')) return null;
            throw err;
          });
        }
        reserved ??= await reserveTime(tctx, trx, choice, { caller: callerOf(tctx), now, ignoring: a.pk as number });
        if (!reserved) throw notAvailable();
        const moved = await updateAppointment(tctx, trx, a.pk as number, {
          startDate: reserved.startDate,
          endDate: reserved.endDate,
          slot: reserved.slot.pk,
          place: reserved.slot.place ?? null,
          group: reserved.slot.group,
          advisor: reserved.advisor,
          sequence: (asNumber(a.sequence) ?? 0) + 1,
        });
        if (a.status === 'validated') await afterCommitEvent(tctx, a.pk as number, 'changed_client');
        return presentAppointment(tctx, trx, moved);
      });
      res.json(shape);
    }),
  );
  return router;
}
