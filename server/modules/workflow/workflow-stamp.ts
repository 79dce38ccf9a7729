import type { EntityRuntime } from '../../../engine/schema/registry';
import { changedContent, contentFields } from '../../../engine/workflow/workflow';
import type { RequestContext } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';

/**
 * Moves the workflow's content stamp when a save changes the record's content (not on every
 * save: an advisor toggling a flag is not the professional updating their sheet), so that the
 * "needs update" rule reads real updates.
 */
export function stampContentChange(
  ctx: RequestContext,
  entity: EntityRuntime,
  record: ApiRecord,
  previous: ApiRecord | undefined,
  now: string,
): void {
  const wf = ctx.app.registry.workflows.get(entity.name);
  if (!wf?.contentStamp) return;
  if (changedContent(contentFields(wf, entity.schema.properties), previous, record).length)
    record[wf.contentStamp] = now;
}
