import type { AppContext } from '../context';
import { registerJobHandler } from '../jobs/job-handlers';
import { declareSchedule } from '../jobs/job-schedules';
import { fileSettings, fileStorage } from './index';

/**
 * Uploads never attached to a record (a form left without saving) are removed with their files
 * once FILE_PENDING_HOURS have passed, every hour. A row is deleted before its file, so a save
 * running at the same moment either attaches it first or finds it gone (« choisissez-le de
 * nouveau »), never a reference to a deleted file.
 */
export async function purgePendingUploads(app: AppContext): Promise<number> {
  const before = new Date(Date.now() - fileSettings(app).pendingHours * 3_600_000).toISOString();
  const stale = await app.database.db
    .selectFrom('file_upload')
    .select(['pk', 'file_key'])
    .where('created_at', '<', before)
    .limit(1000)
    .execute();
  let removed = 0;
  for (const row of stale) {
    const deleted = await app.database.db.deleteFrom('file_upload').where('pk', '=', row.pk).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) continue;
    await fileStorage(app).delete(row.file_key);
    removed++;
  }
  return removed;
}

registerJobHandler('files.purge-pending', async (app) => {
  await purgePendingUploads(app);
});
declareSchedule({ name: 'files.purge-pending', kind: 'files.purge-pending', everyMs: 3_600_000 });
