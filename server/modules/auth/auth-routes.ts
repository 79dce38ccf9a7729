import { Router } from 'express';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import { message, type AppContext } from '../../context';
import { nowIso } from '../../db/column-types';
import { hashPassword, verifyPassword } from './passwords';
import { signAccessToken } from './access-token';
import { issueRefreshToken, revokeFamily, rotateRefreshToken } from './refresh-tokens';
import { loadUser } from './load-user';
import { loginThrottle } from './login-throttle';
import type { FieldError } from '../../../engine/validation/field-error';

let dummyHash: Promise<string> | undefined;

function required(app: AppContext, body: Record<string, unknown>, fields: string[]): FieldError[] {
  return fields
    .filter((f) => typeof body[f] !== 'string' || (body[f] as string).trim() === '')
    .map((f) => ({ path: f, code: 'required', params: {}, message: message(app, 'validation.required') }));
}

/** 426 tells an outdated or paused client what to do (spec 01 §8): reload, or show a message. */
function upgradeRequired(app: AppContext): HttpError | null {
  const maintenance = process.env.MAINTENANCE_MESSAGE;
  if (maintenance)
    return new HttpError(426, 'upgrade_required', maintenance, undefined, { action: `MESSAGE${maintenance}` });
  return null;
}

function clientTooOld(clientVersion: string | undefined): boolean {
  const min = process.env.MIN_CLIENT_VERSION;
  if (!min || !clientVersion) return false;
  const parse = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [a, b] = [parse(clientVersion), parse(min)];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}

export function authRouter(app: AppContext): Router {
  const router = Router();

  router.post(
    '/api/v1/auth/obtain_token/',
    ...loginThrottle(app),
    asyncHandler(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const missing = required(app, body, ['email', 'password']);
      if (missing.length) throw new ValidationError(missing, message(app, 'validation.summary'));
      const email = String(body.email).trim().toLowerCase();
      const row = await app.database.db
        .selectFrom('account_user')
        .select(['pk', 'password_hash', 'is_active'])
        .where('email', '=', email)
        .executeTakeFirst();
      // Same work whether the account exists or not: no timing hint about registered e-mails.
      dummyHash ??= hashPassword('not-a-password');
      const ok = await verifyPassword(row?.password_hash ?? (await dummyHash), String(body.password));
      if (!row || !ok || !row.is_active) {
        throw new HttpError(400, 'invalid_credentials', message(app, 'auth.invalid_credentials'), [
          { path: '', code: 'invalid_credentials', params: {}, message: message(app, 'auth.invalid_credentials') },
        ]);
      }
      const user = await loadUser(app, row.pk);
      if (!user) throw new HttpError(400, 'inactive_structure', message(app, 'auth.inactive_structure'));
      await app.database.db
        .updateTable('account_user')
        .set({ last_login: nowIso() })
        .where('pk', '=', row.pk)
        .execute();
      await app.database.db
        .insertInto('login_log')
        .values({
          user_pk: row.pk,
          white_label: req.whiteLabelMatched ? req.ctx.whiteLabel.id : null,
          ip: req.ip ?? null,
          created_at: nowIso(),
        })
        .execute();
      const refresh = await issueRefreshToken(app, row.pk);
      res.json({
        token: await signAccessToken(app, { userPk: row.pk, family: refresh.family }),
        refresh: refresh.token,
      });
    }),
  );

  router.post(
    '/api/v1/auth/refresh_token/',
    asyncHandler(async (req, res) => {
      const pause = upgradeRequired(app);
      if (pause) throw pause;
      if (clientTooOld(req.get('x-client-version')))
        throw new HttpError(426, 'upgrade_required', message(app, 'errors.new_version_hint'), undefined, {
          action: 'RELOAD',
        });
      const refresh = (req.body as Record<string, unknown> | undefined)?.refresh;
      if (typeof refresh !== 'string' || refresh === '') {
        throw new ValidationError(
          [{ path: 'refresh', code: 'required', params: {}, message: message(app, 'validation.required') }],
          message(app, 'validation.summary'),
        );
      }
      const rotated = await rotateRefreshToken(app, refresh);
      if (!rotated.ok || !(await loadUser(app, rotated.userPk)))
        throw new HttpError(401, 'invalid_refresh', message(app, 'auth.invalid_refresh'));
      res.json({
        token: await signAccessToken(app, { userPk: rotated.userPk, family: rotated.family }),
        refresh: rotated.token,
      });
    }),
  );

  router.post(
    '/api/v1/auth/logout/',
    asyncHandler(async (req, res) => {
      const family = req.authFamily;
      if (family) await revokeFamily(app, family);
      res.json({ ok: true });
    }),
  );

  router.get('/api/v1/app_infos', (_req, res) => {
    res.json({ version: app.config.version });
  });

  return router;
}
