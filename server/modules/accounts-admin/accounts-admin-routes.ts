import { Router } from 'express';
import type { AppContext } from '../../context';
import { denied } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { find } from '../../operations/find';

/**
 * Two read-only lists of spec 01 §7 (reference 2.6): administration groups (staff), and every
 * user with their structure's name (administrators). Both go through the generic find, so
 * rights and the white label's overlay apply as for any list.
 */
export function accountsAdminRouter(_app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/accounts/group-admin/',
    asyncHandler(async (req, res) => {
      if (!req.ctx.user.roles.includes('staff')) throw denied(req.ctx);
      const { records } = await find(req.ctx, 'group', { filters: { isAdmin: 'true' }, sort: 'name' });
      res.json(records);
    }),
  );
  router.get(
    '/api/v1/accounts/user-with-group/',
    asyncHandler(async (req, res) => {
      if (!req.ctx.user.roles.includes('administrator')) throw denied(req.ctx);
      const [{ records: users }, { records: groups }] = await Promise.all([
        find(req.ctx, 'user', { sort: 'lastName' }),
        find(req.ctx, 'group', { sort: 'name' }),
      ]);
      const byPk = new Map(groups.map((g) => [g.pk, g]));
      res.json(
        users.map((u) => {
          const g = typeof u.group === 'number' ? byPk.get(u.group) : undefined;
          return {
            ...u,
            fullName: [u.firstName, u.lastName].filter(Boolean).join(' '),
            group: g
              ? {
                  pk: g.pk,
                  name: g.name,
                  slug: g.slug,
                  isAdmin: g.isAdmin,
                  isActive: g.isActive,
                  ademeId: g.ademeId || null,
                }
              : null,
          };
        }),
      );
    }),
  );
  return router;
}
