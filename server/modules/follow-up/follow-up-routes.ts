import { Router } from 'express';
import { asyncHandler } from '../../http/async-handler';
import { remove, update } from '../../operations/write';
import { loadRow, parsePk } from '../../operations/find-one';
import { rowToRecord } from '../../db/row-mapper';
import { RESET_FIELDS } from '../../../engine/follow-up/action-lifecycle';
import { recordOf, statusSummary } from '../../hooks/fac/follow-up-data';

/**
 * The two follow-up answers the generic CRUD does not give (reference 5, 8.10):
 * - `POST fac/action/{pk}/reset/`: the action as it was created (through the generic update:
 *   rights, attachment removed from storage, folder status recomputed), answered with its
 *   `folderStatus`;
 * - `DELETE fac/action/{pk}/`: the generic delete, answered with the folder's status afterwards.
 */
export function followUpRouter(): Router {
  const router = Router();
  router.post(
    '/api/v1/fac/action/:pk/reset/',
    asyncHandler(async (req, res) => {
      const { doneBy: _by, cost: _cost, ...input } = RESET_FIELDS;
      res.json(await update(req.ctx, 'action', req.params.pk, { ...input, tags: [] }));
    }),
  );
  router.delete(
    '/api/v1/fac/action/:pk/',
    asyncHandler(async (req, res) => {
      const pk = parsePk(req.params.pk);
      const entity = req.ctx.app.registry.entities.get('action')!;
      const row = pk === null ? undefined : await loadRow(req.ctx.app.database.db, entity, pk);
      const result = await remove(req.ctx, 'action', req.params.pk);
      // Read only once the delete (and its rights check) went through: nothing leaks on a refusal.
      const folderPk = row ? rowToRecord(entity, row).folder : undefined;
      const folder = await recordOf(req.ctx.app, req.ctx.app.database.db, 'folder', folderPk);
      res.json({
        ...result,
        folderStatus: folder ? await statusSummary(req.ctx.app, req.ctx.app.database.db, folder.status) : null,
      });
    }),
  );
  return router;
}
