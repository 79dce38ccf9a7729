import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/tables';
import { enqueueJob } from './enqueue-job';

/** A recurring job declared by a module file, e.g. every 5 minutes. */
export interface JobSchedule {
  /** Unique name; part of the key that makes each period's job unique. */
  name: string;
  kind: string;
  everyMs: number;
  payload?: unknown;
}

const schedules = new Map<string, JobSchedule>();

export function declareSchedule(schedule: JobSchedule): void {
  if (!(schedule.everyMs >= 1000)) throw new Error(`schedule ${schedule.name}: everyMs must be at least 1000`);
  schedules.set(schedule.name, schedule);
}

export function declaredSchedules(): JobSchedule[] {
  return [...schedules.values()];
}

/**
 * Adds the job of the current period of each schedule. The period's start is the job's key, so
 * every process may do this at every tick: the first insert wins, the others add nothing.
 */
export async function enqueueScheduledJobs(db: Kysely<AppDatabase>, now: Date, list = declaredSchedules()) {
  let added = 0;
  for (const s of list) {
    const period = new Date(Math.floor(now.getTime() / s.everyMs) * s.everyMs);
    const pk = await enqueueJob(db, {
      kind: s.kind,
      runAt: period,
      payload: s.payload ?? {},
      dedupeKey: `schedule:${s.name}:${period.toISOString()}`,
      // A missed period is not worth retrying: the next one comes soon.
      maxAttempts: 1,
    });
    if (pk !== null) added += 1;
  }
  return added;
}
