import { Router, type Request } from 'express';
import type { AppContext } from '../../context';
import { message, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { findOne } from '../../operations/find-one';
import { assertMay, entityOf } from '../../operations/entity-access';
import { checkOverlay, isKnownTarget, notAVersion, overlayVersions, saveOverlay, scopedBaseOps } from './overlay-store';
import { sanitizeWhiteLabelHtml } from '../../security/sanitize-html';
import { whiteLabelAdminRouter } from './white-label-admin-routes';

/** The white label, checked: it exists and the caller may change it (administrators). */
async function editable(req: Request): Promise<number> {
  const wl = await findOne(req.ctx, 'white-label', req.params.pk);
  assertMay(req.ctx, entityOf(req.ctx, 'white-label'), 'change', wl);
  const target = String(req.params.target ?? '');
  if (req.params.target !== undefined && !isKnownTarget(req.ctx.app, target)) throw notFound(req.ctx);
  return wl.pk as number;
}

export function whiteLabelRouter(app: AppContext): Router {
  const router = Router();

  // The white label of the asking domain (Host, or ?domain=), 404 when that domain has none.
  router.get(
    '/api/v1/white_labelling/current/',
    asyncHandler(async (req, res) => {
      if (!req.whiteLabelMatched || !req.ctx.whiteLabel.record) {
        throw new HttpError(404, 'no_white_label', message(app, 'errors.no_white_label'));
      }
      res.json(sanitizeWhiteLabelHtml(req.ctx.whiteLabel.record));
    }),
  );

  router.get(
    '/api/v1/white_labelling/:pk/overlays/',
    asyncHandler(async (req, res) => {
      const wl = await editable(req);
      const rows = await app.database.db
        .selectFrom('white_label_overlay')
        .select(['target', (eb) => eb.fn.max('version').as('version')])
        .where('white_label', '=', wl)
        .groupBy('target')
        .orderBy('target')
        .execute();
      res.json(rows.map((r) => ({ target: r.target, version: Number(r.version) })));
    }),
  );

  router.get(
    '/api/v1/white_labelling/:pk/overlays/:target',
    asyncHandler(async (req, res) => {
      const wl = await editable(req);
      const versions = await overlayVersions(app, wl, String(req.params.target));
      res.json({
        target: req.params.target,
        version: versions[0]?.version ?? 0,
        ops: versions[0]?.ops ?? [],
        comment: versions[0]?.comment ?? null,
        versions: versions.map(({ ops: _ops, ...v }) => v),
      });
    }),
  );

  router.get(
    '/api/v1/white_labelling/:pk/overlays/:target/versions/:version',
    asyncHandler(async (req, res) => {
      const wl = await editable(req);
      const found = (await overlayVersions(app, wl, String(req.params.target))).find(
        (v) => v.version === Number(req.params.version),
      );
      if (!found) throw notAVersion(req.ctx);
      res.json(found);
    }),
  );

  router.put(
    '/api/v1/white_labelling/:pk/overlays/:target',
    asyncHandler(async (req, res) => {
      const wl = await editable(req);
      const target = String(req.params.target);
      const overlay = checkOverlay(req.ctx, target, req.body, await scopedBaseOps(app, wl, target));
      res.json({ target, version: await saveOverlay(req.ctx, wl, target, overlay) });
    }),
  );

  // Undo = a new version with the operations of an older one (history is never rewritten).
  router.post(
    '/api/v1/white_labelling/:pk/overlays/:target/revert/:version',
    asyncHandler(async (req, res) => {
      const wl = await editable(req);
      const target = String(req.params.target);
      const found = (await overlayVersions(app, wl, target)).find((v) => v.version === Number(req.params.version));
      if (!found) throw notAVersion(req.ctx);
      const overlay = checkOverlay(
        req.ctx,
        target,
        { ops: found.ops, comment: `Retour à la version ${found.version}` },
        await scopedBaseOps(app, wl, target),
      );
      res.json({ target, version: await saveOverlay(req.ctx, wl, target, overlay) });
    }),
  );

  // Export, import and the menu entries for the editor.
  router.use(whiteLabelAdminRouter(app));
  return router;
}
