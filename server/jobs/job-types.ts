import type { AppContext } from '../context';

/** A job as its handler sees it. */
export interface JobInfo {
  pk: number;
  kind: string;
  /** How many times it has been started, this run included. */
  attempts: number;
  maxAttempts: number;
  runAt: string;
}

/**
 * Does the work of one job. Throwing keeps the error on the job and retries it later, so a
 * handler must be safe to run again after a failure (check what is already done first).
 */
export type JobHandler<P = unknown> = (app: AppContext, payload: P, job: JobInfo) => Promise<void>;

export interface NewJob<P = unknown> {
  /** The handler's name (`registerJobHandler`). */
  kind: string;
  /** When the job becomes due (ISO instant or Date); now when absent. */
  runAt?: string | Date;
  payload?: P;
  /** A job with the key of an existing one (pending or finished) is not added again. */
  dedupeKey?: string;
  /** Attempts before the job is left failed (default 5). */
  maxAttempts?: number;
}
