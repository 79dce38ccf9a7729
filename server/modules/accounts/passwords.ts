import { Router, type Request } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import { nowIso } from '../../db/column-types';
import type { FieldError } from '../../../engine/validation/field-error';
import { isEmail } from '../../../engine/validation/formats';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { issueRefreshToken } from '../auth/refresh-tokens';
import { signAccessToken } from '../auth/access-token';
import { loadUser } from '../auth/load-user';
import { accountRequestThrottle } from '../auth/login-throttle';
import { later } from '../../mail/mail-queue';
import { passwordProblems } from './password-strength';
import { checkToken, pkFromUidb64, type TokenUser } from './reset-token';
import { sendPasswordMail } from './account-mails';
import { requireUser } from './profile';

function fieldError(ctx: RequestContext, path: string, code: string, params: Record<string, unknown> = {}): FieldError {
  return { path, code, params, message: message(ctx.app, code.includes('.') ? code : `validation.${code}`, params) };
}

/** newPassword1 and newPassword2: both given, equal, and acceptable for this e-mail. */
export function checkNewPassword(ctx: RequestContext, body: Record<string, unknown>, email: string | null): string {
  const errors: FieldError[] = [];
  const p1 = body.newPassword1;
  const p2 = body.newPassword2;
  if (typeof p1 !== 'string' || p1 === '') errors.push(fieldError(ctx, 'newPassword1', 'required'));
  if (typeof p2 !== 'string' || p2 === '') errors.push(fieldError(ctx, 'newPassword2', 'required'));
  if (!errors.length) {
    for (const p of passwordProblems(p1 as string, email))
      errors.push(fieldError(ctx, 'newPassword1', p.code, p.params));
    if (p1 !== p2) errors.push(fieldError(ctx, 'newPassword2', 'accounts.password.mismatch'));
  }
  if (errors.length) throw new ValidationError(errors, message(ctx.app, 'validation.summary'));
  return p1 as string;
}

function bodyOf(ctx: RequestContext, req: Request): Record<string, unknown> {
  const body = req.body as unknown;
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'errors.invalid_json'));
  return body as Record<string, unknown>;
}

async function tokenUser(app: AppContext, pk: number): Promise<(TokenUser & { is_active: number | null }) | undefined> {
  return app.database.db
    .selectFrom('account_user')
    .select(['pk', 'email', 'password_hash', 'last_login', 'is_active'])
    .where('pk', '=', pk)
    .executeTakeFirst();
}

/** The user of a valid reset link, or a 400 that says the link is not valid (whatever the reason). */
async function linkUser(ctx: RequestContext, uid: string, token: string): Promise<TokenUser> {
  const invalid = new HttpError(400, 'invalid_link', message(ctx.app, 'accounts.reset.invalid_link'));
  const pk = pkFromUidb64(uid);
  if (pk === null) throw invalid;
  const user = await tokenUser(ctx.app, pk);
  if (!user || !user.is_active || !checkToken(ctx.app, user, token)) throw invalid;
  return user;
}

async function setPassword(app: AppContext, pk: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await app.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account_user')
      .set({ password_hash: hash, updated_at: nowIso() })
      .where('pk', '=', pk)
      .execute();
    await trx
      .updateTable('auth_refresh_token')
      .set({ revoked_at: nowIso() })
      .where('user_pk', '=', pk)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

export function passwordRouter(app: AppContext): Router {
  const router = Router();

  // Always the same answer, and the work happens after it: neither the body nor the time of the
  // answer tells whether the address has an account.
  router.post(
    '/api/v1/accounts/password/reset/',
    accountRequestThrottle(app, 'password-reset'),
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const body = bodyOf(ctx, req);
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      if (!email) throw new ValidationError([fieldError(ctx, 'email', 'required')], message(app, 'validation.summary'));
      if (!isEmail(email))
        throw new ValidationError([fieldError(ctx, 'email', 'email')], message(app, 'validation.summary'));
      const requestWhiteLabel = ctx.whiteLabel.id;
      const origin = { requestHost: req.get('host') };
      later(app, async () => {
        const row = await app.database.db
          .selectFrom('account_user')
          .select(['pk'])
          .where('email', '=', email)
          .executeTakeFirst();
        // Only accounts that may sign in (active, in an active structure) receive a link.
        if (!row || !(await loadUser(app, row.pk))) return;
        await sendPasswordMail(app, { userPk: row.pk, purpose: 'reset', requestWhiteLabel, origin });
      });
      res.json({ ok: 'done' });
    }),
  );

  // Lets the screen say at once that a link is dead, before the user types two passwords.
  router.get(
    '/api/v1/accounts/password/reset/:uid/:token/',
    asyncHandler(async (req, res) => {
      const user = await linkUser(req.ctx, String(req.params.uid), String(req.params.token));
      res.json({ ok: true, email: user.email });
    }),
  );

  router.post(
    '/api/v1/accounts/password/reset/:uid/:token/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const user = await linkUser(ctx, String(req.params.uid), String(req.params.token));
      const password = checkNewPassword(ctx, bodyOf(ctx, req), user.email);
      // The new hash changes what the token signs: this link, and any older one, stop working.
      await setPassword(app, user.pk, password);
      res.json({ ok: 'done', email: user.email });
    }),
  );

  router.post(
    '/api/v1/accounts/password/change/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      const pk = requireUser(ctx);
      const body = bodyOf(ctx, req);
      const user = (await tokenUser(app, pk))!;
      const old = body.oldPassword;
      if (typeof old !== 'string' || old === '') {
        const errors = [fieldError(ctx, 'oldPassword', 'required')];
        throw new ValidationError(errors, message(app, 'validation.summary'));
      }
      const password = checkNewPassword(ctx, body, user.email);
      if (!(await verifyPassword(user.password_hash, old))) {
        throw new ValidationError(
          [fieldError(ctx, 'oldPassword', 'accounts.password.wrong_old')],
          message(app, 'validation.summary'),
        );
      }
      if (password === old)
        throw new ValidationError(
          [fieldError(ctx, 'newPassword1', 'accounts.password.same_as_old')],
          message(app, 'validation.summary'),
        );
      // Every session of the account ends (a thief's too); this one goes on with new tokens.
      await setPassword(app, pk, password);
      const refresh = await issueRefreshToken(app, pk);
      res.json({
        ok: true,
        token: await signAccessToken(app, { userPk: pk, family: refresh.family }),
        refresh: refresh.token,
      });
    }),
  );

  return router;
}
