// The scheduled-job runner and what module files use to declare their jobs (ADR 0006).
export { enqueueJob } from './enqueue-job';
export { registerJobHandler } from './job-handlers';
export { declareSchedule } from './job-schedules';
export { createJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner';
export type { JobHandler, JobInfo, NewJob } from './job-types';
