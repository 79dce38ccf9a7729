import type { ExpressionBuilder } from 'kysely';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context';
import type { AppDatabase } from '../db/tables';
import { jobHandler } from './job-handlers';
import { declaredSchedules, enqueueScheduledJobs, type JobSchedule } from './job-schedules';
import { retryDelayMs } from './retry-delay';

export interface JobRunnerOptions {
  /** Identifies this runner in `locked_by` (default: host, process id and a random part). */
  id?: string;
  pollMs?: number;
  leaseMs?: number;
  /** How often a running job's lease is extended (default: a third of the lease). */
  renewMs?: number;
  /** Jobs claimed per pass before the schedules are looked at again. */
  batchSize?: number;
  retryDelay?: (attempts: number) => number;
  /** The schedules to keep enqueued (default: every declared one). */
  schedules?: JobSchedule[];
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

export interface JobRunner {
  id: string;
  /** One pass: enqueue the schedules' current jobs, then claim and run due jobs one by one. */
  runOnce(): Promise<number>;
  /** Starts polling every `pollMs`. */
  start(): void;
  /** Stops polling and waits for the job under way. */
  stop(): Promise<void>;
}

interface ClaimedJob {
  pk: number;
  kind: string;
  payload: string;
  attempts: number;
  maxAttempts: number;
  runAt: string;
}

// A job is claimable when it is pending and due, or when the runner that claimed it has gone
// (its lease ran out: a crashed or killed process).
const claimable = (now: string) => (eb: ExpressionBuilder<AppDatabase, 'scheduled_job'>) =>
  eb.or([
    eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
    eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
  ]);

/**
 * The runner of scheduled jobs (ADR 0006). Each job is claimed by one conditional UPDATE that
 * only succeeds while the row is still claimable: on PostgreSQL the second of two concurrent
 * updates waits for the first and then finds the row no longer matching; on SQLite writes are
 * serialised. Either way one runner wins and the others move on, so several processes sharing
 * the database never run a job twice.
 */
export function createJobRunner(app: AppContext, options: JobRunnerOptions = {}): JobRunner {
  const id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 600_000;
  const renewMs = options.renewMs ?? Math.max(1000, Math.floor(leaseMs / 3));
  const batchSize = options.batchSize ?? 20;
  const retryDelay = options.retryDelay ?? retryDelayMs;
  const clock = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<number> | undefined;

  async function claimOne(): Promise<ClaimedJob | null> {
    const db = app.database.db;
    const now = clock();
    const nowIso = now.toISOString();
    // A few candidates, then a conditional claim of each: losing one to another runner is normal.
    const candidates = await db
      .selectFrom('scheduled_job')
      .select('pk')
      .where(claimable(nowIso))
      .orderBy('run_at')
      .orderBy('pk')
      .limit(5)
      .execute();
    for (const { pk } of candidates) {
      const claimed = await db
        .updateTable('scheduled_job')
        .set((eb) => ({
          status: 'running',
          locked_by: id,
          locked_until: new Date(now.getTime() + leaseMs).toISOString(),
          attempts: eb('attempts', '+', 1),
        }))
        .where('pk', '=', pk)
        .where(claimable(nowIso))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const row = await db
        .selectFrom('scheduled_job')
        .select(['pk', 'kind', 'payload', 'attempts', 'max_attempts', 'run_at'])
        .where('pk', '=', pk)
        .executeTakeFirstOrThrow();
      return {
        pk: row.pk,
        kind: row.kind,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        runAt: row.run_at,
      };
    }
    return null;
  }

  async function finish(pk: number, set: Record<string, unknown>): Promise<void> {
    await app.database.db
      .updateTable('scheduled_job')
      .set({ locked_by: null, locked_until: null, ...set })
      // Only while still ours: a runner whose lease ran out must not undo the new owner's work.
      .where('pk', '=', pk)
      .where('locked_by', '=', id)
      .execute();
  }

  // A job may outlast its lease (the national duplicate pass takes minutes): while it runs, its
  // lease is pushed forward so that another process never takes over a job that is still alive.
  // Only a dead runner stops renewing, and only then does its lease run out.
  function keepLease(pk: number): () => void {
    const renew = setInterval(() => {
      app.database.db
        .updateTable('scheduled_job')
        .set({ locked_until: new Date(clock().getTime() + leaseMs).toISOString() })
        .where('pk', '=', pk)
        .where('locked_by', '=', id)
        .where('status', '=', 'running')
        .execute()
        .catch((err: unknown) => app.logger.warn({ err, job: pk }, 'scheduled job lease not renewed'));
    }, renewMs);
    renew.unref?.();
    return () => clearInterval(renew);
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const releaseLease = keepLease(job.pk);
    try {
      const handler = jobHandler(job.kind);
      if (!handler) throw new Error(`aucun traitement déclaré pour les tâches « ${job.kind} »`);
      await handler(app, JSON.parse(job.payload) as unknown, {
        pk: job.pk,
        kind: job.kind,
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt,
      });
      await finish(job.pk, { status: 'done', finished_at: clock().toISOString() });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      app.logger.warn({ err, job: job.pk, kind: job.kind, attempts: job.attempts }, 'scheduled job failed');
      if (job.attempts >= job.maxAttempts)
        await finish(job.pk, { status: 'failed', last_error: error, finished_at: clock().toISOString() });
      else
        await finish(job.pk, {
          status: 'pending',
          last_error: error,
          run_at: new Date(clock().getTime() + retryDelay(job.attempts)).toISOString(),
        });
    } finally {
      releaseLease();
    }
  }

  async function pass(): Promise<number> {
    await enqueueScheduledJobs(app.database.db, clock(), options.schedules ?? declaredSchedules());
    let ran = 0;
    while (ran < batchSize) {
      const job = await claimOne();
      if (!job) break;
      await runJob(job);
      ran += 1;
    }
    return ran;
  }

  function runOnce(): Promise<number> {
    // One pass at a time per runner: a tick never overlaps a pass a test started by hand.
    const previous = current ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(pass);
    current = next;
    return next;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => app.logger.error({ err }, 'scheduled jobs pass failed'))
        .then((ran) => schedule(ran === batchSize ? 0 : pollMs));
    }, delay);
    timer.unref?.();
  }

  return {
    id,
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current?.catch(() => 0);
    },
  };
}
