import { Router } from 'express';
import { asyncHandler } from '../../http/async-handler';
import {
  allRecords,
  assertStatisticsReader,
  parseSelection,
  readableGroups,
  readableProjects,
} from './statistics-query';
import { programmeStatisticsOf } from './statistics';
import { actionsWorkbook, actionsWorkbookName } from './statistics-xlsx';
import {
  buildStatisticsWorkbook,
  exportFile,
  exportState,
  ownExport,
  requestStatisticsExport,
} from './statistics-export-job';
import { actionRows } from './statistics-actions';
import { actionDoers, statusHolders } from './statistics-drilldown';
import { sendStoredFile } from '../files/send-stored-file';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An attachment header: an ASCII name for old clients, the exact (accented) one as `filename*`. */
function disposition(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Statistics of a programme (`/fac/suivi`, reference 8.12, 9.4): the selectors, the figures, the
 * workbook and the two drill-downs. Administrators read every structure, advisors their own and the laureates
 * their structure pilots in the programme (`readableGroups`).
 */
export function followUpStatisticsRouter(): Router {
  const router = Router();
  router.get(
    '/api/v1/fac/statistics/',
    asyncHandler(async (req, res) => {
      assertStatisticsReader(req.ctx);
      const db = req.ctx.app.database.db;
      const projects = await readableProjects(req.ctx);
      const groupPks = [...new Set(projects.flatMap((p) => readableGroups(req.ctx, p) ?? p.groups))];
      const groups = groupPks.length
        ? await db
            .selectFrom('account_group')
            .select(['pk', 'name'])
            .where('pk', 'in', groupPks)
            .orderBy('name')
            .execute()
        : [];
      const periods = await allRecords(req.ctx, db, 'period');
      res.json({
        projects: projects.map((p) => {
          const mine = readableGroups(req.ctx, p) ?? p.groups;
          return { pk: p.pk, name: p.name, groups: groups.filter((g) => mine.includes(g.pk)) };
        }),
        periods: periods
          .map((p) => ({ pk: p.pk, name: p.name, dateStart: p.dateStart, dateEnd: p.dateEnd }))
          .sort((a, b) => String(b.dateStart).localeCompare(String(a.dateStart))),
      });
    }),
  );
  router.get(
    '/api/v1/fac/statistics/:project/',
    asyncHandler(async (req, res) => {
      assertStatisticsReader(req.ctx);
      const sel = await parseSelection(req.ctx, req.params.project, req.query);
      res.json(await programmeStatisticsOf(req.ctx, sel));
    }),
  );
  router.get(
    '/api/v1/fac/statistics/:project/export.xlsx',
    asyncHandler(async (req, res) => {
      assertStatisticsReader(req.ctx);
      const sel = await parseSelection(req.ctx, req.params.project, req.query);
      const { file, fileName } = await buildStatisticsWorkbook(req.ctx, sel);
      res
        .status(200)
        .type(XLSX)
        .setHeader('Content-Disposition', disposition(fileName))
        .setHeader('Cache-Control', 'no-store')
        .send(file);
    }),
  );
  // « Recevoir par e-mail »: the same workbook built by a scheduled job and mailed as a secret link.
  router.post(
    '/api/v1/fac/statistics/:project/export-mail/',
    asyncHandler(async (req, res) => {
      assertStatisticsReader(req.ctx);
      const body = (req.body ?? {}) as Record<string, unknown>;
      res.status(202).json(await requestStatisticsExport(req.ctx, req.params.project, body, req.get('host')));
    }),
  );
  router.get(
    '/api/v1/fac/statistics/exports/:pk/',
    asyncHandler(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store').json(exportState(await ownExport(req.ctx, req.params.pk)));
    }),
  );
  router.get(
    '/api/v1/fac/statistics/exports/:pk/file/',
    asyncHandler(async (req, res) => {
      const ref = await exportFile(req.ctx, req.params.pk, req.query.cle);
      await sendStoredFile(req.ctx, res, ref, { purpose: 'download', accept: [XLSX], cacheControl: 'no-store' });
    }),
  );
  router.get(
    '/api/v1/fac/statistics/:project/actions.xlsx',
    asyncHandler(async (req, res) => {
      assertStatisticsReader(req.ctx);
      const sel = await parseSelection(req.ctx, req.params.project, req.query);
      const stats = await programmeStatisticsOf(req.ctx, sel);
      const file = await actionsWorkbook(stats, await actionRows(req.ctx, sel));
      res
        .status(200)
        .type(XLSX)
        .setHeader('Content-Disposition', disposition(actionsWorkbookName(stats)))
        .setHeader('Cache-Control', 'no-store')
        .send(file);
    }),
  );
  router.get(
    '/api/v1/fac/statistics/:project/status/:status/',
    asyncHandler(async (req, res) => {
      assertStatisticsReader(req.ctx);
      const sel = await parseSelection(req.ctx, req.params.project, req.query);
      res.json(await statusHolders(req.ctx, sel, req.params.status));
    }),
  );
  router.get(
    '/api/v1/fac/statistics/:project/did-action/:model/',
    asyncHandler(async (req, res) => {
      assertStatisticsReader(req.ctx);
      const sel = await parseSelection(req.ctx, req.params.project, req.query);
      res.json(await actionDoers(req.ctx, sel, req.params.model));
    }),
  );
  return router;
}
