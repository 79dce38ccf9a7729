import type { AppContext } from '../../context';
import { registerJobHandler } from '../../jobs/job-handlers';
import { declareSchedule } from '../../jobs/job-schedules';
import { systemContext } from '../../seed/system-context';
import { revalidationCutoff } from '../../../engine/workflow/workflow';
import { runTransition } from './workflow-service';

// Imported for its effect (server/jobs/server-jobs.ts and the workflow router): the yearly
// re-validation of every workflow that declares one. The sweep is a scheduled job, so one
// process runs it per period (ADR 0006); each record moves in its own transaction, and a record
// another hand already moved fails the state check and is left alone.

export const WORKFLOW_REVALIDATION_JOB = 'workflow.revalidation';

/**
 * Runs each workflow's revalidation transition on the records that have been in one of its
 * `from` states, with no transition, for the declared number of days. Returns the records moved.
 */
export async function sweepRevalidations(app: AppContext, now = new Date()): Promise<number> {
  const db = app.database.db;
  const ctx = systemContext(app);
  let moved = 0;
  for (const wf of app.registry.workflows.values()) {
    if (!wf.revalidation) continue;
    const t = wf.transitions.find((x) => x.name === wf.revalidation!.transition)!;
    const entity = app.registry.entities.get(wf.entity)!;
    const cutoff = revalidationCutoff(wf, now)!;
    const stateColumn = entity.columnByProperty.get(wf.stateField)!.column;
    const rows = (await db
      .selectFrom(entity.schema['x-entity'].table as never)
      .select(['pk' as never, 'created_at' as never])
      .where(stateColumn as never, 'in', t.from as never)
      .execute()) as { pk: number; created_at: string }[];
    for (const row of rows) {
      const last = await db
        .selectFrom('workflow_history')
        .select('created_at')
        .where('entity', '=', wf.entity)
        .where('record_pk', '=', row.pk)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if ((last?.created_at ?? row.created_at) >= cutoff) continue;
      try {
        await runTransition(ctx, wf.entity, row.pk, t.name, {}, { system: true });
        moved += 1;
      } catch (err) {
        app.logger.warn({ err, entity: wf.entity, pk: row.pk }, 'workflow revalidation skipped');
      }
    }
  }
  return moved;
}

registerJobHandler(WORKFLOW_REVALIDATION_JOB, async (app) => {
  await sweepRevalidations(app);
});
declareSchedule({ name: WORKFLOW_REVALIDATION_JOB, kind: WORKFLOW_REVALIDATION_JOB, everyMs: 86_400_000 });
