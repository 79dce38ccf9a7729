import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { findOne } from '../../operations/find-one';
import { assertModuleEnabled, entityOf, mayEverDo } from '../../operations/entity-access';
import { usagesOf } from '../../operations/write';
import { defaultChoices, MERGE_FIELDS } from './merge-fields';
import { mergeRecords, parseMergeInput } from './merge-records';
import { undoMerge } from './undo-merge';
import { detectAllDuplicates } from './duplicate-detection';
import type { MergeKind } from './record-pointers';

/** A value as the merge screen shows it: an enum's label, a client account's e-mail. */
async function shown(ctx: RequestContext, kind: MergeKind, field: string, value: unknown): Promise<string> {
  if (value === null || value === undefined) return '';
  const p = entityOf(ctx, kind).schema.properties[field];
  const labels = p?.['x-enum-labels'] as Record<string, string> | undefined;
  if (labels && typeof value === 'string') return labels[value] ?? value;
  if (field === 'clientAccount') {
    const user = (await ctx.app.database.db
      .selectFrom('account_user')
      .select(['first_name', 'last_name', 'email'])
      .where('pk', '=', Number(value))
      .executeTakeFirst()) as { first_name: string; last_name: string; email: string } | undefined;
    return user ? `${[user.first_name, user.last_name].filter(Boolean).join(' ')} (${user.email})` : `n° ${value}`;
  }
  return String(value);
}

function kindOf(ctx: RequestContext, raw: unknown): MergeKind {
  if (raw !== 'contact' && raw !== 'organization')
    throw new HttpError(400, 'bad_merge', message(ctx.app, 'errors.fac_merge.kind'));
  return raw;
}

const nameOf = (kind: MergeKind, r: Record<string, unknown>) =>
  kind === 'contact'
    ? [r.firstName, r.lastName].filter(Boolean).join(' ') || String(r.email ?? '')
    : String(r.name ?? '');

/**
 * Duplicates and merges of the file area (reference §8.3, §8.4, §12; docs/file-area.md):
 * - GET  /api/v1/fac/merge/{kind}/{kept}/{merged}/ — what a merge would do: the fields to choose
 *   between with both values and the proposed side, and what would move to the kept record;
 * - POST /api/v1/fac/merge/ `{kind, kept, merged, choices}` — the merge, answers `{history}`;
 * - POST /api/v1/fac/merge-history/{pk}/undo/ — the undo of a merge;
 * - POST /api/v1/fac/duplicate/detect/ — the full detection pass over the caller's structures
 *   (every structure for administrators), answers `{changed}`.
 * Marking a group distinct is the generic PATCH of `fac/duplicate/{pk}/` (`status: distinct`).
 */
export function duplicatesRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/fac/merge/:kind/:kept/:merged/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      const kind = kindOf(req.ctx, req.params.kind);
      const kept = await findOne(req.ctx, kind, req.params.kept);
      const merged = await findOne(req.ctx, kind, req.params.merged);
      if (kept.pk === merged.pk) throw new HttpError(400, 'bad_merge', message(app, 'errors.fac_merge.same'));
      const entity = entityOf(req.ctx, kind);
      const proposed = defaultChoices(kind, kept, merged);
      const fields = [];
      for (const name of MERGE_FIELDS[kind]) {
        fields.push({
          name,
          label: entity.schema.properties[name]?.title ?? name,
          kept: await shown(req.ctx, kind, name, kept[name]),
          merged: await shown(req.ctx, kind, name, merged[name]),
          proposed: proposed[name],
        });
      }
      res.json({
        kind,
        kept: { pk: kept.pk, name: nameOf(kind, kept), owningGroup: kept.owningGroup },
        merged: { pk: merged.pk, name: nameOf(kind, merged), owningGroup: merged.owningGroup },
        fields,
        // What moves to the kept record; the duplicate group under review goes without saying.
        moves: (await usagesOf(req.ctx, req.ctx.app.database.db, entity, Number(merged.pk))).filter(
          (m) => !/doublons$/.test(m),
        ),
      });
    }),
  );
  router.post(
    '/api/v1/fac/merge/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      // The rights first (may this caller ever merge contacts or organisations?), then the input,
      // then each record's own rights in mergeRecords.
      const kinds: MergeKind[] = ['contact', 'organization'];
      if (!kinds.some((kind) => mayEverDo(req.ctx, entityOf(req.ctx, kind), 'change'))) throw denied(req.ctx);
      const input = parseMergeInput(req.ctx, req.body);
      res.status(201).json(await mergeRecords(req.ctx, input));
    }),
  );
  router.post(
    '/api/v1/fac/merge-history/:pk/undo/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      res.json(await undoMerge(req.ctx, req.params.pk));
    }),
  );
  router.post(
    '/api/v1/fac/duplicate/detect/',
    asyncHandler(async (req, res) => {
      const entity = entityOf(req.ctx, 'duplicate-group');
      assertModuleEnabled(req.ctx, entity);
      const user = req.ctx.user;
      if (user.anonymous || !mayEverDo(req.ctx, entity, 'change')) throw denied(req.ctx);
      const admin = user.roles.includes('administrator');
      if (!admin && !user.scopeGroups.length) throw denied(req.ctx);
      const changed = await detectAllDuplicates(app.database.db, admin ? undefined : user.scopeGroups);
      res.json({ changed });
    }),
  );
  return router;
}
