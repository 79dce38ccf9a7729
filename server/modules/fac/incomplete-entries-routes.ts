import { Router } from 'express';
import type { AppContext } from '../../context';
import { denied, message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { visibleRows } from '../../operations/find';
import { recomputeIncompleteEntries } from '../../hooks/fac/incomplete-entries';

const BASE = '/api/v1/fac/incomplete-model';

/**
 * Beside the generic list of incomplete entries (reference 8.6): the reference's badge question
 * `GET x/` → `{hasIncompleteModels}` (the caller's visible entries), and the full recompute,
 * for administrators (the reference's « check incomplete data » command).
 */
export function incompleteEntriesRouter(_app: AppContext): Router {
  const router = Router();
  router.get(
    `${BASE}/x/`,
    asyncHandler(async (req, res) => {
      const entity = entityOf(req.ctx, 'incomplete-entry');
      assertModuleEnabled(req.ctx, entity);
      const row = await visibleRows(req.ctx, entity).select('pk').limit(1).executeTakeFirst();
      res.json({ hasIncompleteModels: row !== undefined });
    }),
  );
  router.post(
    `${BASE}/recompute/`,
    asyncHandler(async (req, res) => {
      const entity = entityOf(req.ctx, 'incomplete-entry');
      assertModuleEnabled(req.ctx, entity);
      if (!req.ctx.user.roles.includes('administrator')) throw denied(req.ctx);
      const counts = await recomputeIncompleteEntries(req.ctx);
      res.json({
        contacts: counts.contact,
        organizations: counts.organization,
        message: message(req.ctx.app, 'fac.incomplete.recomputed', {
          contacts: counts.contact,
          organizations: counts.organization,
        }),
      });
    }),
  );
  return router;
}
