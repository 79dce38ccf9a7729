import { Router, type Request } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { notFound } from '../../context';
import { HttpError } from '../../http/http-error';
import { asyncHandler } from '../../http/async-handler';
import { registrationState } from '../../../engine/events/event-capacity';
import { bookingLimiter } from '../booking/rate-limits';
import { siteOrigin } from '../accounts/account-mails';
import { formatAppointmentDate } from '../../../engine/templates/format-appointment-date';
import { EVENTS_MESSAGES } from './event-messages';
import {
  cancelRegistration,
  checkedInput,
  confirmRegistration,
  loadEvent,
  registerAttendee,
  registrationBySecret,
  requestRegistration,
  type EventRow,
} from './event-registrations';
import { eventLocation } from './event-mails';
import { assertMay, entityOf } from '../../operations/entity-access';
import { rowToRecord } from '../../db/row-mapper';
import './event-jobs';

export const EVENTS_BASE = '/api/v1/events/public';
export const EVENTS_STAFF_BASE = '/api/v1/events/staff';

/** A domain without the events module answers every public call as an unknown address would. */
function assertEventsEnabled(ctx: RequestContext): void {
  if (ctx.whiteLabel.modules.events !== true) throw notFound(ctx);
}

function pkOf(req: Request, ctx: RequestContext): number {
  const pk = Number(req.params.pk);
  if (!Number.isSafeInteger(pk) || pk <= 0) throw notFound(ctx);
  return pk;
}

/** A JSON column as read: text on SQLite, parsed on PostgreSQL. */
function jsonOf(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
}

function windowOf(e: EventRow) {
  return {
    isPublic: e.is_public === 1,
    startDate: e.start_date ?? '',
    registrationOpensAt: e.registration_opens_at,
    registrationClosesAt: e.registration_closes_at,
  };
}

