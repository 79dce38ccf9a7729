import type { AppContext } from '../context';
import { createJobRunner, type JobRunner } from './job-runner';
import { loadJobRunnerSettings } from './job-settings';
// Module files that register handlers and declare schedules, imported for that effect.
import './purge-finished-jobs';
import '../messaging/messaging-jobs';
import '../modules/booking/notifications/booking-notification-jobs';
import '../modules/fac/reminder-digest-job';
import '../modules/events/event-jobs';
import '../modules/newsletters/newsletter-sending';
import '../modules/fac-duplicates/duplicate-detection-job';
import '../storage/purge-pending-uploads';
import '../modules/follow-up/statistics-export-job';
import '../modules/follow-up/folder-status-job';
import '../modules/workflow/workflow-jobs';

/** Starts this process's job runner unless JOB_RUNNER=off; `stop()` on shutdown. */
export function startServerJobs(app: AppContext, env: NodeJS.ProcessEnv = process.env): JobRunner | null {
  const settings = loadJobRunnerSettings(env);
  if (!settings.enabled) {
    app.logger.info('scheduled jobs: runner disabled in this process (JOB_RUNNER=off)');
    return null;
  }
  const runner = createJobRunner(app, { pollMs: settings.pollMs, leaseMs: settings.leaseMs });
  runner.start();
  return runner;
}
