import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { loadRow, parsePk } from '../../operations/find-one';
import { entityOf } from '../../operations/entity-access';
import { mayView } from '../../operations/related-rule';
import { rowToRecord } from '../../db/row-mapper';
import { latestConsent, parseConsent, recordConsent, CONSENT_FIELDS } from '../accounts/consent';

async function consentHistory(app: AppContext, userPk: number) {
  const rows = await app.database.db
    .selectFrom('account_rgpd_consent')
    .selectAll()
    .where('user', '=', userPk)
    .orderBy('created_at', 'desc')
    .orderBy('pk', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => {
    const row = r as Record<string, unknown>;
    return {
      pk: row.pk,
      createdAt: row.created_at,
      ...Object.fromEntries(
        CONSENT_FIELDS.map((f) => [f, Boolean(row[f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)])]),
      ),
    };
  });
}

/**
 * Whose consent the caller may see on these screens: their own; staff also see the consent of a
 * client their structure works with — the clients the user entity's view rule lets them read
 * (an appointment or a file-area contact of the structure, an account it opened), since advisors
 * follow clients' files and must know how they may contact them (spec 01 §2: /rgpd/:pk for staff).
 * A non-numeric pk is -1, hence not found (spec).
 */
async function target(ctx: RequestContext, raw: unknown, staffView: boolean) {
  const pk = parsePk(raw) ?? -1;
  const user = await ctx.app.database.db
    .selectFrom('account_user')
    .select(['pk', 'first_name', 'last_name', 'email', 'user_type'])
    .where('pk', '=', pk)
    .executeTakeFirst();
  if (!user) throw notFound(ctx);
  const own = user.pk === ctx.user.pk;
  if (own || ctx.user.roles.includes('administrator')) return { user, own };
  if (!staffView || !ctx.user.roles.includes('staff') || user.user_type !== 'client') throw denied(ctx);
  const entity = entityOf(ctx, 'user');
  const row = await loadRow(ctx.app.database.db, entity, user.pk);
  if (!row || !(await mayView(ctx, entity, rowToRecord(entity, row)))) throw denied(ctx);
  return { user, own };
}

export function rgpdRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/rgpd/:pk/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      const { user, own } = await target(req.ctx, req.params.pk, true);
      res.json({
        user: {
          pk: user.pk,
          fullName: [user.first_name, user.last_name].filter(Boolean).join(' '),
          email: user.email,
          userType: user.user_type,
        },
        own,
        consent: await latestConsent(app.database.db, user.pk),
        history: await consentHistory(app, user.pk),
      });
    }),
  );
  // Only the person concerned (or an administrator) changes their choices; every change is a new record.
  router.post(
    '/api/v1/rgpd/:pk/',
    asyncHandler(async (req, res) => {
      if (req.ctx.user.anonymous) throw denied(req.ctx);
      const { user } = await target(req.ctx, req.params.pk, false);
      const current = await latestConsent(app.database.db, user.pk);
      const choices = parseConsent(req.ctx, req.body, current);
      await recordConsent(req.ctx, user.pk, choices);
      res.json({ consent: await latestConsent(app.database.db, user.pk) });
    }),
  );
  return router;
}
