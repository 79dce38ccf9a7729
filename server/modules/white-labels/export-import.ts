import type { RequestContext } from '../../context';
import { message } from '../../context';
import type { FieldError } from '../../../engine/validation/field-error';
import { entityTarget, parseEntityTarget, type OverlayOp } from '../../../engine/schema/overlay-types';
import { ValidationError } from '../../http/http-error';
import { findOne } from '../../operations/find-one';
import { update } from '../../operations/write';
import { assertMay, entityOf } from '../../operations/entity-access';
import type { ApiRecord } from '../../db/row-mapper';
import { inTransaction } from '../../db/transaction';
import { checkOverlay, isKnownTarget, overlayVersions, saveOverlay } from './overlay-store';
import { invalidateWhiteLabels } from './resolve-white-label';

/** Name and version of the file format: a later version can still read older files. */
export const EXPORT_FORMAT = 'renovation-white-label';
export const EXPORT_FORMAT_VERSION = 1;

export interface ExportedOverlay {
  version: number;
  ops: OverlayOp[];
  comment?: string | null;
}

export interface WhiteLabelExport {
  format: typeof EXPORT_FORMAT;
  formatVersion: number;
  exportedAt: string;
  /** Domain the file was exported from (informative; the import keeps the target's unless asked). */
  domain: string;
  whiteLabel: Record<string, unknown>;
  overlays: Record<string, ExportedOverlay>;
}

/** The white label, checked: it exists and the caller may change it (administrators). */
export async function editableWhiteLabel(ctx: RequestContext, rawPk: unknown): Promise<ApiRecord> {
  const record = await findOne(ctx, 'white-label', rawPk);
  assertMay(ctx, entityOf(ctx, 'white-label'), 'change', record);
  return record;
}

/** Properties a configuration file carries: what an administrator may write (no pk, no timestamps). */
function configurationKeys(ctx: RequestContext): Set<string> {
  const props = entityOf(ctx, 'white-label').schema.properties;
  return new Set(
    Object.entries(props)
      .filter(([, p]) => !p.readOnly && !p['x-storage']?.private)
      .map(([name]) => name),
  );
}

async function currentOverlays(ctx: RequestContext, whiteLabel: number): Promise<Record<string, ExportedOverlay>> {
  const rows = await ctx.app.database.db
    .selectFrom('white_label_overlay')
    .select('target')
    .distinct()
    .where('white_label', '=', whiteLabel)
    .orderBy('target')
    .execute();
  const out: Record<string, ExportedOverlay> = {};
  for (const { target } of rows) {
    const [latest] = await overlayVersions(ctx.app, whiteLabel, target);
    if (latest && latest.ops.length)
      out[target] = { version: latest.version, ops: latest.ops, comment: latest.comment };
  }
  return out;
}

