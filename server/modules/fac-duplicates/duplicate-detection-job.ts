import { registerJobHandler } from '../../jobs/job-handlers';
import { declareSchedule } from '../../jobs/job-schedules';
import { detectAllDuplicates } from './duplicate-detection';

export const DUPLICATE_DETECTION_JOB = 'fac.duplicate-detection';

// The reference's « find duplicates » command, as a daily job over every structure: the saves
// already look for the duplicates of what they write; the pass catches what came in otherwise
// (seeds, direct writes). An import queues the same job for its structure only (`groups`).
registerJobHandler<{ groups?: number[] } | undefined>(DUPLICATE_DETECTION_JOB, async (app, payload) => {
  await detectAllDuplicates(app.database.db, payload?.groups);
});

declareSchedule({ name: DUPLICATE_DETECTION_JOB, kind: DUPLICATE_DETECTION_JOB, everyMs: 86_400_000 });
