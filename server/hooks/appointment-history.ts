import { message } from '../context';
import { isRecordKey } from '../db/record-key';
import type { EntityHook } from './hook-types';

/**
 * The appointment's audit trail: one French line per back-office save (a staff member creates,
 * changes or cancels it), appended, never rewritten — `history` is read-only in the API. Saves
 * by the platform itself or by the public booking journey add nothing here (their trace is the
 * status and the exchanges).
 */
export const appointmentHistory: EntityHook = {
  async beforeValidate({ ctx, record, previous, db }) {
    const before = typeof previous?.history === 'string' ? previous.history : '';
    record.history = before;
    if (!ctx.user.roles.includes('staff') || !isRecordKey(ctx.user.pk)) return;
    const author = await db
      .selectFrom('account_user')
      .select(['first_name', 'last_name', 'email'])
      .where('pk', '=', ctx.user.pk)
      .executeTakeFirst();
    if (!author) return;
    const kind = !previous
      ? 'created'
      : record.status === 'cancelled' && previous.status !== 'cancelled'
        ? 'cancelled'
        : 'changed';
    const line = message(ctx.app, `entity.appointment.history.${kind}`, {
      name: [author.first_name, author.last_name].filter(Boolean).join(' ').trim(),
      email: author.email ?? '',
      date: new Date().toISOString(),
    });
    record.history = before ? `${before}\n${line}` : line;
  },
};
