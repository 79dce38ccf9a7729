import type { Kysely } from 'kysely';
import type { EntityHook } from '../hook-types';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { message } from '../../context';
import { isRecordKey } from '../../db/record-key';
import { linkedRecord } from '../fac/linked-records';
import { interestMail } from '../../modules/bap/bap-mails';
import { recordsOf, setFields } from '../../modules/bap/bap-records';

/** The project's interest count and first interest date, kept on it for its list and the statistics. */
async function countInterests(app: AppContext, db: Kysely<AppDatabase>, project: number, leaving?: number) {
  const all = (await recordsOf(app, db, 'bap-interest', { property: 'project', values: [project] })).filter(
    (i) => i.pk !== leaving,
  );
  const first = all.map((i) => String(i.createdAt)).sort()[0] ?? null;
  await setFields(app, db, 'bap-project', project, { interestCount: all.length, firstInterestAt: first });
}

/**
 * A professional's interest: only in a published project (the relation check already refuses a
 * project the professional may not read, i.e. one that does not reach them), once per project;
 * the project's advisor is told after the commit.
 */
export const bapInterest: EntityHook = {
  async beforeValidate({ ctx, record, previous, db }) {
    if (previous) {
      record.project = previous.project;
      record.professional = previous.professional;
      record.group = previous.group ?? null;
      return;
    }
    // The project's structure: its advisors read the interest and share the household's contact.
    record.group = (await linkedRecord(ctx.app, db, 'bap-project', record.project))?.group ?? null;
    // « Je suis intéressé » sends the project only: the professional's own sheet is meant (runs
    // before the owner hook, which reads it; the relation filter still refuses anyone else's).
    if (!isRecordKey(record.professional) && isRecordKey(ctx.user.pk) && ctx.user.roles.includes('professional')) {
      const own = await recordsOf(ctx.app, db, 'listepro-professional', { property: 'user', values: [ctx.user.pk] });
      const first = own.map((s) => s.pk as number).sort((a, b) => a - b)[0];
      if (first !== undefined) record.professional = first;
    }
  },
  async validate({ ctx, record, previous, db }) {
    if (previous) return [];
    const project = await linkedRecord(ctx.app, db, 'bap-project', record.project);
    if (!project) return [];
    if (project.state !== 'published')
      return [{ path: 'project', code: 'not_open', params: {}, message: message(ctx.app, 'bap.error.not_open') }];
    const same = await recordsOf(ctx.app, db, 'bap-interest', { property: 'project', values: [project.pk] });
    if (same.some((i) => i.owner === record.owner))
      return [
        {
          path: 'project',
          code: 'already_interested',
          params: {},
          message: message(ctx.app, 'bap.error.already_interested'),
        },
      ];
    return [];
  },
  async afterSave({ ctx, record, db, created }) {
    if (!created || !isRecordKey(record.project)) return;
    await countInterests(ctx.app, db, record.project);
    const project = await linkedRecord(ctx.app, db, 'bap-project', record.project);
    const sheet = await linkedRecord(ctx.app, db, 'listepro-professional', record.professional);
    if (project) await interestMail(ctx, project, String(sheet?.name ?? 'Un professionnel'));
  },
  async beforeDelete({ ctx, record, db }) {
    if (isRecordKey(record.project)) await countInterests(ctx.app, db, record.project, record.pk as number);
  },
};
