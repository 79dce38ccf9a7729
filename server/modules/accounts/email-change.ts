import { Router } from 'express';
import type { AppContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { nowIso } from '../../db/column-types';
import { update } from '../../operations/write';
import { systemContext } from '../../seed/system-context';
import { inTransaction } from '../../db/transaction';
import { checkEmailToken, emailFromLink } from './email-change-token';
import { pkFromUidb64 } from './reset-token';

/**
 * POST /api/v1/accounts/email/confirm/ {uid, email, token}: the link mailed to a new sign-in
 * address (hooks/user-identity.ts) was followed — whoever holds it receives mail there, so the
 * address becomes the account's. The link is the credential (no session needed), valid once:
 * every failure answers the same 400. An address that another account took meanwhile is refused
 * here, told only to the one who reads that mailbox. The change is logged as the owner's.
 */
export function emailChangeRouter(app: AppContext): Router {
  const router = Router();
  router.post(
    '/api/v1/accounts/email/confirm/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const invalid = new HttpError(400, 'invalid_link', message(app, 'accounts.email.invalid_link'));
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid;
      const { uid, email, token } = body;
      if (typeof uid !== 'string' || typeof email !== 'string' || typeof token !== 'string') throw invalid;
      const pk = pkFromUidb64(uid);
      const next = emailFromLink(email);
      if (pk === null || next === null) throw invalid;
      const user = await app.database.db
        .selectFrom('account_user')
        .select(['pk', 'email', 'is_active'])
        .where('pk', '=', pk)
        .executeTakeFirst();
      if (!user?.email || !user.is_active || !checkEmailToken(app, { pk, current: user.email, next }, token))
        throw invalid;
      const taken = await app.database.db
        .selectFrom('account_user')
        .select('pk')
        .where('email', '=', next)
        .where('pk', '!=', pk)
        .executeTakeFirst();
      if (taken) throw new HttpError(400, 'email_taken', message(app, 'accounts.email.taken'));
      await inTransaction(systemContext(app), async (tctx) => {
        // Through the generic update: the address is validated again, the search column follows.
        await update(tctx, 'user', pk, { email: next });
        await tctx.app.database.db
          .insertInto('account_identity_log')
          .values({
            user_pk: pk,
            field: 'email',
            old_value: user.email,
            new_value: next,
            actor: pk,
            created_at: nowIso(),
          })
          .execute();
      });
      ctx.app.logger.info({ user: pk, field: 'email', actor: pk }, 'account identity changed');
      res.json({ ok: 'done', email: next });
    }),
  );
  return router;
}
