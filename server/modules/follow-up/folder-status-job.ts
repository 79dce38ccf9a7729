import type { AppContext } from '../../context';
import { registerJobHandler } from '../../jobs/job-handlers';
import { declareSchedule } from '../../jobs/job-schedules';
import { storeFolderStatus } from '../../hooks/fac/follow-up-data';
import { addDays, parisDate } from '../../../engine/time/paris-time';

export const FOLDER_STATUS_CALENDAR_JOB = 'fac.folder-status-calendar';

/** How far back a day's run looks: a month of missed runs (server stopped) still catches up. */
const CATCH_UP_DAYS = 31;

/**
 * The stored folder status follows the calendar (reference 8.9, issue 28 row 16): a folder counts only
 * the acts done on or before today, so an act dated ahead moves it on that day. Once a day, every folder
 * with a done act dated in the last month or later is recomputed (those dated ahead too, so a status
 * stored before this rule existed is put right); a status already right is not written again.
 * Answers how many folders were looked at.
 */
export async function refreshFolderStatuses(app: AppContext, now = new Date()): Promise<number> {
  const today = parisDate(now);
  const rows = await app.database.db
    .selectFrom('fac_action')
    .select('folder')
    .distinct()
    .where('done', '=', 1)
    .where('date', '>=', addDays(today, -CATCH_UP_DAYS))
    .orderBy('folder')
    .execute();
  for (const { folder } of rows)
    await app.database.db.transaction().execute((trx) => storeFolderStatus(app, trx, folder, undefined, today));
  return rows.length;
}

registerJobHandler(FOLDER_STATUS_CALENDAR_JOB, async (app) => {
  await refreshFolderStatuses(app);
});

// One job a day, its period starting at 00:00 UTC, that is after midnight in Paris all year round.
declareSchedule({ name: FOLDER_STATUS_CALENDAR_JOB, kind: FOLDER_STATUS_CALENDAR_JOB, everyMs: 86_400_000 });
