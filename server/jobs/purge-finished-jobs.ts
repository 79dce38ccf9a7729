import type { AppContext } from '../context';
import { registerJobHandler } from './job-handlers';
import { declareSchedule } from './job-schedules';

const KEEP_DAYS = 30;

/** Finished jobs are kept a month (errors stay readable), then removed once a day. */
export async function purgeFinishedJobs(app: AppContext): Promise<void> {
  const before = new Date(Date.now() - KEEP_DAYS * 86_400_000).toISOString();
  await app.database.db
    .deleteFrom('scheduled_job')
    .where('status', 'in', ['done', 'failed'])
    .where('finished_at', '<', before)
    .execute();
}

registerJobHandler('jobs.purge-finished', purgeFinishedJobs);
declareSchedule({ name: 'jobs.purge-finished', kind: 'jobs.purge-finished', everyMs: 86_400_000 });
