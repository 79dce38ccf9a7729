import { message } from '../context';
import type { FieldError } from '../../engine/validation/field-error';
import type { EntityHook } from './hook-types';

const NOT_IN_ADMIN_GROUPS = ['advisor', 'superadvisor', 'listeproadmin', 'professional'];

function names(rows: { name: string | null }[]): string {
  const shown = rows
    .slice(0, 5)
    .map((r) => r.name ?? '')
    .filter(Boolean);
  return rows.length > shown.length ? `${shown.join(', ')}…` : shown.join(', ');
}

/**
 * The structure tree stays whole on change as on create (reference 2.1 and 2.2): an
 * administration group that still administers structures or has managers stays one; a group
 * with advisors or professionals does not become one.
 */
export const groupTreeRules: EntityHook = {
  async validate({ ctx, record, previous, db }) {
    const pk = typeof record.pk === 'number' ? record.pk : null;
    if (pk === null) return [];
    const error = (key: string, params: Record<string, unknown>): FieldError[] => [
      { path: 'isAdmin', code: key, params, message: message(ctx.app, key, params) },
    ];
    const wasAdmin = Boolean(previous?.isAdmin);
    if (wasAdmin && !record.isAdmin) {
      const children = await db
        .selectFrom('account_group')
        .select('name')
        .where('admin_group', '=', pk)
        .orderBy('name')
        .execute();
      if (children.length) return error('entity.group.check.still_administers', { names: names(children) });
      const managers = await db
        .selectFrom('account_user')
        .select('last_name as name')
        .where('group', '=', pk)
        .where('user_type', '=', 'manager')
        .orderBy('last_name')
        .execute();
      if (managers.length) return error('entity.group.check.has_managers', { names: names(managers) });
    }
    if (!wasAdmin && record.isAdmin) {
      const members = await db
        .selectFrom('account_user')
        .select('last_name as name')
        .where('group', '=', pk)
        .where('user_type', 'in', NOT_IN_ADMIN_GROUPS)
        .orderBy('last_name')
        .execute();
      if (members.length) return error('entity.group.check.has_advisors', { names: names(members) });
    }
    return [];
  },
};
