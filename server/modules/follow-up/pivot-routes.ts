import { Router } from 'express';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { assertPivotReader, parsePivotQuery, pivot } from './pivot';
import { pivotWorkbook } from './pivot-xlsx';

/**
 * The follow-up pivot (reference file area 8.13, issue 11 item 5): `GET fac/pivot/` answers the
 * table as JSON, `GET fac/pivot/export.xlsx` the same table as a spreadsheet.
 */
export function pivotRouter(): Router {
  const router = Router();
  router.get(
    '/api/v1/fac/pivot/',
    asyncHandler(async (req, res) => {
      assertPivotReader(req.ctx);
      res.json(await pivot(req.ctx, parsePivotQuery(req.ctx, req.query)));
    }),
  );
  router.get(
    '/api/v1/fac/pivot/export.xlsx',
    asyncHandler(async (req, res) => {
      assertPivotReader(req.ctx);
      const p = await pivot(req.ctx, parsePivotQuery(req.ctx, req.query));
      const measure = message(req.ctx.app, `follow_up.pivot.measure.${p.measure}`);
      const span = p.from || p.to ? ` — du ${p.from ?? '…'} au ${p.to ?? '…'}` : '';
      const file = await pivotWorkbook(p, {
        title: `${measure}${span}`,
        rows: message(req.ctx.app, `follow_up.pivot.dimension.${p.rows}`),
        measure,
      });
      res
        .status(200)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .setHeader('Content-Disposition', 'attachment; filename="tableau-croise-suivi.xlsx"')
        .setHeader('Cache-Control', 'no-store')
        .send(file);
    }),
  );
  return router;
}
