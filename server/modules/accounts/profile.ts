import { Router } from 'express';
import type { AppContext } from '../../context';
import { denied } from '../../context';
import { asyncHandler } from '../../http/async-handler';

/** The signed-in user as the shell shows it: names, type, structure, picture. */
export async function profileOf(app: AppContext, pk: number) {
  const db = app.database.db;
  const u = await db.selectFrom('account_user')
    .select(['pk', 'email', 'civility', 'first_name', 'last_name', 'user_type', 'title', 'phone', 'color', 'group', 'profile_pic', 'is_active', 'allowed_to_see_bap_menu'])
    .where('pk', '=', pk).executeTakeFirst();
  if (!u) return null;
  const group = u.group === null ? null : await db.selectFrom('account_group').select(['pk', 'name', 'ademe_id', 'is_admin']).where('pk', '=', u.group).executeTakeFirst();
  const fullName = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return {
    pk: u.pk,
    email: u.email,
    civility: u.civility,
    firstName: u.first_name,
    lastName: u.last_name,
    fullName,
    userType: u.user_type,
    title: u.title,
    phone: u.phone,
    color: u.color,
    profilePic: u.profile_pic,
    isActive: Boolean(u.is_active),
    allowedToSeeBapMenu: Boolean(u.allowed_to_see_bap_menu),
    group: group ? { pk: group.pk, name: group.name, ademeId: group.ademe_id || null, isAdmin: Boolean(group.is_admin) } : null,
  };
}

export function profileRouter(app: AppContext): Router {
  const router = Router();
  router.get('/api/v1/accounts/profile/', asyncHandler(async (req, res) => {
    if (req.ctx.user.anonymous || req.ctx.user.pk === null) throw denied(req.ctx);
    res.json({ user: await profileOf(app, req.ctx.user.pk) });
  }));
  return router;
}
