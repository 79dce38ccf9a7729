import type { EntityHook } from './hook-types';
import { afterCommit } from '../db/transaction';
import { isRecordKey } from '../db/record-key';
import { later } from '../mail/mail-queue';
import { sendEmailChangedNotice, sendEmailChangeMails } from '../modules/accounts/email-change-mails';
import type { RequestContext } from '../context';

/** What makes an account someone: who signs in, whether they may, as what, in which structure. */
export const IDENTITY_FIELDS = ['email', 'isActive', 'userType', 'group'] as const;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A person made the request (the platform's own work, pk 0, neither asks for links nor is logged). */
const actorOf = (ctx: RequestContext): number | null => (isRecordKey(ctx.user.pk) ? ctx.user.pk : null);

/**
 * Identity attributes of an account (docs/security.md, « Account identity »):
 * - a new sign-in e-mail asked by the account's owner does not take effect: the address stays,
 *   a link goes to the new one and the current one is told (sendEmailChangeMails); following the
 *   link changes it (accounts/email-change.ts). The entity's `readOnlyIf` lets only the owner and
 *   administrators send one; an administrator's change of another's e-mail takes effect, and the
 *   former address is told;
 * - every change of the e-mail, the active flag, the type or the structure made by a person is
 *   written to `account_identity_log` in the same transaction.
 * The new address is held back in `validate`, once it passed the schema's checks and uniqueness
 * (this hook comes last in the entity's list), so a malformed address is refused as usual.
 */
export const userIdentity: EntityHook = {
  async validate({ ctx, record, previous }) {
    const actor = actorOf(ctx);
    if (!previous || actor === null || actor !== previous.pk) return [];
    const next = typeof record.email === 'string' ? record.email : '';
    const current = typeof previous.email === 'string' ? previous.email : '';
    if (next === '' || next === current) return [];
    record.email = current;
    const change = { pk: actor, current, next };
    const requestWhiteLabel = ctx.whiteLabel.id;
    const requestHost = ctx.requestHost;
    await afterCommit(ctx, (app) => {
      later(app, () => sendEmailChangeMails(app, { change, requestWhiteLabel, origin: { requestHost } }));
    });
    return [];
  },

  async afterSave({ ctx, record, previous, db }) {
    const actor = actorOf(ctx);
    if (!previous || actor === null || typeof record.pk !== 'number') return;
    const now = new Date().toISOString();
    for (const field of IDENTITY_FIELDS) {
      const before = text(previous[field]);
      const after = text(record[field]);
      if (before === after) continue;
      await db
        .insertInto('account_identity_log')
        .values({ user_pk: record.pk, field, old_value: before, new_value: after, actor, created_at: now })
        .execute();
      ctx.app.logger.info({ user: record.pk, field, actor }, 'account identity changed');
    }
    const former = text(previous.email);
    const next = text(record.email);
    if (former && next && former !== next) {
      const pk = record.pk;
      const requestWhiteLabel = ctx.whiteLabel.id;
      await afterCommit(ctx, (app) => {
        later(app, () => sendEmailChangedNotice(app, { pk, former, next, requestWhiteLabel }));
      });
    }
  },
};
