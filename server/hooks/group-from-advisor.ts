import { HttpError } from '../http/http-error';
import { message } from '../context';
import type { EntityHook } from './hook-types';
import { isRecordKey } from '../db/record-key';

/** An advisor's downtime belongs to the advisor's structure, so group-scoped rights apply to it. */
export const groupFromAdvisor: EntityHook = {
  async beforeValidate({ ctx, record, db }) {
    if (!isRecordKey(record.advisor)) return;
    const advisor = await db
      .selectFrom('account_user')
      .select(['group'])
      .where('pk', '=', record.advisor)
      .executeTakeFirst();
    if (!advisor) return; // the relation check reports the missing advisor
    if (advisor.group === null) {
      const msg = message(ctx.app, 'entity.advisor-downtime.check.advisor_without_group');
      throw new HttpError(400, 'validation', message(ctx.app, 'validation.summary'), [
        { path: 'advisor', code: 'entity.advisor-downtime.check.advisor_without_group', params: {}, message: msg },
      ]);
    }
    record.group = advisor.group;
  },
};
