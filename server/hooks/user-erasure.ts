import { HttpError } from '../http/http-error';
import { message } from '../context';
import { afterCommit } from '../db/transaction';
import { eraseUserFiles, eraseUserRecords, isLastAdministrator } from '../modules/accounts/erase-user';
import type { EntityHook } from './hook-types';

/**
 * Deleting a user, by whichever endpoint, erases what belongs only to them (consents, mails,
 * sessions, own records, picture) and never removes the last active administrator.
 */
export const userErasure: EntityHook = {
  async beforeDelete({ ctx, record, db }) {
    const pk = record.pk as number;
    if (await isLastAdministrator(db, pk))
      throw new HttpError(409, 'last_administrator', message(ctx.app, 'accounts.delete.last_administrator'));
    await eraseUserRecords(ctx.app, db, pk);
    await afterCommit(ctx, (app) => eraseUserFiles(app, pk));
  },
};
