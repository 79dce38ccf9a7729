import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { appOn } from '../helpers/app-suite';
import type { TestApp } from '../helpers/test-app';
import type { AppContext } from '../../server/context';
import { openDatabase } from '../../server/db/database';
import { enqueueJob } from '../../server/jobs/enqueue-job';
import { registerJobHandler } from '../../server/jobs/job-handlers';
import { createJobRunner, type JobRunner } from '../../server/jobs/job-runner';
import { inTransaction } from '../../server/db/transaction';
import { systemContext } from '../../server/seed/system-context';

// Each kind is unique to this file; the handlers write what they ran into `ran`.
const ran: { kind: string; n: number; runner: string }[] = [];
let failuresLeft = 0;

registerJobHandler<{ n: number }>('test.count', async (_app, payload, job) => {
  // A pause inside the job gives the other runner every chance to claim the same row meanwhile.
  await new Promise((r) => setImmediate(r));
  ran.push({ kind: 'test.count', n: payload.n, runner: String(job.attempts) });
});
registerJobHandler('test.flaky', async () => {
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    throw new Error('serveur SMTP injoignable');
  }
  ran.push({ kind: 'test.flaky', n: 0, runner: '' });
});
registerJobHandler('test.always-fails', async () => {
  throw new Error('toujours en échec');
});
// A long job: moves the shared fake clock past its lease, then waits until its runner has renewed
// the lease at that new time, and lets the test try to take it over before it ends.
const longJob = { now: 0, whileRunning: async () => undefined as unknown };
registerJobHandler('test.long', async () => {
  await longJob.whileRunning();
  ran.push({ kind: 'test.long', n: 0, runner: '' });
});
registerJobHandler('test.tick', async () => {
  ran.push({ kind: 'test.tick', n: 0, runner: '' });
});

/**
 * The queue's own behaviour, without the schedules the modules declare (booking reminders, hold expiry, purge): those
 * add their own jobs to every pass of a runner that keeps the default.
 */
const QUEUE_ONLY = { schedules: [] };

/** A second "process": its own connection pool to the same database, its own runner. */
function secondProcess(app: AppContext): AppContext {
  return { ...app, database: openDatabase(app.config.databaseUrl) };
}

async function drain(runners: JobRunner[]): Promise<void> {
  // Every runner passes in parallel until none finds work (no clock, no sleep).
  for (;;) {
    const counts = await Promise.all(runners.map((r) => r.runOnce()));
    if (counts.every((c) => c === 0)) return;
  }
}

