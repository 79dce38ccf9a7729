import type { EntityHook } from '../hook-types';
import { refreshOpenProjects } from '../../modules/bap/bap-matching';
import { newProjectMail } from '../../modules/bap/bap-mails';

/**
 * An account deactivated (or reactivated) changes whom the open projects of the exchange reach
 * (spec 03 §1: an inactive professional receives no project): they are matched again in the same
 * transaction, so a deactivated professional leaves `matchedUsers` — and with it the projects'
 * list and detail — at once. A reactivated one is told of the projects that reach them again.
 */
export const bapAccount: EntityHook = {
  async afterSave({ ctx, record, previous, db }) {
    if (!previous || (previous.isActive === true) === (record.isActive === true)) return;
    for (const { project, added } of await refreshOpenProjects(ctx.app, db)) await newProjectMail(ctx, project, added);
  },
};
