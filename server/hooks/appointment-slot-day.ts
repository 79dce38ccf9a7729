import { message } from '../context';
import { isRecordKey } from '../db/record-key';
import type { EntityHook } from './hook-types';

const DAY = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});

function parisDay(iso: unknown): string | null {
  if (typeof iso !== 'string') return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : DAY.format(t);
}

/**
 * An appointment tied to a slot starts on the slot's day (Paris wall clock): moving it to another
 * day means choosing another slot (reference message of POST appointment/).
 */
export const appointmentSlotDay: EntityHook = {
  async validate({ ctx, record, db }) {
    if (!isRecordKey(record.slot)) return [];
    const day = parisDay(record.startDate);
    if (day === null) return [];
    const slot = await db
      .selectFrom('dialogwatt_slot')
      .select(['start_date'])
      .where('pk', '=', record.slot)
      .executeTakeFirst();
    const slotDay = parisDay(slot?.start_date);
    if (slotDay === null || slotDay === day) return [];
    const key = 'entity.appointment.check.slot_day';
    const params = { slotDay, day };
    return [{ path: 'startDate', code: key, params, message: message(ctx.app, key, params) }];
  },
};