for (const dialect of DIALECTS) {
  describe(`scheduled jobs on ${dialect}`, () => {
    let t!: TestApp;
    let other!: AppContext;
    appOn(dialect, (a) => (t = a), { seed: false });
    beforeAll(() => {
      other = secondProcess(t.app);
    });
    afterAll(async () => {
      await other.database.close();
    });
    beforeEach(async () => {
      ran.length = 0;
      await t.app.database.db.deleteFrom('scheduled_job').execute();
    });

    it('two runners on the same database run each of 60 jobs exactly once', async () => {
      for (let n = 0; n < 60; n += 1) await enqueueJob(t.app.database.db, { kind: 'test.count', payload: { n } });
      const a = createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a', batchSize: 7 });
      const b = createJobRunner(other, { ...QUEUE_ONLY, id: 'b', batchSize: 7 });
      await drain([a, b]);
      const numbers = ran.filter((r) => r.kind === 'test.count').map((r) => r.n);
      expect(numbers.sort((x, y) => x - y)).toEqual([...Array(60).keys()]);
      const rows = await t.app.database.db
        .selectFrom('scheduled_job')
        .select(['status', 'attempts', 'locked_by'])
        .execute();
      expect(rows).toHaveLength(60);
      expect(rows.every((r) => r.status === 'done' && r.attempts === 1 && r.locked_by === null)).toBe(true);
    });

    it('a job that is not due yet waits; a dedupe key adds a job once', async () => {
      const later = new Date(Date.now() + 3_600_000);
      expect(await enqueueJob(t.app.database.db, { kind: 'test.tick', runAt: later, dedupeKey: 'k1' })).toBeTypeOf(
        'number',
      );
      expect(await enqueueJob(t.app.database.db, { kind: 'test.tick', dedupeKey: 'k1' })).toBeNull();
      await drain([createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a' })]);
      expect(ran).toEqual([]);
      const inAnHour = createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a', now: () => new Date(later.getTime() + 1000) });
      await drain([inAnHour]);
      expect(ran.map((r) => r.kind)).toEqual(['test.tick']);
    });

    it('a failing job keeps its error and is retried after a delay, then succeeds', async () => {
      failuresLeft = 1;
      const pk = await enqueueJob(t.app.database.db, { kind: 'test.flaky' });
      let clock = Date.now();
      const runner = createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a', now: () => new Date(clock) });
      expect(await runner.runOnce()).toBe(1);
      let row = await t.app.database.db
        .selectFrom('scheduled_job')
        .selectAll()
        .where('pk', '=', pk!)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'serveur SMTP injoignable' });
      // The first retry waits 30 s.
      expect(new Date(row.run_at).getTime()).toBe(clock + 30_000);
      expect(await runner.runOnce()).toBe(0);
      clock += 30_000;
      expect(await runner.runOnce()).toBe(1);
      row = await t.app.database.db
        .selectFrom('scheduled_job')
        .selectAll()
        .where('pk', '=', pk!)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'done', attempts: 2, last_error: 'serveur SMTP injoignable' });
      expect(ran.map((r) => r.kind)).toEqual(['test.flaky']);
    });

    it('a job failing every time is left failed with its error after its attempts', async () => {
      const pk = await enqueueJob(t.app.database.db, { kind: 'test.always-fails', maxAttempts: 3 });
      const runner = createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a', retryDelay: () => 0 });
      await drain([runner]);
      const row = await t.app.database.db
        .selectFrom('scheduled_job')
        .selectAll()
        .where('pk', '=', pk!)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'toujours en échec' });
      expect(row.finished_at).not.toBeNull();
    });

    it('a job of a kind nobody handles fails with a French error', async () => {
      const pk = await enqueueJob(t.app.database.db, { kind: 'test.unknown', maxAttempts: 1 });
      await drain([createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a' })]);
      const row = await t.app.database.db
        .selectFrom('scheduled_job')
        .selectAll()
        .where('pk', '=', pk!)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'failed',
        last_error: 'aucun traitement déclaré pour les tâches « test.unknown »',
      });
    });

    it('a job claimed by a runner that died is taken over once its lease has run out', async () => {
      const pk = await enqueueJob(t.app.database.db, { kind: 'test.tick' });
      const now = Date.now();
      await t.app.database.db
        .updateTable('scheduled_job')
        .set({ status: 'running', attempts: 1, locked_by: 'dead', locked_until: new Date(now + 60_000).toISOString() })
        .where('pk', '=', pk!)
        .execute();
      await drain([createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a', now: () => new Date(now) })]);
      expect(ran).toEqual([]);
      await drain([createJobRunner(t.app, { ...QUEUE_ONLY, id: 'a', now: () => new Date(now + 61_000) })]);
      expect(ran.map((r) => r.kind)).toEqual(['test.tick']);
    });

    it('a job that outlasts its lease keeps it while it runs: no other runner takes it over', async () => {
      const pk = await enqueueJob(t.app.database.db, { kind: 'test.long' });
      longJob.now = Date.now();
      const clock = () => new Date(longJob.now);
      const owner = createJobRunner(t.app, { ...QUEUE_ONLY, id: 'owner', leaseMs: 60_000, renewMs: 10, now: clock });
      const rival = createJobRunner(other, { ...QUEUE_ONLY, id: 'rival', leaseMs: 60_000, now: clock });
      longJob.whileRunning = async () => {
        longJob.now += 120_000; // twice the lease: without renewal the job would be claimable now
        const leaseAfter = new Date(longJob.now).toISOString();
        for (let i = 0; i < 500; i += 1) {
          const row = await t.app.database.db
            .selectFrom('scheduled_job')
            .select('locked_until')
            .where('pk', '=', pk!)
            .executeTakeFirstOrThrow();
          if (row.locked_until && row.locked_until > leaseAfter) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        return rival.runOnce();
      };
      await owner.runOnce();
      expect(ran.map((r) => r.kind)).toEqual(['test.long']);
      const row = await t.app.database.db
        .selectFrom('scheduled_job')
        .select(['status', 'attempts', 'locked_by'])
        .where('pk', '=', pk!)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'done', attempts: 1, locked_by: null });
    });

    it('a recurring schedule is enqueued and run once per period even with two runners', async () => {
      const schedules = [{ name: 'test.every-5-min', kind: 'test.tick', everyMs: 300_000 }];
      const at = Date.parse('2030-01-01T10:02:00Z');
      const a = createJobRunner(t.app, { id: 'a', schedules, now: () => new Date(at) });
      const b = createJobRunner(other, { id: 'b', schedules, now: () => new Date(at + 1000) });
      await drain([a, b]);
      await drain([a, b]);
      expect(ran.map((r) => r.kind)).toEqual(['test.tick']);
      const rows = await t.app.database.db.selectFrom('scheduled_job').select(['dedupe_key', 'run_at']).execute();
      expect(rows).toEqual([
        { dedupe_key: 'schedule:test.every-5-min:2030-01-01T10:00:00.000Z', run_at: '2030-01-01T10:00:00.000Z' },
      ]);
      // The next period adds the next job.
      const next = createJobRunner(other, { id: 'b', schedules, now: () => new Date(at + 300_000) });
      await drain([a, next]);
      expect(ran).toHaveLength(2);
    });

    it('a job enqueued in a transaction that rolls back does not exist', async () => {
      await expect(
        inTransaction(systemContext(t.app), async (tctx) => {
          await enqueueJob(tctx.app.database.db, { kind: 'test.tick' });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await inTransaction(systemContext(t.app), async (tctx) => {
        await enqueueJob(tctx.app.database.db, { kind: 'test.tick' });
      });
      const rows = await t.app.database.db.selectFrom('scheduled_job').select('pk').execute();
      expect(rows).toHaveLength(1);
    });

    it('start and stop: a started runner runs due jobs by itself and stops cleanly', async () => {
      const runner = createJobRunner(t.app, { id: 'a', pollMs: 20, schedules: [] });
      runner.start();
      await enqueueJob(t.app.database.db, { kind: 'test.tick' });
      await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(1);
      await runner.stop();
      await enqueueJob(t.app.database.db, { kind: 'test.tick' });
      await new Promise((r) => setTimeout(r, 100));
      expect(ran).toHaveLength(1);
    });
  });
}
