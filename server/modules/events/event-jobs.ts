import type { AppContext } from '../../context';
import { registerJobHandler } from '../../jobs/job-handlers';
import { declareSchedule } from '../../jobs/job-schedules';
import { enqueueJob } from '../../jobs/enqueue-job';
import { addDays, parisDate, parisInstant } from '../../../engine/time/paris-time';
import { EVENT_MAIL_JOB, type EventMailPayload } from './event-registrations';
import { sendEventMail } from './event-mails';

// Imported for its effect (server/jobs/server-jobs.ts and the events router): the registrations'
// mails and the day-before reminders are scheduled jobs (ADR 0006).

export const EVENT_REMINDERS_JOB = 'events.reminders';

registerJobHandler<EventMailPayload>(EVENT_MAIL_JOB, async (app, payload) => {
  await sendEventMail(app, payload);
});

/**
 * The day-before sweep: every confirmed registration of an event that starts tomorrow (Paris day)
 * and was not reminded yet gets its reminder job. The registration is claimed by a conditional
 * update (reminder_sent_at still empty) and the job carries a dedupe key, so two processes sweeping
 * at once add one reminder, never two. Returns the reminders added.
 */
export async function sweepEventReminders(app: AppContext, now = new Date()): Promise<number> {
  const db = app.database.db;
  const tomorrow = addDays(parisDate(now), 1);
  const from = parisInstant(tomorrow, '00:00').toISOString();
  const to = parisInstant(addDays(tomorrow, 1), '00:00').toISOString();
  const rows = await db
    .selectFrom('events_registration as r')
    .innerJoin('events_event as e', 'e.pk', 'r.event')
    .select(['r.pk'])
    .where('r.status', '=', 'confirmed')
    .where('r.reminder_sent_at', 'is', null)
    .where('e.start_date', '>=', from)
    .where('e.start_date', '<', to)
    .execute();
  let added = 0;
  for (const { pk } of rows) {
    const added1 = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('events_registration')
        .set({ reminder_sent_at: now.toISOString() })
        .where('pk', '=', pk)
        .where('reminder_sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 0;
      const job = await enqueueJob(trx, {
        kind: EVENT_MAIL_JOB,
        payload: { registration: pk, kind: 'reminder' } satisfies EventMailPayload,
        dedupeKey: `events:mail:${pk}:reminder`,
      });
      return job === null ? 0 : 1;
    });
    added += added1;
  }
  return added;
}

registerJobHandler(EVENT_REMINDERS_JOB, async (app) => {
  await sweepEventReminders(app);
});

declareSchedule({ name: EVENT_REMINDERS_JOB, kind: EVENT_REMINDERS_JOB, everyMs: 900_000 });
