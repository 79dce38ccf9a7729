import type { EntityHook } from '../hook-types';
import { message } from '../../context';
import { refreshOpenProjects } from '../../modules/bap/bap-matching';
import { newProjectMail } from '../../modules/bap/bap-mails';

const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/**
 * A professional's joining: the date the charter was accepted (kept), at least one zone; once
 * committed, the open projects follow the new zones and the professional is told of those that
 * now reach them.
 */
export const bapMembership: EntityHook = {
  beforeValidate({ record, previous }) {
    const wasAccepted = previous?.charterAccepted === true && previous.charterAcceptedAt;
    record.charterAcceptedAt = wasAccepted
      ? previous.charterAcceptedAt
      : record.charterAccepted === true
        ? new Date().toISOString()
        : null;
  },
  validate({ ctx, record }) {
    if (count(record.departments) + count(record.territories) > 0) return [];
    return [{ path: 'departments', code: 'no_zone', params: {}, message: message(ctx.app, 'bap.error.no_zone') }];
  },
  async afterWrite({ ctx, db }) {
    for (const { project, added } of await refreshOpenProjects(ctx.app, db)) await newProjectMail(ctx, project, added);
  },
};
