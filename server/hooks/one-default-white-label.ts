import { ValidationError } from '../http/http-error';
import { message } from '../context';
import type { EntityHook } from './hook-types';

const KEY = 'entity.white-label.check.one_default';

/**
 * At most one default white label per server (it answers for unknown domains). A schema check
 * sees one record only, so the other white labels are read here, inside the write transaction.
 */
export const oneDefaultWhiteLabel: EntityHook = {
  async beforeValidate({ ctx, record, previous, db }) {
    if (record.isDefault !== true) return;
    let query = db.selectFrom('white_label').select('pk').where('is_default', '=', 1);
    if (typeof previous?.pk === 'number') query = query.where('pk', '!=', previous.pk);
    if (!(await query.executeTakeFirst())) return;
    throw new ValidationError(
      [{ path: 'isDefault', code: KEY, params: {}, message: message(ctx.app, KEY) }],
      message(ctx.app, 'validation.summary'),
    );
  },
};
