import { HttpError } from '../../http/http-error';
import { message, type RequestContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { findOne, parsePk } from '../../operations/find-one';
import { create } from '../../operations/write';
import { fieldError } from './access';
import { isDayKey, parisDate, parisWallToInstant, parisParts } from '../../../engine/time/paris-time';

/** More dates than this in one request is refused (a season of weekly slots fits). */
export const MAX_DUPLICATE_DATES = 60;

/** What the slot keeps of itself in a copy: everything but its identity and its day. */
const NOT_COPIED = new Set(['pk', 'id', 'uuid', 'sequence', 'createdAt', 'updatedAt', 'startDate', 'endDate']);

function unknownSlot(ctx: RequestContext): HttpError {
  const text = message(ctx.app, 'booking_admin.slot.unknown');
  return new HttpError(404, 'not_found', text, [{ path: 'slot', code: 'unknown', params: {}, message: text }]);
}

/** Loads a slot the caller may see: French 404 when there is none, 401/403 when not theirs. */
export async function visibleSlot(ctx: RequestContext, rawPk: unknown): Promise<Record<string, unknown>> {
  const pk = parsePk(rawPk);
  if (pk === null) throw unknownSlot(ctx);
  const exists = await ctx.app.database.db
    .selectFrom('dialogwatt_slot')
    .select('pk')
    .where('pk', '=', pk)
    .executeTakeFirst();
  if (!exists) throw unknownSlot(ctx);
  return findOne(ctx, 'slot', pk);
}

/** The dates of the body, checked: real calendar days, none past, none twice, at most 60. */
function checkedDates(ctx: RequestContext, raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) throw fieldError(ctx, 'dates', 'booking_admin.duplicate.no_dates');
  if (raw.length > MAX_DUPLICATE_DATES)
    throw fieldError(ctx, 'dates', 'booking_admin.duplicate.too_many', { max: MAX_DUPLICATE_DATES });
  const today = parisDate(Date.now());
  const seen = new Set<string>();
  return raw.map((d, i) => {
    const path = `dates.${i}`;
    if (!isDayKey(d)) throw fieldError(ctx, path, 'booking_admin.duplicate.bad_date', { value: String(d) });
    const shown = d.split('-').reverse().join('/');
    if (d < today) throw fieldError(ctx, path, 'booking_admin.duplicate.past_date', { day: shown });
    if (seen.has(d)) throw fieldError(ctx, path, 'booking_admin.duplicate.same_date', { day: shown });
    seen.add(d);
    return d;
  });
}

/**
 * Copies a slot onto each date at the same Paris wall-clock start and end (09:00–12:00 stays
 * 09:00–12:00 on either side of a clock change), with a new uuid and the same advisors and
 * reasons. Every copy goes through the generic create (checks, rights on the new record, hooks)
 * in one transaction: one refused copy and none is written.
 */
export async function duplicateSlotToDates(ctx: RequestContext, body: unknown): Promise<number[]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'errors.invalid_json'));
  const input = body as Record<string, unknown>;
  const slot = await visibleSlot(ctx, input.slot);
  if (slot.status === 'cancelled') throw fieldError(ctx, 'slot', 'booking_admin.duplicate.cancelled');
  const dates = checkedDates(ctx, input.dates);
  const start = parisParts(String(slot.startDate));
  const end = parisParts(String(slot.endDate));
  const copy = Object.fromEntries(Object.entries(slot).filter(([k]) => !NOT_COPIED.has(k)));
  return inTransaction(ctx, async (tctx) => {
    const created: number[] = [];
    for (const day of dates) {
      const record = await create(tctx, 'slot', {
        ...copy,
        startDate: new Date(parisWallToInstant(day, start.clock)).toISOString(),
        endDate: new Date(parisWallToInstant(day, end.clock)).toISOString(),
      });
      created.push(record.pk as number);
    }
    return created;
  });
}

/** Non-cancelled appointments (validated or held) on a slot the caller may see. */
export async function slotAppointmentCount(ctx: RequestContext, rawPk: unknown): Promise<number> {
  const slot = await visibleSlot(ctx, rawPk);
  const row = await ctx.app.database.db
    .selectFrom('dialogwatt_appointment')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('slot', '=', slot.pk as number)
    .where((eb) => eb.or([eb('status', '!=', 'cancelled'), eb('status', 'is', null)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
