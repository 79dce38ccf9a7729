import { Router } from 'express';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { assertBookingEnabled, assertOneOfRoles } from './access';
import { appointmentStatistics, parseStatisticsQuery } from './statistics';
import { statisticsWorkbook } from './statistics-xlsx';
import { duplicateSlotToDates, slotAppointmentCount } from './slot-duplication';
import { testSmtpAccount } from './smtp-account-test';

/** Roles that read the statistics (advisor includes superadvisors and Liste Pro administrators). */
const STATISTICS_ROLES = ['administrator', 'advisor'];

/**
 * The booking back office beyond the generic lists and forms: statistics and their spreadsheet,
 * duplicating a slot onto other dates, whether a slot has appointments, and the SMTP account test.
 */
export function bookingAdminRouter(_app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/dialogwatt/statistics/',
    asyncHandler(async (req, res) => {
      assertBookingEnabled(req.ctx);
      assertOneOfRoles(req.ctx, STATISTICS_ROLES);
      res.json(await appointmentStatistics(req.ctx, parseStatisticsQuery(req.ctx, req.query)));
    }),
  );
  router.get(
    '/api/v1/dialogwatt/statistics/export.xlsx',
    asyncHandler(async (req, res) => {
      assertBookingEnabled(req.ctx);
      assertOneOfRoles(req.ctx, STATISTICS_ROLES);
      const stats = await appointmentStatistics(req.ctx, parseStatisticsQuery(req.ctx, req.query));
      const group =
        stats.group === null
          ? null
          : await req.ctx.app.database.db
              .selectFrom('account_group')
              .select('name')
              .where('pk', '=', stats.group)
              .executeTakeFirst();
      const file = await statisticsWorkbook(stats, group?.name ?? null);
      res
        .status(200)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .setHeader('Content-Disposition', `attachment; filename="statistiques-rdv-${stats.from}-${stats.to}.xlsx"`)
        .setHeader('Cache-Control', 'no-store')
        .send(file);
    }),
  );
  router.post(
    '/api/v1/dialogwatt/slot-duplicate-to-dates/',
    asyncHandler(async (req, res) => {
      assertBookingEnabled(req.ctx);
      assertOneOfRoles(req.ctx, ['staff']);
      res.status(201).json({ created: await duplicateSlotToDates(req.ctx, req.body) });
    }),
  );
  router.get(
    '/api/v1/dialogwatt/slot-has-appointments/:pk/',
    asyncHandler(async (req, res) => {
      assertBookingEnabled(req.ctx);
      assertOneOfRoles(req.ctx, ['staff']);
      const count = await slotAppointmentCount(req.ctx, req.params.pk);
      res.json({ status: count > 0, count });
    }),
  );
  router.post(
    '/api/v1/dialogwatt/smtp-account-test/',
    asyncHandler(async (req, res) => {
      assertBookingEnabled(req.ctx);
      res.json(await testSmtpAccount(req.ctx));
    }),
  );
  return router;
}
