import Ajv2020 from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import { nowIso } from '../../db/column-types';
import { applyOverlay } from '../../../engine/schema/apply-overlay';
import { overlayDefaultProblems } from '../../../engine/schema/overlay-default-problems';
import {
  entityTarget,
  MENU_TARGET,
  parseEntityTarget,
  parseScope,
  SCOPED_OPS,
  type Overlay,
  type OverlayOp,
} from '../../../engine/schema/overlay-types';
import { ALLOWED_OPERATORS, operatorsOf } from '../../../engine/logic/logic';
import { overlaySchemaProblems } from '../../../engine/validation/compile-overlay';
import { HttpError, ValidationError } from '../../http/http-error';
import { errorCode, errorPath } from '../../../engine/validation/map-ajv-error';
import { translate } from '../../../engine/validation/messages';
import { invalidateWhiteLabels } from './resolve-white-label';

let validateOverlay: ReturnType<Ajv2020['compile']> | undefined;

function overlayValidator() {
  if (!validateOverlay) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    const dir = resolve(import.meta.dirname, '../../../schemas/meta');
    ajv.addSchema(JSON.parse(readFileSync(resolve(dir, 'logic.meta.json'), 'utf8')));
    validateOverlay = ajv.compile(JSON.parse(readFileSync(resolve(dir, 'overlay.meta.json'), 'utf8')));
  }
  return validateOverlay;
}

export function isKnownTarget(app: AppContext, target: string): boolean {
  if (target === MENU_TARGET) return true;
  const parsed = parseEntityTarget(target);
  const entity = parsed && app.registry.entities.get(parsed.entity);
  if (!entity || entity.schema['x-entity'].name === 'white-label') return false;
  if (parsed.scope === undefined) return true;
  // A custom form only for the scope dimensions the entity declares.
  const dimension = parseScope(parsed.scope)!.dimension;
  return Boolean(entity.schema['x-entity'].customForms?.scopes[dimension]);
}

/**
 * What a custom form (scoped overlay) is applied on top of: the white label's current overlay of
 * the entity. Empty for an unscoped target.
 */
export async function scopedBaseOps(app: AppContext, whiteLabel: number, target: string): Promise<OverlayOp[]> {
  const parsed = parseEntityTarget(target);
  if (!parsed?.scope) return [];
  return (await overlayVersions(app, whiteLabel, entityTarget(parsed.entity)))[0]?.ops ?? [];
}

/**
 * Refuses an overlay that is malformed or that would not apply cleanly to today's base (for a
 * custom form: to today's base with the white label's overlay, `under`).
 */
export function checkOverlay(ctx: RequestContext, target: string, overlay: unknown, under: OverlayOp[] = []): Overlay {
  const validate = overlayValidator();
  const summary = message(ctx.app, 'validation.summary');
  if (!validate(overlay)) {
    throw new ValidationError(
      (validate.errors ?? []).slice(0, 20).map((e) => {
        // AJV's own words are English: the catalogue's French text of the same rule instead.
        const { code, params } = errorCode(e);
        const where = errorPath(e) || (e.keyword === 'required' ? String(e.params.missingProperty ?? '') : '');
        return {
          path: where ? `ops.${where}` : 'ops',
          code,
          params,
          message: `${message(ctx.app, 'overlay.invalid')} ${where ? `${where} : ` : ''}${translate(
            ctx.app.catalogue,
            `validation.${code}`,
            params,
          )}`,
        };
      }),
      summary,
    );
  }
  const o = overlay as Overlay;
  for (const op of o.ops) {
    if (op.op === 'visibleIf') {
      // `related` reads the database: schemas' view rights only, never a field's visibility.
      const bad = [...operatorsOf(op.rule)].filter((x) => !ALLOWED_OPERATORS.has(x) || x === 'related');
      if (bad.length)
        throw new ValidationError(
          [
            {
              path: 'ops',
              code: 'default',
              params: {},
              message: message(ctx.app, 'overlay.operator', { operators: bad.join(', ') }),
            },
          ],
          summary,
        );
    }
  }
  const scoped = parseEntityTarget(target)?.scope !== undefined;
  const foreign = scoped ? o.ops.filter((op) => !SCOPED_OPS.has(op.op)) : [];
  if (foreign.length)
    throw new ValidationError(
      [{ path: 'ops', code: 'default', params: {}, message: message(ctx.app, 'overlay.scoped_op') }],
      summary,
    );
  if (target !== MENU_TARGET) {
    const base = ctx.app.registry.entities.get(parseEntityTarget(target)!.entity)!;
    const ops = [...under, ...o.ops];
    const effective = applyOverlay(base, ops);
    const problems = [...effective.problems, ...overlayDefaultProblems(effective, o.ops, ctx.app.catalogue)];
    if (problems.length)
      throw new ValidationError(
        problems.map((p) => ({ path: 'ops', code: 'overlay', params: {}, message: p })),
        summary,
      );
    // Record validation compiles the effective schema: what it would refuse is refused now.
    const schemaProblems = overlaySchemaProblems(base, o.ops, ctx.app.catalogue);
    if (schemaProblems.length) throw new ValidationError(schemaProblems, summary);
  }
  return o;
}

export async function overlayVersions(app: AppContext, whiteLabel: number, target: string) {
  const rows = await app.database.db
    .selectFrom('white_label_overlay')
    .select(['version', 'comment', 'author', 'created_at', 'ops'])
    .where('white_label', '=', whiteLabel)
    .where('target', '=', target)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    comment: r.comment,
    author: r.author,
    createdAt: r.created_at,
    ops: (typeof r.ops === 'string' ? JSON.parse(r.ops) : r.ops) as OverlayOp[],
  }));
}

/** Overlays are append-only: every save is a new version, so any change can be compared and undone. */
export async function saveOverlay(
  ctx: RequestContext,
  whiteLabel: number,
  target: string,
  overlay: Overlay,
): Promise<number> {
  const db = ctx.app.database.db;
  const version = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('white_label_overlay')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('white_label', '=', whiteLabel)
      .where('target', '=', target)
      .executeTakeFirst();
    const next = Number(last?.v ?? 0) + 1;
    await trx
      .insertInto('white_label_overlay')
      .values({
        white_label: whiteLabel,
        target,
        version: next,
        ops: JSON.stringify(overlay.ops),
        comment: overlay.comment ?? null,
        author: ctx.user.pk,
        created_at: nowIso(),
      })
      .execute();
    return next;
  });
  invalidateWhiteLabels(ctx.app);
  return version;
}

export function notAVersion(ctx: RequestContext): HttpError {
  return new HttpError(404, 'not_found', message(ctx.app, 'errors.404'));
}
