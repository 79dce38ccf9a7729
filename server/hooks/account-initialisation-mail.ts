import { later } from '../mail/mail-queue';
import { sendPasswordMail } from '../modules/accounts/account-mails';
import type { EntityHook } from './hook-types';
import { isRecordKey } from '../db/record-key';

/**
 * Reference 2.7: an account created by staff receives the « choose your password » mail, unless
 * the request says `nomail`, or the account's structure is inactive.
 */
export const accountInitialisationMail: EntityHook = {
  async afterCreate({ ctx, record, input, db, requestHost }) {
    if ('nomail' in input || typeof record.pk !== 'number' || !record.email) return;
    if (isRecordKey(record.group)) {
      const group = await db
        .selectFrom('account_group')
        .select(['is_active'])
        .where('pk', '=', record.group)
        .executeTakeFirst();
      if (group && !group.is_active) return;
    }
    const userPk = record.pk;
    later(ctx.app, async () => {
      await sendPasswordMail(ctx.app, {
        userPk,
        purpose: 'initialisation',
        requestWhiteLabel: ctx.whiteLabel.id,
        origin: { requestHost },
      });
    });
  },
};
