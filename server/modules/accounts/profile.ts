import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, message, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import { update } from '../../operations/write';
import { entityOf, may, ruleData } from '../../operations/entity-access';
import { findOne } from '../../operations/find-one';
import { lockedFieldErrors } from '../../operations/locked-fields';
import { effectiveEntity } from '../../access/effective-entity';
import { readOnlyFields } from '../../../engine/validation/validate-record';
import { systemContext } from '../../seed/system-context';
import { parsePk } from '../../operations/find-one';
import { latestConsent, mayRecordConsent, mayViewConsent, parseConsent, recordConsent } from './consent';
import { inTransaction } from '../../db/transaction';

/** The signed-in user as the shell and the profile screens show it: names, type, structure, picture. */
export async function profileOf(app: AppContext, pk: number) {
  const db = app.database.db;
  const u = await db
    .selectFrom('account_user')
    .select([
      'pk',
      'email',
      'civility',
      'first_name',
      'last_name',
      'user_type',
      'title',
      'phone',
      'color',
      'group',
      'profile_pic',
      'is_active',
      'allowed_to_see_bap_menu',
      'date_joined',
      'last_login',
    ])
    .where('pk', '=', pk)
    .executeTakeFirst();
  if (!u) return null;
  const group =
    u.group === null
      ? null
      : await db
          .selectFrom('account_group')
          .select(['pk', 'name', 'ademe_id', 'is_admin'])
          .where('pk', '=', u.group)
          .executeTakeFirst();
  const fullName = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return {
    pk: u.pk,
    email: u.email,
    civility: u.civility ?? '',
    firstName: u.first_name ?? '',
    lastName: u.last_name ?? '',
    fullName,
    userType: u.user_type,
    title: u.title ?? '',
    phone: u.phone ?? '',
    color: u.color ?? '#888',
    profilePic: u.profile_pic || null,
    isActive: Boolean(u.is_active),
    allowedToSeeBapMenu: Boolean(u.allowed_to_see_bap_menu),
    dateJoined: u.date_joined,
    lastLogin: u.last_login,
    group: group
      ? { pk: group.pk, name: group.name, ademeId: group.ademe_id || null, isAdmin: Boolean(group.is_admin) }
      : null,
  };
}

export function requireUser(ctx: RequestContext): number {
  if (ctx.user.anonymous || ctx.user.pk === null) throw denied(ctx);
  return ctx.user.pk;
}

/** The stored user as rules see it (`record` of the user entity's rights). */
export async function userRecord(ctx: RequestContext, pk: number): Promise<Record<string, unknown> | null> {
  const u = await ctx.app.database.db
    .selectFrom('account_user')
    .select(['pk', 'email', 'user_type', 'group', 'is_active'])
    .where('pk', '=', pk)
    .executeTakeFirst();
  return u ? { pk: u.pk, email: u.email, userType: u.user_type, group: u.group, isActive: Boolean(u.is_active) } : null;
}

/** Loads a user the caller may change (404 when absent, 401/403 when not allowed). */
export async function changeableUser(
  ctx: RequestContext,
  rawPk: unknown,
): Promise<Record<string, unknown> & { pk: number }> {
  requireUser(ctx);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  const record = await userRecord(ctx, pk);
  if (!record) throw notFound(ctx);
  if (!may(ctx, entityOf(ctx, 'user'), 'change', record)) throw denied(ctx);
  return record as Record<string, unknown> & { pk: number };
}

async function profileAnswer(ctx: RequestContext, pk: number) {
  return {
    user: await profileOf(ctx.app, pk),
    rgpdConsent: mayViewConsent(ctx, pk) ? await latestConsent(ctx.app.database.db, pk) : null,
    domainName: ctx.whiteLabel.domain,
  };
}

/** What the profile screen edits; the user form's other fields go through the same declaration. */
export const PROFILE_FIELDS = ['civility', 'firstName', 'lastName', 'title', 'phone', 'color'] as const;

function comparable(field: string, v: unknown): unknown {
  if (field === 'group' && v && typeof v === 'object') return (v as { pk?: unknown }).pk ?? null;
  return v ?? null;
}

/**
 * The user part of a profile PATCH. Which fields this caller may change is the user entity's
 * own declaration (its readOnlyIf rules, as for PATCH accounts/user/); the structure is never
 * changed here. A locked field sent with another value is refused, and nothing is written.
 */
async function profilePatch(
  ctx: RequestContext,
  input: unknown,
  stored: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (input === undefined) return {};
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationError(
      [{ path: 'user', code: 'object', params: {}, message: message(ctx.app, 'validation.object') }],
      message(ctx.app, 'validation.summary'),
    );
  }
  const body = input as Record<string, unknown>;
  const effective = await effectiveEntity(ctx.app, 'user', ctx.whiteLabel);
  const locked = readOnlyFields(effective, stored, {
    user: ctx.user,
    whiteLabel: ruleData(ctx).whiteLabel,
    previous: stored,
  });
  locked.add('group');
  const errors = lockedFieldErrors(ctx, effective, locked, body, stored, {
    messageKey: 'accounts.profile.not_editable_here',
    comparable,
  });
  if (errors.length) throw new ValidationError(errors, message(ctx.app, 'validation.summary'));
  const writable = Object.keys(effective.schema.properties).filter((f) => !locked.has(f));
  return Object.fromEntries(writable.filter((f) => f in body).map((f) => [f, body[f]]));
}

export function profileRouter(app: AppContext): Router {
  const router = Router();

  router.get(
    '/api/v1/accounts/profile/',
    asyncHandler(async (req, res) => {
      res.json(await profileAnswer(req.ctx, requireUser(req.ctx)));
    }),
  );

  router.get(
    '/api/v1/accounts/profile/:pk/',
    asyncHandler(async (req, res, next) => {
      if (!/^\d+$/.test(req.params.pk as string)) return next();
      const target = await changeableUser(req.ctx, req.params.pk);
      if (!target.isActive) throw notFound(req.ctx);
      res.json(await profileAnswer(req.ctx, target.pk));
    }),
  );

  router.patch(
    '/api/v1/accounts/profile/:pk/',
    asyncHandler(async (req, res, next) => {
      if (!/^\d+$/.test(req.params.pk as string)) return next();
      const ctx = req.ctx;
      const target = await changeableUser(ctx, req.params.pk);
      const body = req.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new HttpError(400, 'invalid_json', message(app, 'errors.invalid_json'));
      const stored = await findOne(systemContext(app), 'user', target.pk);
      const patch = await profilePatch(ctx, body.user, stored);
      let consent: Record<string, boolean> | null = null;
      if (body.rgpdConsent !== undefined && body.rgpdConsent !== null) {
        if (!mayRecordConsent(ctx, target.pk)) throw denied(ctx);
        consent = parseConsent(ctx, body.rgpdConsent, await latestConsent(app.database.db, target.pk));
      }
      await inTransaction(ctx, async (tctx) => {
        if (Object.keys(patch).length) await update(tctx, 'user', target.pk, patch);
        if (consent) await recordConsent(tctx, target.pk, consent);
      });
      const answer = await profileAnswer(ctx, target.pk);
      // The owner's new sign-in e-mail waits for its link (hooks/user-identity.ts): the screen says where it went.
      const asked = typeof patch.email === 'string' ? patch.email.trim().toLowerCase() : '';
      const pending = asked && ctx.user.pk === target.pk && asked !== answer.user?.email;
      res.json(pending ? { ...answer, emailChange: { pending: asked } } : answer);
    }),
  );

  return router;
}
