import express, { Router } from 'express';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { readTable } from '../imports/import-routes';
import {
  assertActReader,
  assertAdministrator,
  comparison,
  exportCsv,
  exportSare,
  exportXlsx,
  exportedActs,
  importFeedback,
  parseSelection,
} from './national-platform';

/** A feedback file lists at most the acts of a period: far below this. */
const MAX_FILE = '10mb';

/**
 * The national platform (issue 11 item 8, reference file area 9.5 and 12):
 * - `GET fac/tbs/export/?project=&period=&structure=&format=csv|xlsx|sare`: the acts of a period;
 * - `POST fac/tbs/feedback/?project=&period=&structure=&fileName=`: the platform's feedback file
 *   (csv or xlsx as the body), answered `{pk}` of the stored feedback, or a French 400 listing
 *   the bad lines, nothing stored;
 * - `GET fac/tbs/comparison/?project=&period=&structure=`: counts per act type (administrators).
 * The stored feedback files and their lines are read through the generic API
 * (`fac/tbs-feedback`, `fac/tbs-feedback-line`).
 */
export function nationalPlatformRouter(): Router {
  const router = Router();
  router.get(
    '/api/v1/fac/tbs/export/',
    asyncHandler(async (req, res) => {
      assertActReader(req.ctx);
      const format = req.query.format ?? 'csv';
      if (format !== 'csv' && format !== 'xlsx' && format !== 'sare')
        throw new HttpError(400, 'validation', message(req.ctx.app, 'national_platform.bad_format'));
      const selection = await parseSelection(req.ctx, req.query);
      const acts = await exportedActs(req.ctx, selection);
      const name = `actes-${selection.period.dateStart}-${selection.period.dateEnd}`;
      res.setHeader('Cache-Control', 'no-store');
      if (format === 'sare')
        // The platform's file: Windows-1252 text, no header (docs/follow-up.md « Format sare »).
        res
          .type('text/plain; charset=windows-1252')
          .setHeader('Content-Disposition', `attachment; filename="${name}.sare"`)
          .send(exportSare(acts));
      else if (format === 'xlsx')
        res
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .setHeader('Content-Disposition', `attachment; filename="${name}.xlsx"`)
          .send(await exportXlsx(acts));
      else
        res
          .type('text/csv; charset=utf-8')
          .setHeader('Content-Disposition', `attachment; filename="${name}.csv"`)
          .send(exportCsv(acts));
    }),
  );
  router.post(
    '/api/v1/fac/tbs/feedback/',
    express.raw({ type: () => true, limit: MAX_FILE }),
    asyncHandler(async (req, res) => {
      assertActReader(req.ctx);
      const selection = await parseSelection(req.ctx, req.query, true);
      const table = await readTable(req.ctx.app, req.body);
      const fileName = typeof req.query.fileName === 'string' && req.query.fileName ? req.query.fileName : 'retour';
      res.status(201).json(await importFeedback(req.ctx, selection, fileName, table));
    }),
  );
  router.get(
    '/api/v1/fac/tbs/comparison/',
    asyncHandler(async (req, res) => {
      assertAdministrator(req.ctx);
      res.json(await comparison(req.ctx, await parseSelection(req.ctx, req.query)));
    }),
  );
  return router;
}
