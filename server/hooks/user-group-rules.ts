import { message } from '../context';
import type { FieldError } from '../../engine/validation/field-error';
import type { EntityHook } from './hook-types';
import { isRecordKey } from '../db/record-key';

const ADVISORS = new Set(['advisor', 'superadvisor', 'listeproadmin']);

/**
 * Which structure each kind of account may belong to (reference 2.1): clients and administrators
 * none; managers an administration group; advisors a structure that is not one; professionals one.
 */
export const userGroupRules: EntityHook = {
  async validate({ ctx, record, db }) {
    const type = record.userType as string | undefined;
    const group = isRecordKey(record.group) ? record.group : null;
    const error = (key: string): FieldError[] => [
      { path: 'group', code: key, params: {}, message: message(ctx.app, key) },
    ];
    if (type === 'client' && group !== null) return error('entity.user.check.client_group');
    if (type === 'administrator' && group !== null) return error('entity.user.check.admin_no_group');
    if ((type === 'manager' || type === 'professional' || (type && ADVISORS.has(type))) && group === null)
      return error('entity.user.check.group_required');
    if (group === null) return [];
    const row = await db.selectFrom('account_group').select(['is_admin']).where('pk', '=', group).executeTakeFirst();
    if (!row) return []; // the relation check reports it
    if (type === 'manager' && !row.is_admin) return error('entity.user.check.manager_admin_group');
    if (type && ADVISORS.has(type) && row.is_admin) return error('entity.user.check.advisor_standard_group');
    return [];
  },
};
