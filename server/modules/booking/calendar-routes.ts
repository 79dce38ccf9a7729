import { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import { denied } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { HttpError } from '../../http/http-error';
import { asyncHandler } from '../../http/async-handler';
import { create } from '../../operations/write';
import { buildAppointmentsCalendar, buildSlotsCalendar } from '../../../engine/calendar/build-calendar';
import type { AppointmentForCalendar, SlotForCalendar } from '../../../engine/calendar/calendar-types';
import { jsonList } from './notifications/notification-rows';
import { bookingLimiter } from './rate-limits';
import { appointmentCalendarUid } from './appointment-calendar-uid';
import { BASE } from './booking-base';

type Kind = 'appointments' | 'slots';

/** A saved or asked-for filter; an empty list filters nothing (the GET exports). */
export interface CalendarFilter {
  advisors: number[];
  places: number[];
  reasons: number[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const unknownCalendar = () => new HttpError(404, 'not_found', 'Agenda introuvable.');

/** `advisors=[1,2]`: a JSON array of pks; anything else is a French 400. */
function listParam(req: Request, name: keyof CalendarFilter): number[] {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || !parsed.every((v) => Number.isInteger(Number(v)) && Number(v) > 0))
    throw new HttpError(400, 'bad_filter', `Le filtre « ${name} » doit être une liste JSON d'identifiants.`);
  return parsed.map(Number);
}

function advisorGroup(ctx: RequestContext): number {
  if (ctx.user.anonymous || !ctx.user.roles.includes('advisor') || ctx.user.group === null) throw denied(ctx);
  return ctx.user.group;
}

const hits = (wanted: number[], value: number | null) => !wanted.length || (value !== null && wanted.includes(value));
const meets = (wanted: number[], values: number[]) => !wanted.length || values.some((v) => wanted.includes(v));

async function people(db: Kysely<AppDatabase>, pks: number[]) {
  const rows = pks.length
    ? await db
        .selectFrom('account_user')
        .select(['pk', 'first_name', 'last_name', 'email', 'phone'])
        .where('pk', 'in', pks)
        .execute()
    : [];
  return new Map(
    rows.map((u) => [
      u.pk,
      { name: [u.first_name, u.last_name].filter(Boolean).join(' ').trim(), email: u.email, phone: u.phone },
    ]),
  );
}

async function placeNames(db: Kysely<AppDatabase>, pks: number[]) {
  const rows = pks.length
    ? await db.selectFrom('dialogwatt_place').select(['pk', 'name']).where('pk', 'in', pks).execute()
    : [];
  return new Map(rows.map((p) => [p.pk, p.name ?? '']));
}

/** Non-cancelled appointments of a structure, filtered by advisor, place and reason. */
export async function appointmentsForCalendar(
  db: Kysely<AppDatabase>,
  group: number,
  filter: CalendarFilter,
): Promise<AppointmentForCalendar[]> {
  const rows = (
    await db
      .selectFrom('dialogwatt_appointment')
      .selectAll()
      .where('group', '=', group)
      .where('status', '!=', 'cancelled')
      .orderBy('start_date')
      .execute()
  ).filter((a) => hits(filter.advisors, a.advisor) && hits(filter.places, a.place) && hits(filter.reasons, a.reason));
  const who = await people(db, [
    ...new Set(rows.flatMap((a) => [a.advisor, a.client]).filter((v): v is number => v !== null)),
  ]);
  const places = await placeNames(db, [...new Set(rows.map((a) => a.place).filter((v): v is number => v !== null))]);
  return rows.map((a) => ({
    uid: appointmentCalendarUid(a.uuid ?? String(a.pk)),
    sequence: a.sequence ?? 0,
    status: (a.status ?? 'validated') as AppointmentForCalendar['status'],
    subject: a.subject ?? '',
    start: a.start_date!,
    end: a.end_date!,
    updatedAt: a.updated_at,
    descriptionHtml: a.description,
    place: a.place !== null ? { name: places.get(a.place) ?? '' } : null,
    advisor: a.advisor !== null ? (who.get(a.advisor) ?? null) : null,
    client: a.client !== null ? (who.get(a.client) ?? null) : null,
  }));
}

/** Non-cancelled slots of a structure whose advisors, place and reasons meet the filter. */
export async function slotsForCalendar(
  db: Kysely<AppDatabase>,
  group: number,
  filter: CalendarFilter,
): Promise<SlotForCalendar[]> {
  const rows = (
    await db
      .selectFrom('dialogwatt_slot')
      .selectAll()
      .where('group', '=', group)
      .where('status', '!=', 'cancelled')
      .orderBy('start_date')
      .execute()
  )
    .map((s) => ({ ...s, advisorPks: jsonList(s.advisors), reasonPks: jsonList(s.reasons) }))
    .filter(
      (s) =>
        // A capacity slot (no advisor calendar) is open to every advisor filter (reference §5.6).
        (s.use_advisor_calendar === 0 || meets(filter.advisors, s.advisorPks)) &&
        hits(filter.places, s.place) &&
        meets(filter.reasons, s.reasonPks),
    );
  const who = await people(db, [...new Set(rows.flatMap((s) => s.advisorPks))]);
  const places = await placeNames(db, [...new Set(rows.map((s) => s.place).filter((v): v is number => v !== null))]);
  const reasonRows = await db
    .selectFrom('dialogwatt_reason')
    .select(['pk', 'name'])
    .where('group', '=', group)
    .execute();
  const reasonName = new Map(reasonRows.map((r) => [r.pk, r.name ?? '']));
  return rows.map((s) => ({
    uuid: s.uuid ?? String(s.pk),
    sequence: s.sequence ?? 0,
    status: (s.status ?? 'validated') as SlotForCalendar['status'],
    text: s.text ?? '',
    start: s.start_date!,
    end: s.end_date!,
    updatedAt: s.updated_at,
    description: s.description,
    place: s.place !== null ? { name: places.get(s.place) ?? '' } : null,
    advisors: s.advisorPks.map((pk) => who.get(pk)).filter((p): p is NonNullable<typeof p> => !!p),
    reasons: s.reasonPks.map((pk) => reasonName.get(pk)).filter((n): n is string => !!n),
  }));
}

async function calendarText(db: Kysely<AppDatabase>, kind: Kind, group: number, filter: CalendarFilter) {
  const now = new Date().toISOString();
  return kind === 'slots'
    ? buildSlotsCalendar(await slotsForCalendar(db, group, filter), { now, name: 'Créneaux' })
    : buildAppointmentsCalendar(await appointmentsForCalendar(db, group, filter), { now, name: 'Rendez-vous' });
}

function sendCalendar(res: Response, kind: Kind, text: string) {
  const file = kind === 'slots' ? 'calendar-creneaux.ics' : 'calendar.ics';
  res
    .type('text/calendar; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${file}"`)
    .set('Cache-Control', 'no-store')
    .send(text);
}

const sameList = (a: unknown, b: number[]) => {
  const x = [...jsonList(a)].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/**
 * Reference §5.6: the advisors' iCalendar exports of their structure's appointments and slots,
 * and the permanent URLs — a saved filter published at a secret address (its uniqueId) that a
 * calendar application follows without signing in.
 */
export function calendarRouter(app: AppContext): Router {
  const router = Router();
  const limit = bookingLimiter(app, 'calendar', (s) => s.linkCallsPerIp);
  const routes: [Kind, string, string][] = [
    ['appointments', 'ical', 'ical-permanent-url'],
    ['slots', 'ical-for-slots', 'ical-permanent-url-for-slots'],
  ];
  for (const [kind, name, permanent] of routes) {
    router.get(
      `${BASE}/${name}/`,
      asyncHandler(async (req, res) => {
        const group = advisorGroup(req.ctx);
        const filter = {
          advisors: listParam(req, 'advisors'),
          places: listParam(req, 'places'),
          reasons: listParam(req, 'reasons'),
        };
        sendCalendar(res, kind, await calendarText(req.ctx.app.database.db, kind, group, filter));
      }),
    );

    router.post(
      `${BASE}/${permanent}/`,
      asyncHandler(async (req, res) => {
        const ctx = req.ctx;
        advisorGroup(ctx);
        const body = (req.body ?? {}) as Record<string, unknown>;
        const list = (v: unknown) => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n)) : []);
        const filter = { advisors: list(body.advisors), places: list(body.places), reasons: list(body.reasons) };
        const existing = (
          await ctx.app.database.db
            .selectFrom('dialogwatt_calendar_permanent_url')
            .selectAll()
            .where('user', '=', ctx.user.pk!)
            .where('kind', '=', kind)
            .orderBy('pk')
            .execute()
        ).find(
          (r) =>
            sameList(r.advisors, filter.advisors) &&
            sameList(r.places, filter.places) &&
            sameList(r.reasons, filter.reasons),
        );
        if (existing) {
          res.json({
            pk: existing.pk,
            id: existing.pk,
            user: existing.user,
            kind,
            uniqueId: existing.unique_id,
            ...filter,
          });
          return;
        }
        // The entity's checks give the French messages for an empty list; its rights the owner rule.
        const created = await create(ctx, 'calendar-permanent-url', { user: ctx.user.pk, kind, ...filter });
        res.status(201).json(created);
      }),
    );

    router.get(
      `${BASE}/${permanent}/:uniqueId/`,
      limit,
      asyncHandler(async (req, res) => {
        const id = String(req.params.uniqueId).toLowerCase();
        if (!UUID.test(id)) throw unknownCalendar();
        const db = req.ctx.app.database.db;
        const saved = await db
          .selectFrom('dialogwatt_calendar_permanent_url')
          .selectAll()
          .where('unique_id', '=', id)
          .where('kind', '=', kind)
          .executeTakeFirst();
        const owner = saved?.user
          ? await db
              .selectFrom('account_user')
              .select(['group', 'is_active'])
              .where('pk', '=', saved.user)
              .executeTakeFirst()
          : undefined;
        if (!saved || !owner?.group || owner.is_active === 0) throw unknownCalendar();
        const filter = {
          advisors: jsonList(saved.advisors),
          places: jsonList(saved.places),
          reasons: jsonList(saved.reasons),
        };
        sendCalendar(res, kind, await calendarText(db, kind, owner.group, filter));
      }),
    );
  }
  return router;
}