/** What the public page shows of an event; seats left but never who registered. */
async function publicShape(app: AppContext, e: EventRow, now: Date) {
  const counts = await app.database.db
    .selectFrom('events_registration')
    .select(['status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event', '=', e.pk)
    .groupBy('status')
    .execute();
  const confirmed = Number(counts.find((c) => c.status === 'confirmed')?.n ?? 0);
  const group = await app.database.db
    .selectFrom('account_group')
    .select(['name'])
    .where('pk', '=', e.group ?? 0)
    .executeTakeFirst();
  return {
    pk: e.pk,
    title: e.title ?? '',
    description: e.description ?? '',
    startDate: e.start_date,
    endDate: e.end_date,
    when: formatAppointmentDate(e.start_date ?? '', e.end_date ?? '', now.toISOString()),
    location: await eventLocation(app, e),
    group: group?.name ?? '',
    capacity: e.capacity ?? 0,
    seatsLeft: Math.max(0, (e.capacity ?? 0) - confirmed),
    registrationOpensAt: e.registration_opens_at,
    registrationClosesAt: e.registration_closes_at,
    state: registrationState(windowOf(e), now),
    form: jsonOf(e.form),
  };
}

/**
 * The public side of events: the agenda of public events open to registration, one event's page,
 * registering, and the cancel link mailed to each attendee (its secret is the only key: nothing
 * lists registrations). An event that is not public answers 404, like an unknown one.
 */
export function eventsRouter(app: AppContext): Router {
  const router = Router();
  const register = bookingLimiter(app, 'events-register', (s) => s.bookingsPerIp);
  const links = bookingLimiter(app, 'events-link', (s) => s.linkCallsPerIp);
  router.use(EVENTS_BASE, (req, _res, next) => {
    assertEventsEnabled(req.ctx);
    next();
  });

  router.get(
    `${EVENTS_BASE}/`,
    asyncHandler(async (req, res) => {
      const now = new Date();
      const rows = await app.database.db
        .selectFrom('events_event')
        .selectAll()
        .where('is_public', '=', 1)
        .where('end_date', '>', now.toISOString())
        .orderBy('start_date')
        .limit(200)
        .execute();
      const open = rows.filter((e) => registrationState(windowOf(e), now) === 'open');
      res.json(await Promise.all(open.map((e) => publicShape(app, e, now))));
      void req;
    }),
  );

  router.get(
    `${EVENTS_BASE}/:pk/`,
    asyncHandler(async (req, res) => {
      const e = await loadEvent(app.database.db, pkOf(req, req.ctx));
      const now = new Date();
      if (!e || registrationState(windowOf(e), now) === 'not_public') throw notFound(req.ctx);
      res.json(await publicShape(app, e, now));
    }),
  );

  router.post(
    `${EVENTS_BASE}/:pk/register/`,
    register,
    asyncHandler(async (req, res) => {
      const pk = pkOf(req, req.ctx);
      const e = await loadEvent(app.database.db, pk);
      const now = new Date();
      const state = e ? registrationState(windowOf(e), now) : 'not_public';
      if (state === 'not_public') throw notFound(req.ctx);
      if (state !== 'open')
        throw new HttpError(
          400,
          'closed',
          state === 'not_yet_open' ? EVENTS_MESSAGES.notYetOpen : EVENTS_MESSAGES.closed,
        );
      const input = checkedInput(req.body);
      const origin = siteOrigin(app, req.ctx.whiteLabel.domain ?? 'localhost', { requestHost: req.get('host') });
      await requestRegistration(req.ctx, pk, input, origin);
      // The same answer whether the address was registered or not: the mail tells its owner.
      res.status(202).json({ ok: 'check_mail' });
    }),
  );

  router.get(
    `${EVENTS_BASE}/registration/:uuid/`,
    links,
    asyncHandler(async (req, res) => {
      const r = await registrationBySecret(app.database.db, String(req.params.uuid));
      const e = r?.event ? await loadEvent(app.database.db, r.event) : undefined;
      if (!r || !e) throw notFound(req.ctx);
      res.json({
        status: r.status,
        firstName: r.first_name,
        lastName: r.last_name,
        event: {
          title: e.title,
          when: formatAppointmentDate(e.start_date ?? '', e.end_date ?? '', new Date().toISOString()),
          location: await eventLocation(app, e),
        },
      });
    }),
  );

  router.post(
    `${EVENTS_BASE}/registration/:uuid/confirm/`,
    links,
    asyncHandler(async (req, res) => {
      res.json(await confirmRegistration(req.ctx, String(req.params.uuid)));
    }),
  );

  router.post(
    `${EVENTS_BASE}/registration/:uuid/cancel/`,
    links,
    asyncHandler(async (req, res) => {
      const result = await cancelRegistration(req.ctx, String(req.params.uuid));
      res.json({ status: 'cancelled', ...result });
    }),
  );
  /**
   * Staff add an attendee by hand (a registration taken by phone or at the desk): whoever may
   * change the event, whatever its public flag or registration window, through the same capacity
   * and waiting-list engine and in the same single transaction as the public form; the person
   * gets the same mails. The staff member confirms the person agreed (the consent box).
   */
  router.post(
    `${EVENTS_STAFF_BASE}/:pk/attendees/`,
    asyncHandler(async (req, res) => {
      assertEventsEnabled(req.ctx);
      const pk = pkOf(req, req.ctx);
      const entity = entityOf(req.ctx, 'event');
      const e = await loadEvent(app.database.db, pk);
      if (!e) throw notFound(req.ctx);
      assertMay(req.ctx, entity, 'change', rowToRecord(entity, e as unknown as Record<string, unknown>));
      const input = checkedInput(req.body);
      const origin = siteOrigin(app, req.ctx.whiteLabel.domain ?? 'localhost', { requestHost: req.get('host') });
      const placed = await registerAttendee(req.ctx, pk, input, origin);
      res.status(201).json(placed);
    }),
  );
  return router;
}
