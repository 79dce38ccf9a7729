import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import { enqueueJob } from '../../jobs/enqueue-job';
import { detectDuplicates } from '../../modules/fac-duplicates/duplicate-detection';
import { DUPLICATE_DETECTION_JOB } from '../../modules/fac-duplicates/duplicate-detection-job';
import { OWNING_GROUP } from './linked-records';

/**
 * After each save of a contact or an organisation, its duplicates in its structure join (or start)
 * a duplicate group (reference §8.3; docs/file-area.md). Runs after the commit: a failure is
 * logged and the daily pass catches up. In a bulk write (an import) the structure gets one pass
 * instead, queued a minute later (one job per structure and minute, whatever the number of lines).
 */
/**
 * Per application (its database), the dedupe keys of the bulk passes this process added, with their
 * time: forgotten once it is past.
 */
const queuedByApp = new WeakMap<object, Map<string, number>>();

export const duplicateDetection: EntityHook = {
  async afterWrite({ ctx, entity, record, db }) {
    if (entity.name !== 'contact' && entity.name !== 'organization') return;
    // A deletion passes only the pk; a record of a pending import waits for the import.
    const group = record[OWNING_GROUP];
    if (!isRecordKey(record.pk) || !isRecordKey(group) || record.fileimport) return;
    if (ctx.bulk) {
      const minute = new Date(Math.ceil((Date.now() + 1) / 60_000) * 60_000);
      const dedupeKey = `${DUPLICATE_DETECTION_JOB}:${group}:${minute.toISOString()}`;
      // Already added by this process (the insert would do nothing): one statement per structure
      // and minute instead of one per imported line.
      let queued = queuedByApp.get(ctx.app);
      if (!queued) queuedByApp.set(ctx.app, (queued = new Map()));
      if (queued.has(dedupeKey)) return;
      await enqueueJob(db, { kind: DUPLICATE_DETECTION_JOB, runAt: minute, payload: { groups: [group] }, dedupeKey });
      for (const [key, at] of queued) if (at < Date.now()) queued.delete(key);
      queued.set(dedupeKey, minute.getTime());
      return;
    }
    await detectDuplicates(db, entity.name, group, record.pk);
  },
};
