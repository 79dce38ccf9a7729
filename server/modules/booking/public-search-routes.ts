import { Router, type Request } from 'express';
import { findOffers } from '../../../engine/booking/find-offers';
import { BookingQueryError } from '../../../engine/booking/booking-query-error';
import { SEARCH_WINDOW_DAYS } from '../../../engine/booking/search-window';
import type { AppContext, RequestContext } from '../../context';
import { notFound } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import { HttpError } from '../../http/http-error';
import { asyncHandler } from '../../http/async-handler';
import { asNumbers, loadRecord, loadRecords } from './booking-records';
import { BOOKING_MESSAGES as M } from './booking-messages';
import { addDays, dayParam, daysBetween, parisDay } from './booking-dates';
import { FieldErrors, pkOf } from './booking-input';
import { callerOf } from './booking-caller';
import { ADVISOR_TYPES, loadOffersInput } from './offers-input';
import { publicAdvisor, publicGroup, publicPlace, publicReason } from './public-shapes';
import { bookingLimiter } from './rate-limits';
import { BASE } from './booking-base';

const INSEE = /^[0-9][0-9AB][0-9]{3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_DAYS = 7;
const MAX_DAYS = 62;
// findOffers looks this far from its first day: the « next availability » is searched that far.
const NEXT_DATE_DAYS = SEARCH_WINDOW_DAYS;

function inseeParam(value: string): string {
  if (!INSEE.test(value)) {
    const errors = new FieldErrors();
    errors.add('inseecode', 'invalid', M.badInsee);
    errors.throwIfAny();
  }
  return value;
}

/**
 * Slots the caller could be offered from now on: selectable (validated, not cancelled), not over,
 * in an active catchment area and at an active place; advisor-only slots for staff only.
 */
async function openSlots(ctx: RequestContext, now: Date): Promise<ApiRecord[]> {
  const db = ctx.app.database.db;
  const staff = callerOf(ctx) === 'advisor';
  const [slots, areas, places] = await Promise.all([
    loadRecords(ctx.app, db, 'slot', [
      { property: 'status', op: '=', value: 'validated' },
      { property: 'endDate', op: '>=', value: now.toISOString() },
    ]),
    loadRecords(ctx.app, db, 'catchment-area'),
    loadRecords(ctx.app, db, 'place'),
  ]);
  const activeAreas = new Set(areas.filter((a) => a.isActive !== false).map((a) => a.pk));
  const activePlaces = new Set(places.filter((p) => p.isActive !== false).map((p) => p.pk));
  return slots.filter(
    (s) =>
      Date.parse(String(s.endDate)) >= now.getTime() &&
      (staff || s.visibility !== 'advisor') &&
      activeAreas.has(s.catchmentArea) &&
      activePlaces.has(s.place),
  );
}

async function areasContaining(ctx: RequestContext, insee: string): Promise<Set<unknown>> {
  const areas = await loadRecords(ctx.app, ctx.app.database.db, 'catchment-area');
  return new Set(
    areas
      .filter((a) => a.isActive !== false && Array.isArray(a.territories) && a.territories.includes(insee))
      .map((a) => a.pk),
  );
}

/** Active reasons offered by `slots`, each with the active advisors working on its slots. */
async function reasonsOf(ctx: RequestContext, slots: ApiRecord[]) {
  const db = ctx.app.database.db;
  const reasonPks = [...new Set(slots.flatMap((s) => asNumbers(s.reasons)))];
  const reasons = (await loadRecords(ctx.app, db, 'reason', [{ property: 'pk', op: 'in', value: reasonPks }])).filter(
    (r) => r.isActive !== false && (asNumber(r.duration) ?? 0) > 0,
  );
  const advisorPks = [...new Set(slots.flatMap((s) => asNumbers(s.advisors)))];
  const advisors = (await activeAdvisors(ctx, advisorPks)).map((u) => [u.pk, u] as const);
  const byPk = new Map(advisors);
  return reasons
    .map((r) => {
      const working = new Set(
        slots
          .filter((s) => s.useAdvisorCalendar !== false && asNumbers(s.reasons).includes(r.pk as number))
          .flatMap((s) => asNumbers(s.advisors)),
      );
      return publicReason(
        r,
        [...working].map((pk) => byPk.get(pk)).filter((u): u is ApiRecord => !!u),
      );
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

function asNumber(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}

async function activeAdvisors(ctx: RequestContext, pks: number[]): Promise<ApiRecord[]> {
  const users = await loadRecords(ctx.app, ctx.app.database.db, 'user', [{ property: 'pk', op: 'in', value: pks }]);
  return users.filter((u) => u.isActive !== false && ADVISOR_TYPES.includes(String(u.userType)));
}

async function placesOf(ctx: RequestContext, slots: ApiRecord[]) {
  const pks = [...new Set(slots.map((s) => s.place as number))];
  const places = await loadRecords(ctx.app, ctx.app.database.db, 'place', [{ property: 'pk', op: 'in', value: pks }]);
  return places
    .filter((p) => p.isActive !== false)
    .map(publicPlace)
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

async function activeReason(ctx: RequestContext, raw: unknown, errors: FieldErrors): Promise<ApiRecord | null> {
  if (raw === undefined || raw === '') {
    errors.add('reason', 'required', M.required);
    return null;
  }
  const pk = pkOf(raw);
  const reason = pk === null ? null : await loadRecord(ctx.app, ctx.app.database.db, 'reason', pk);
  if (!reason || reason.isActive === false || !((asNumber(reason.duration) ?? 0) > 0)) {
    errors.add('reason', 'unknown', M.unknownReason);
    return null;
  }
  return reason;
}

async function activePlace(ctx: RequestContext, raw: unknown, errors: FieldErrors): Promise<ApiRecord | null> {
  if (raw === undefined || raw === '') return null;
  const pk = pkOf(raw);
  const place = pk === null ? null : await loadRecord(ctx.app, ctx.app.database.db, 'place', pk);
  if (!place || place.isActive === false) errors.add('place', 'unknown', M.unknownPlace);
  return place;
}

const q = (req: Request, name: string): string | undefined =>
  typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined;

/** Offers of [startDay, endDay) computed by findOffers from the rows of that window. */
async function offersBetween(
  ctx: RequestContext,
  query: Parameters<typeof findOffers>[0]['query'],
  startDay: string,
  endDay: string,
  now: Date,
  ignoring: number | null,
) {
  const input = await loadOffersInput(
    ctx.app,
    ctx.app.database.db,
    { ...query, startDate: startDay },
    { from: `${startDay}T00:00:00Z`, to: `${endDay}T00:00:00Z`, ignoring },
    now,
  );
  try {
    return findOffers(input).filter((d) => d.date >= startDay && d.date < endDay);
  } catch (err) {
    if (!(err instanceof BookingQueryError)) throw err;
    const errors = new FieldErrors();
    errors.add(err.field === 'inseeCode' ? 'inseecode' : err.field, 'invalid', err.message);
    errors.throwIfAny();
    throw err;
  }
}

/** The public search endpoints of booking (reference §5.7 steps 1–3). */
export function publicSearchRouter(app: AppContext): Router {
  const router = Router();
  const limit = bookingLimiter(app, 'search', (s) => s.searchesPerIp);

  router.get(
    `${BASE}/find-reasons-from-inseecode/:insee/`,
    limit,
    asyncHandler(async (req, res) => {
      const insee = inseeParam(String(req.params.insee));
      const areas = await areasContaining(req.ctx, insee);
      const slots = (await openSlots(req.ctx, new Date())).filter((s) => areas.has(s.catchmentArea));
      const reasons = await reasonsOf(req.ctx, slots);
      if (!reasons.length) throw new HttpError(400, 'no_service', M.noService);
      res.json(reasons);
    }),
  );

  router.get(
    `${BASE}/places-from-inseecode/:insee/:reason/`,
    limit,
    asyncHandler(async (req, res) => {
      const insee = inseeParam(String(req.params.insee));
      const errors = new FieldErrors();
      const reason = await activeReason(req.ctx, req.params.reason, errors);
      errors.throwIfAny();
      const areas = await areasContaining(req.ctx, insee);
      const slots = (await openSlots(req.ctx, new Date())).filter(
        (s) => areas.has(s.catchmentArea) && asNumbers(s.reasons).includes(reason!.pk as number),
      );
      res.json(await placesOf(req.ctx, slots));
    }),
  );

  router.get(
    `${BASE}/place-from-slug/:slug/`,
    limit,
    asyncHandler(async (req, res) => {
      const slug = String(req.params.slug);
      const place = /^[a-z0-9-]{1,110}$/.test(slug)
        ? (
            await loadRecords(req.ctx.app, req.ctx.app.database.db, 'place', [
              { property: 'slug', op: '=', value: slug },
            ])
          )[0]
        : undefined;
      if (!place || place.isActive === false) throw new HttpError(404, 'not_found', M.placeNotFound);
      const slots = (await openSlots(req.ctx, new Date())).filter((s) => s.place === place.pk);
      res.json({ place: publicPlace(place), reasons: await reasonsOf(req.ctx, slots) });
    }),
  );

  router.get(
    `${BASE}/place-infos/:pk/`,
    limit,
    asyncHandler(async (req, res) => {
      const pk = pkOf(req.params.pk);
      const place = pk === null ? null : await loadRecord(req.ctx.app, req.ctx.app.database.db, 'place', pk);
      if (!place || place.isActive === false) throw new HttpError(404, 'not_found', M.placeNotFound);
      res.json(publicPlace(place));
    }),
  );

  router.get(
    `${BASE}/find-appointment/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const errors = new FieldErrors();
      const reason = await activeReason(ctx, q(req, 'reason'), errors);
      const place = await activePlace(ctx, q(req, 'place'), errors);
      const insee = q(req, 'inseecode') || null;
      if (insee !== null && !INSEE.test(insee)) errors.add('inseecode', 'invalid', M.badInsee);
      let advisor: number | null = null;
      const rawAdvisor = q(req, 'advisor');
      if (rawAdvisor) {
        advisor = pkOf(rawAdvisor);
        const found = advisor === null ? [] : await activeAdvisors(ctx, [advisor]);
        if (!found.length) errors.add('advisor', 'unknown', M.unknownAdvisor);
      }
      const now = new Date();
      const today = parisDay(now);
      const rawStart = q(req, 'startDate');
      const startDay = rawStart ? dayParam(rawStart) : today;
      if (startDay === null) errors.add('startDate', 'invalid', M.badDate);
      const rawEnd = q(req, 'endDate');
      const endDay = rawEnd ? dayParam(rawEnd) : startDay ? addDays(startDay, DEFAULT_DAYS) : null;
      if (rawEnd && endDay === null) errors.add('endDate', 'invalid', M.badDate);
      if (startDay && endDay) {
        if (endDay <= startDay) errors.add('endDate', 'invalid', M.endBeforeStart);
        else if (daysBetween(startDay, endDay) > MAX_DAYS) errors.add('endDate', 'invalid', M.rangeTooLong);
      }
      errors.throwIfAny();
      const moving = q(req, 'moving');
      let ignoring: number | null = null;
      if (moving && UUID.test(moving)) {
        const found = await loadRecords(ctx.app, ctx.app.database.db, 'appointment', [
          { property: 'uuid', op: '=', value: moving.toLowerCase() },
        ]);
        ignoring = (found[0]?.pk as number | undefined) ?? null;
      }
      const query = {
        reason: String(reason!.pk),
        inseeCode: insee,
        place: place ? String(place.pk) : null,
        advisor: advisor === null ? null : String(advisor),
        caller: callerOf(ctx),
      };
      const from = startDay! < today ? today : startDay!;
      const days = endDay! > from ? await offersBetween(ctx, query, from, endDay!, now, ignoring) : [];
      const later = await offersBetween(ctx, query, endDay!, addDays(endDay!, NEXT_DATE_DAYS), now, ignoring);
      res.json({ days, nextDate: later[0]?.date ?? null });
    }),
  );

  router.get(
    `${BASE}/find-advisors-for-reason/`,
    limit,
    asyncHandler(async (req, res) => {
      const errors = new FieldErrors();
      const reason = await activeReason(req.ctx, q(req, 'reason'), errors);
      const place = await activePlace(req.ctx, q(req, 'place'), errors);
      errors.throwIfAny();
      const slots = (await openSlots(req.ctx, new Date())).filter(
        (s) =>
          s.useAdvisorCalendar !== false &&
          s.visibility !== 'without_reservation' &&
          asNumbers(s.reasons).includes(reason!.pk as number) &&
          (!place || s.place === place.pk),
      );
      const advisors = await activeAdvisors(req.ctx, [...new Set(slots.flatMap((s) => asNumbers(s.advisors)))]);
      res.json({
        advisors: advisors.map(publicAdvisor).sort((a, b) => a.fullName.localeCompare(b.fullName, 'fr')),
      });
    }),
  );

  router.get(
    `${BASE}/slot-informations/:pk/`,
    limit,
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const pk = pkOf(req.params.pk);
      const db = ctx.app.database.db;
      const slot = pk === null ? null : await loadRecord(ctx.app, db, 'slot', pk);
      if (!slot || slot.status === 'cancelled' || (slot.visibility === 'advisor' && callerOf(ctx) !== 'advisor'))
        throw notFound(ctx);
      const place = typeof slot.place === 'number' ? await loadRecord(ctx.app, db, 'place', slot.place) : null;
      const group = typeof slot.group === 'number' ? await loadRecord(ctx.app, db, 'group', slot.group) : null;
      const advisors = await activeAdvisors(ctx, asNumbers(slot.advisors));
      res.json({
        pk: slot.pk,
        text: slot.text ?? '',
        publicDescription: slot.publicDescription ?? '',
        visibility: slot.visibility,
        place: place ? publicPlace(place) : null,
        group: publicGroup(group),
        advisors: advisors.map(publicAdvisor).sort((a, b) => a.fullName.localeCompare(b.fullName, 'fr')),
      });
    }),
  );
  return router;
}
