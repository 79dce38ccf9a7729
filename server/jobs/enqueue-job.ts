import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/tables';
import type { NewJob } from './job-types';

/**
 * Adds a job. Pass the transaction's database (`ctx.app.database.db` inside `inTransaction`) to
 * add it with the data it is about: a rolled-back booking leaves no reminder behind. Returns the
 * job's pk, or null when a job with the same `dedupeKey` already exists.
 */
export async function enqueueJob<P>(db: Kysely<AppDatabase>, job: NewJob<P>): Promise<number | null> {
  const runAt = job.runAt === undefined ? new Date() : new Date(job.runAt);
  if (Number.isNaN(runAt.getTime())) throw new Error(`invalid runAt for job ${job.kind}`);
  const row = await db
    .insertInto('scheduled_job')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      // One text format for every instant, so that comparing the texts compares the times.
      run_at: runAt.toISOString(),
      dedupe_key: job.dedupeKey ?? null,
      max_attempts: job.maxAttempts ?? 5,
      locked_by: null,
      locked_until: null,
      last_error: null,
      finished_at: null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('pk')
    .executeTakeFirst();
  return row?.pk ?? null;
}
