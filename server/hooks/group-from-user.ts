import { HttpError } from '../http/http-error';
import { message } from '../context';
import type { EntityHook } from './hook-types';

/** Records that belong to the author's structure (one messaging account per structure). */
export const groupFromUser: EntityHook = {
  beforeValidate({ ctx, record, previous }) {
    if (previous) {
      record.group = previous.group;
      return;
    }
    if (ctx.user.group === null)
      throw new HttpError(400, 'validation', message(ctx.app, 'entity.group-account.check.no_group'), [
        { path: '', code: 'no_group', params: {}, message: message(ctx.app, 'entity.group-account.check.no_group') },
      ]);
    record.group = ctx.user.group;
  },
};
