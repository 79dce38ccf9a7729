import type { EntityHook } from './hook-types';
import { visibleRows } from '../operations/find';
import { entityOf } from '../operations/entity-access';
import { HttpError } from '../http/http-error';

/**
 * A structure's detail lists its members (spec 01 §3: users with name, e-mail and pk) — those the
 * caller may see by the user entity's view rule: another structure's staff are not listed to an
 * advisor (issue 25), every member is to an administrator or the structure's own staff.
 */
export const groupMembers: EntityHook = {
  async afterRead({ ctx, record, db }) {
    if (typeof record.pk !== 'number') return;
    let rows;
    try {
      rows = visibleRows({ ...ctx, app: { ...ctx.app, database: { ...ctx.app.database, db } } }, entityOf(ctx, 'user'));
    } catch (e) {
      // No right to list accounts at all: no members shown.
      if (e instanceof HttpError) {
        record.users = [];
        return;
      }
      throw e;
    }
    const users = (await rows
      .select(['pk', 'first_name', 'last_name', 'email', 'user_type', 'is_active'])
      .where('group', '=', record.pk)
      .orderBy('last_name')
      .orderBy('first_name')
      .execute()) as {
      pk: number;
      first_name: string | null;
      last_name: string | null;
      email: string;
      user_type: string;
      is_active: number | boolean;
    }[];
    record.users = users.map((u) => ({
      pk: u.pk,
      name: [u.first_name, u.last_name].filter(Boolean).join(' '),
      email: u.email,
      userType: u.user_type,
      isActive: Boolean(u.is_active),
    }));
  },
};
