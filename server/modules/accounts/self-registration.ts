import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import { create } from '../../operations/write';
import { entityOf, may } from '../../operations/entity-access';
import { systemContext } from '../../seed/system-context';
import { accountRequestThrottle } from '../auth/login-throttle';
import { CONSENT_FIELDS, latestConsent, parseConsent, recordConsent, type Consent } from './consent';
import { inTransaction } from '../../db/transaction';
import { profileOf } from './profile';

const CLIENT_FIELDS = ['email', 'civility', 'firstName', 'lastName', 'phone'] as const;

function defaultConsent(): Consent {
  return { pk: null, createdAt: null, ...Object.fromEntries(CONSENT_FIELDS.map((f) => [f, true])) } as Consent;
}

/**
 * A client account with its first consent, in one transaction; then the "choose your password"
 * mail. `actor` decides the rights: the platform itself for self-registration, the staff member
 * otherwise.
 */
export async function createClient(
  ctx: RequestContext,
  actor: RequestContext,
  body: Record<string, unknown>,
  sendMail: boolean,
  origin: { requestHost: string | undefined },
) {
  const input = (body.user ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input))
    throw new HttpError(400, 'invalid_json', message(ctx.app, 'errors.invalid_json'));
  const consent = parseConsent(ctx, body.rgpdConsent ?? {}, defaultConsent());
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : input.email;
  if (typeof email === 'string' && email) {
    const taken = await ctx.app.database.db
      .selectFrom('account_user')
      .select('pk')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken)
      throw new ValidationError(
        [
          {
            path: 'email',
            code: 'accounts.selfcreation.email_taken',
            params: {},
            message: message(ctx.app, 'accounts.selfcreation.email_taken'),
          },
        ],
        message(ctx.app, 'validation.summary'),
      );
  }
  const record = {
    ...Object.fromEntries(CLIENT_FIELDS.filter((f) => f in input).map((f) => [f, input[f]])),
    userType: 'client',
    isActive: true,
    group: null,
    whiteLabelling: ctx.whiteLabel.id,
  };
  // The user entity's accountInitialisationMail hook sends the « choose your password » mail once
  // the account and its consent are committed (never for a rolled-back registration).
  const created = await inTransaction(actor, async (tctx) => {
    const user = await create(tctx, 'user', sendMail ? record : { ...record, nomail: true }, {
      requestHost: origin.requestHost,
    });
    await recordConsent({ ...tctx, user: systemContext(ctx.app).user }, user.pk as number, consent);
    return user;
  });
  const pk = created.pk as number;
  return pk;
}

export function selfRegistrationRouter(app: AppContext): Router {
  const router = Router();

  // Public self-registration, when the white label opens it (clientselfcreationIsActive).
  router.post(
    '/api/v1/accounts/profile/create/',
    accountRequestThrottle(app, 'self-registration'),
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      if (ctx.whiteLabel.record?.clientselfcreationIsActive !== true)
        throw new HttpError(403, 'self_creation_disabled', message(app, 'accounts.selfcreation.disabled'));
      const body = (req.body ?? {}) as Record<string, unknown>;
      const pk = await createClient(ctx, systemContext(app), body, true, { requestHost: req.get('host') });
      res.status(201).json({ user: await profileOf(app, pk), rgpdConsent: await latestConsent(app.database.db, pk) });
    }),
  );

  // A signed-in staff member opens a client's account (reference: POST profile/).
  router.post(
    '/api/v1/accounts/profile/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      if (ctx.user.anonymous || !may(ctx, entityOf(ctx, 'user'), 'create', { userType: 'client', group: null }))
        throw denied(ctx);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const pk = await createClient(ctx, ctx, body, !('nomail' in body), { requestHost: req.get('host') });
      res.status(201).json({ user: await profileOf(app, pk), rgpdConsent: await latestConsent(app.database.db, pk) });
    }),
  );

  return router;
}
