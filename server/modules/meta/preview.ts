import type { Request, Response } from 'express';
import type { RequestContext, WhiteLabelInfo } from '../../context';
import { message, notFound } from '../../context';
import { applyOverlay } from '../../../engine/schema/apply-overlay';
import { entityTarget, scopedEntityTarget, type OverlayOp } from '../../../engine/schema/overlay-types';
import { getEntity } from '../../../engine/schema/registry';
import type { PropertySchema } from '../../../engine/schema/types';
import { HttpError, ValidationError } from '../../http/http-error';
import { editableWhiteLabel } from '../white-labels/export-import';
import { checkOverlay, isKnownTarget, scopedBaseOps } from '../white-labels/overlay-store';
import { entityMeta } from './entity-meta';
import { validatorUrl } from './validator-modules';

/**
 * What a generic screen would receive if a white label's overlay of an entity were `ops`,
 * without saving anything: the form editor's live preview. The operations go through the same
 * checks as a save; those that cannot apply come back as `problems` (a save would refuse them).
 */
export async function entityPreview(ctx: RequestContext, name: string, body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'errors.invalid_json'));
  const { whiteLabel: rawPk, ops, scope } = body as { whiteLabel?: unknown; ops?: unknown; scope?: unknown };
  const record = await editableWhiteLabel(ctx, rawPk);
  // A custom form (scope `group:2`…) is previewed on top of the white label's overlay.
  const target = typeof scope === 'string' && scope !== '' ? scopedEntityTarget(name, scope) : entityTarget(name);
  if (!isKnownTarget(ctx.app, target)) throw notFound(ctx);
  const under = await scopedBaseOps(ctx.app, record.pk as number, target);
  let problems: string[] = [];
  try {
    checkOverlay(ctx, target, { ops }, under);
  } catch (e) {
    // Malformed operations are refused as on save; operations that do not apply are reported.
    if (!(e instanceof ValidationError) || !(e.errors ?? []).every((fe) => fe.code === 'overlay')) throw e;
    problems = (e.errors ?? []).map((fe) => fe.message);
  }
  const effective = applyOverlay(getEntity(ctx.app.registry, name), [...under, ...(ops as OverlayOp[])], 0);
  // The base meta of this white label (every module on: a switched-off module can be prepared).
  const whiteLabel: WhiteLabelInfo = {
    id: record.pk as number,
    domain: String(record.domain),
    record,
    modules: Object.fromEntries(ctx.app.registry.modules.map((m) => [m.id, true])),
    overlayVersions: {},
  };
  const base = await entityMeta({ ...ctx, whiteLabel }, name);
  const properties: Record<string, PropertySchema> = {};
  for (const [p, prop] of Object.entries(effective.schema.properties)) {
    if (prop['x-storage']?.private || effective.hidden.has(p)) continue;
    properties[p] = prop;
  }
  return {
    meta: {
      ...base,
      schema: { type: 'object', properties, required: (effective.schema.required ?? []).filter((r) => properties[r]) },
      form: effective.form,
      list: { ...base.list, columns: effective.listColumns },
      fieldRules: effective.fieldRules,
      extraFields: [...effective.extraFields],
      messages: effective.messages,
      validator: validatorUrl(ctx.app, effective),
    },
    problems,
  };
}

export async function previewHandler(req: Request, res: Response): Promise<void> {
  res.json(await entityPreview(req.ctx, String(req.params.entity), req.body));
}
