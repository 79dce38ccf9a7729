import type { AppContext } from '../../../context';
import { registerJobHandler } from '../../../jobs/job-handlers';
import { declareSchedule } from '../../../jobs/job-schedules';
import { parisDate, parisInstant } from '../../../../engine/time/paris-time';
import { onAppointmentEvent } from '../appointment-events';
import { cancelExpiredHolds } from '../expired-holds';
import { DELIVER_EXCHANGE_JOB, processAppointmentNotifications } from './appointment-notifications';
import { deliverExchange } from './deliver-exchange';

// Imported for its effect (from server/jobs/server-jobs.ts and the booking module): the booking
// calls' events become notifications, and their delivery and sweeps become jobs.

export const REMINDERS_JOB = 'dialogwatt.reminders';
export const EXPIRE_HOLDS_JOB = 'dialogwatt.expire-holds';

onAppointmentEvent(async (app, event) => {
  await processAppointmentNotifications(app, event.appointmentPk, event.trigger, event.actor);
});

registerJobHandler<{ exchange: number }>(DELIVER_EXCHANGE_JOB, async (app, payload) => {
  await deliverExchange(app, Number(payload.exchange));
});

/**
 * The reminder sweep: every non-cancelled appointment from today on (Paris) of a structure with an
 * active reminder. planNotifications keeps only the reminders already due; the ledger's unique key
 * keeps each to one message, also when two processes sweep at once.
 */
export async function sweepReminders(app: AppContext, now = new Date()): Promise<number> {
  const db = app.database.db;
  const groups = await db
    .selectFrom('dialogwatt_notification')
    .select('group')
    .distinct()
    .where('trigger', '=', 'date_of_appointment')
    .where('is_active', '=', 1)
    .execute();
  const groupPks = groups.map((g) => g.group).filter((g): g is number => g !== null);
  if (!groupPks.length) return 0;
  const today = parisInstant(parisDate(now), '00:00').toISOString();
  const appointments = await db
    .selectFrom('dialogwatt_appointment')
    .select('pk')
    .where('group', 'in', groupPks)
    .where('status', '!=', 'cancelled')
    .where('start_date', '>=', today)
    .orderBy('start_date')
    .execute();
  let created = 0;
  for (const a of appointments)
    created += (await processAppointmentNotifications(app, a.pk, 'date_of_appointment', null, now)).length;
  return created;
}

registerJobHandler(REMINDERS_JOB, async (app) => {
  await sweepReminders(app);
});

registerJobHandler(EXPIRE_HOLDS_JOB, async (app) => {
  await cancelExpiredHolds(app.database.db, new Date());
});

declareSchedule({ name: REMINDERS_JOB, kind: REMINDERS_JOB, everyMs: 300_000 });
declareSchedule({ name: EXPIRE_HOLDS_JOB, kind: EXPIRE_HOLDS_JOB, everyMs: 300_000 });
