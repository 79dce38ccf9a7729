import type { RequestContext } from '../context';
import { afterCommit } from '../db/transaction';
import { isRecordKey } from '../db/record-key';
import type { ApiRecord } from '../db/row-mapper';
import { recordAppointmentEvent, type AppointmentTrigger } from '../modules/booking/appointment-events';
import type { EntityHook } from './hook-types';

/**
 * Reference §5.5: who acted decides the trigger's side. Staff of the appointment's own structure
 * act as advisors; a client, or staff of another structure, as the client.
 */
function side(ctx: RequestContext, record: ApiRecord): 'client' | 'advisor' {
  if (!ctx.user.roles.includes('staff')) return 'client';
  return ctx.user.group !== null && Number(record.group) === ctx.user.group ? 'advisor' : 'client';
}

/** Saves by a signed-in person only: fixtures and platform writes tell nobody. */
const byPerson = (ctx: RequestContext) => !ctx.user.anonymous && isRecordKey(ctx.user.pk);

function fire(ctx: RequestContext, appointmentPk: number, trigger: AppointmentTrigger): Promise<void> {
  const actor = ctx.user.pk;
  return afterCommit(ctx, (app) => recordAppointmentEvent(app, { appointmentPk, trigger, actor }));
}

/**
 * The generic back-office writes of an appointment (POST/PATCH of /dialogwatt/appointment/) fire
 * the same notification events as the booking calls, once the save is committed. The booking
 * calls write their rows directly and fire their own events, so nothing is told twice.
 */
export const appointmentNotifications: EntityHook = {
  async beforeValidate({ ctx, record, previous }) {
    if (!previous || !byPerson(ctx) || !isRecordKey(previous.pk)) return;
    if (previous.status === 'cancelled') return;
    const kind = record.status === 'cancelled' ? 'cancelled' : 'changed';
    await fire(ctx, Number(previous.pk), `${kind}_${side(ctx, record)}` as AppointmentTrigger);
  },
  async afterCreate({ ctx, record }) {
    if (!byPerson(ctx) || !isRecordKey(record.pk) || record.status === 'cancelled') return;
    await fire(ctx, Number(record.pk), `created_${side(ctx, record)}` as AppointmentTrigger);
  },
};
