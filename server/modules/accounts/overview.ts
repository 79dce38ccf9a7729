import { Router } from 'express';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { accountSettings } from './settings';
import { requireUser } from './profile';
import { redactedSmtpUrl } from '../../mail/transport';

async function usersCount(app: AppContext, group: number): Promise<number> {
  const row = await app.database.db
    .selectFrom('account_user')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('group', '=', group)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * What the profile variants add to the common profile: the structure (staff), the structures a
 * manager administers, and for administrators how the platform delivers its mail.
 */
export function overviewRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/accounts/profile/me/overview/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      requireUser(ctx);
      const db = app.database.db;
      const roles = new Set(ctx.user.roles);
      const out: Record<string, unknown> = { structure: null, childStructures: null, platform: null };
      if (ctx.user.group !== null && roles.has('staff')) {
        const g = await db
          .selectFrom('account_group')
          .select(['pk', 'name', 'full_name', 'is_admin', 'admin_group', 'is_active'])
          .where('pk', '=', ctx.user.group)
          .executeTakeFirst();
        if (g) {
          const parent = g.admin_group
            ? await db
                .selectFrom('account_group')
                .select(['pk', 'name'])
                .where('pk', '=', g.admin_group)
                .executeTakeFirst()
            : undefined;
          out.structure = {
            pk: g.pk,
            name: g.name,
            fullName: g.full_name || null,
            isAdmin: Boolean(g.is_admin),
            isActive: Boolean(g.is_active),
            adminGroup: parent ? { pk: parent.pk, name: parent.name } : null,
            usersCount: await usersCount(app, g.pk),
          };
        }
      }
      if (roles.has('manager') && ctx.user.group !== null) {
        const children = await db
          .selectFrom('account_group')
          .select(['pk', 'name', 'is_active'])
          .where('admin_group', '=', ctx.user.group)
          .orderBy('name')
          .execute();
        out.childStructures = await Promise.all(
          children.map(async (c) => ({
            pk: c.pk,
            name: c.name,
            isActive: Boolean(c.is_active),
            usersCount: await usersCount(app, c.pk),
          })),
        );
      }
      if (roles.has('administrator')) {
        const s = accountSettings(app);
        const byStatus = await db
          .selectFrom('mail_outbox')
          .select(['status', (eb) => eb.fn.countAll().as('n')])
          .groupBy('status')
          .execute();
        const n = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
        const last = await db
          .selectFrom('mail_outbox')
          .select(['created_at'])
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        const users = await db
          .selectFrom('account_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_active', '=', 1)
          .executeTakeFirst();
        const whiteLabels = await db
          .selectFrom('white_label')
          .select(['pk', 'domain', 'site_title', 'is_active'])
          .orderBy('domain')
          .execute();
        out.platform = {
          mail: {
            mode: s.smtpUrl ? 'smtp' : 'outbox',
            server: s.smtpUrl ? redactedSmtpUrl(s.smtpUrl) : null,
            from: s.mailFrom,
            sent: n('sent'),
            failed: n('failed'),
            notSent: n('outbox'),
            lastAt: last?.created_at ?? null,
          },
          rateLimits: {
            loginPerIp: s.loginPerIp,
            loginFailuresPerEmail: s.loginFailuresPerEmail,
            windowMinutes: Math.round(s.rateWindowMs / 60_000),
            sharedStore: s.redisUrl ? 'redis' : 'memory',
          },
          activeUsers: Number(users?.n ?? 0),
          whiteLabels: whiteLabels.map((w) => ({
            pk: w.pk,
            domain: w.domain,
            siteTitle: w.site_title,
            isActive: Boolean(w.is_active),
          })),
          version: app.config.version,
        };
      }
      res.json(out);
    }),
  );
  return router;
}