/** The whole configuration of a white label as one JSON document. */
export async function exportWhiteLabel(ctx: RequestContext, rawPk: unknown): Promise<WhiteLabelExport> {
  const record = await editableWhiteLabel(ctx, rawPk);
  const keys = configurationKeys(ctx);
  const whiteLabel = Object.fromEntries(Object.entries(record).filter(([k]) => keys.has(k)));
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    domain: String(record.domain),
    whiteLabel,
    overlays: await currentOverlays(ctx, record.pk as number),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function fileError(ctx: RequestContext, path: string, key: string, params: Record<string, unknown> = {}): FieldError {
  return { path, code: key, params, message: message(ctx.app, key, params) };
}

/** The file's shape (format, version, sections); refuses at once what is not an export at all. */
function readDocument(
  ctx: RequestContext,
  doc: unknown,
): { whiteLabel: Record<string, unknown>; overlays: Record<string, unknown>; domain: string } {
  const summary = message(ctx.app, 'white-labels.import.invalid');
  if (!isObject(doc) || doc.format !== EXPORT_FORMAT)
    throw new ValidationError([fileError(ctx, '', 'white-labels.import.not_an_export')], summary);
  if (typeof doc.formatVersion !== 'number' || doc.formatVersion > EXPORT_FORMAT_VERSION || doc.formatVersion < 1) {
    throw new ValidationError(
      [
        fileError(ctx, 'formatVersion', 'white-labels.import.format_version', {
          version: String(doc.formatVersion),
          supported: EXPORT_FORMAT_VERSION,
        }),
      ],
      summary,
    );
  }
  const errors: FieldError[] = [];
  if (!isObject(doc.whiteLabel))
    errors.push(fileError(ctx, 'whiteLabel', 'white-labels.import.section_missing', { section: 'whiteLabel' }));
  if (doc.overlays !== undefined && !isObject(doc.overlays))
    errors.push(fileError(ctx, 'overlays', 'white-labels.import.section_missing', { section: 'overlays' }));
  if (errors.length) throw new ValidationError(errors, summary);
  return {
    whiteLabel: doc.whiteLabel as Record<string, unknown>,
    overlays: (doc.overlays ?? {}) as Record<string, unknown>,
    domain: String(doc.domain ?? ''),
  };
}

/** Every overlay of the file through the same checks as a PUT; errors are prefixed by their target. */
function checkOverlays(
  ctx: RequestContext,
  overlays: Record<string, unknown>,
  comment: string,
): { checked: Map<string, OverlayOp[]>; errors: FieldError[] } {
  const checked = new Map<string, OverlayOp[]>();
  const errors: FieldError[] = [];
  for (const [target, overlay] of Object.entries(overlays)) {
    if (!isKnownTarget(ctx.app, target)) {
      errors.push(fileError(ctx, `overlays.${target}`, 'white-labels.import.unknown_target', { target }));
      continue;
    }
    try {
      const ops = isObject(overlay) ? overlay.ops : undefined;
      // A custom form applies on top of the white label's overlay of its entity, from the same file.
      const parsed = parseEntityTarget(target);
      const underlying = parsed?.scope ? overlays[entityTarget(parsed.entity)] : undefined;
      const under = isObject(underlying) && Array.isArray(underlying.ops) ? (underlying.ops as OverlayOp[]) : [];
      checked.set(target, checkOverlay(ctx, target, { ops, comment }, under).ops);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      for (const fe of e.errors ?? [])
        errors.push({ ...fe, path: `overlays.${target}.${fe.path}`, message: `${target} — ${fe.message}` });
    }
  }
  return { checked, errors };
}

export interface ImportResult {
  whiteLabel: ApiRecord;
  overlays: Record<string, number>;
  ignoredFields: string[];
}

/**
 * Replaces a white label's configuration by a file's: the record through the generic update
 * (same validation and hooks as the form) and every overlay through the PUT checks, all in one
 * transaction, so that a file with any error writes nothing. Each overlay becomes a new version
 * (targets the file does not mention are emptied by a new version too). The target keeps its own
 * domain unless `withDomain`, and always its default flag (one default per server, not a setting).
 */
export async function importWhiteLabel(
  ctx: RequestContext,
  rawPk: unknown,
  doc: unknown,
  options: { withDomain: boolean },
): Promise<ImportResult> {
  const target = await editableWhiteLabel(ctx, rawPk);
  const pk = target.pk as number;
  const file = readDocument(ctx, doc);
  const comment = message(ctx.app, 'white-labels.import.comment', { domain: file.domain || '?' });
  const { checked, errors: overlayErrors } = checkOverlays(ctx, file.overlays, comment);

  const keys = configurationKeys(ctx);
  const ignoredFields = Object.keys(file.whiteLabel)
    .filter((k) => !keys.has(k))
    .sort();
  const input = Object.fromEntries(
    Object.entries(file.whiteLabel).filter(
      ([k]) => keys.has(k) && k !== 'isDefault' && (options.withDomain || k !== 'domain'),
    ),
  );

  const existing = await currentOverlays(ctx, pk);
  const result = await inTransaction(ctx, async (tctx) => {
    const errors = [...overlayErrors];
    let whiteLabel: ApiRecord = target;
    try {
      whiteLabel = await update(tctx, 'white-label', pk, input);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      errors.push(...(e.errors ?? []).map((fe) => ({ ...fe, path: fe.path ? `whiteLabel.${fe.path}` : 'whiteLabel' })));
    }
    // Throwing rolls the whole import back: nothing of a faulty file is kept.
    if (errors.length) throw new ValidationError(errors, message(ctx.app, 'white-labels.import.invalid'));
    const versions: Record<string, number> = {};
    for (const t of [...new Set([...checked.keys(), ...Object.keys(existing)])].sort()) {
      versions[t] = await saveOverlay(tctx, pk, t, { ops: checked.get(t) ?? [], comment });
    }
    return { whiteLabel, overlays: versions, ignoredFields };
  });
  invalidateWhiteLabels(ctx.app);
  return result;
}

/** `?withDomain=true` (or 1): the import also takes the file's domain. */
export function wantsDomain(raw: unknown): boolean {
  return raw === 'true' || raw === '1';
}
