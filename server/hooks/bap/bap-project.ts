import type { EntityHook } from '../hook-types';
import { message } from '../../context';
import { isRecordKey } from '../../db/record-key';
import { communeByCode } from '../../modules/territories';
import { linkedRecord } from '../fac/linked-records';
import { refreshMatches } from '../../modules/bap/bap-matching';
import { closedMail, newProjectMail } from '../../modules/bap/bap-mails';
import { recordsOf, setFields } from '../../modules/bap/bap-records';

/**
 * A project of the exchange: its advisor (the author, kept) and structure, its commune's name and department
 * and its mission (from the sub-mission) filled by the server; the professionals it reaches
 * computed again whenever a published project changes, and told by mail after the commit.
 */
export const bapProject: EntityHook = {
  async beforeValidate({ ctx, record, previous, db }) {
    record.advisor = previous ? (previous.advisor ?? null) : isRecordKey(ctx.user.pk) ? ctx.user.pk : null;
    // The project belongs to a structure (issue 25), its author's unless named (the create rule
    // refuses another's to an advisor; an administrator, who has none, names it): its advisors
    // manage it, its household's contact and its interests. It never moves.
    record.group = previous ? (previous.group ?? null) : (record.group ?? ctx.user.group ?? null);
    const commune = typeof record.commune === 'string' ? communeByCode(record.commune) : null;
    record.communeName = commune?.name ?? '';
    record.department = commune?.departement ?? '';
    const sub = await linkedRecord(ctx.app, db, 'listepro-sub-mission', record.subMission);
    if (sub) record.mission = sub.mission ?? null;
  },
  async validate({ ctx, record, db }) {
    const errors = [];
    if (typeof record.commune === 'string' && /^[0-9][0-9AB][0-9]{3}$/.test(record.commune) && !record.communeName)
      errors.push({
        path: 'commune',
        code: 'unknown_commune',
        params: { code: record.commune },
        message: message(ctx.app, 'validation.unknown_commune', { code: record.commune }),
      });
    if (isRecordKey(record.activity) && isRecordKey(record.subMission)) {
      const links = await recordsOf(ctx.app, db, 'listepro-link', {
        property: 'subMission',
        values: [record.subMission],
      });
      if (!links.some((l) => l.activity === record.activity))
        errors.push({
          path: 'subMission',
          code: 'not_in_tree',
          params: {},
          message: message(ctx.app, 'bap.error.not_in_tree'),
        });
    }
    return errors;
  },
  async afterSave({ ctx, record, db, created }) {
    if (created || record.state !== 'published') return;
    const added = await refreshMatches(ctx.app, db, record);
    await newProjectMail(ctx, record, added);
  },
  async afterTransition({ ctx, record, db }) {
    const pk = record.pk as number;
    const now = new Date().toISOString();
    if (record.state === 'published') {
      if (!record.publishedAt) await setFields(ctx.app, db, 'bap-project', pk, { publishedAt: now });
      const added = await refreshMatches(ctx.app, db, record);
      await newProjectMail(ctx, record, added);
    } else if (record.state === 'closed') {
      await setFields(ctx.app, db, 'bap-project', pk, { closedAt: now });
      const interests = await recordsOf(ctx.app, db, 'bap-interest', { property: 'project', values: [pk] });
      const owners = [...new Set(interests.map((i) => i.owner).filter(isRecordKey))];
      await closedMail(ctx, record, owners);
    }
  },
};
