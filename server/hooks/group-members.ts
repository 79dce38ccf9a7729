import type { EntityHook } from './hook-types';

/** A structure's detail lists its members (spec 01 §3: users with name, e-mail and pk). */
export const groupMembers: EntityHook = {
  async afterRead({ record, db }) {
    if (typeof record.pk !== 'number') return;
    const users = await db
      .selectFrom('account_user')
      .select(['pk', 'first_name', 'last_name', 'email', 'user_type', 'is_active'])
      .where('group', '=', record.pk)
      .orderBy('last_name')
      .orderBy('first_name')
      .execute();
    record.users = users.map((u) => ({
      pk: u.pk,
      name: [u.first_name, u.last_name].filter(Boolean).join(' '),
      email: u.email,
      userType: u.user_type,
      isActive: Boolean(u.is_active),
    }));
  },
};
