import type { EntityHook } from '../hook-types';
import { recordOf } from './follow-up-data';

/**
 * A reminder riding on an action (file-area reference 8.5 step 4): its contact or organisation
 * is the one of the action's folder — not the action's « linked contact », which
 * owningGroupFromLinked would copy — so that `/fac/reminders` names whom the folder is about.
 */
export const reminderOfAction: EntityHook = {
  async beforeValidate({ ctx, record, db }) {
    if (record.action === null || record.action === undefined) return;
    const action = await recordOf(ctx.app, db, 'action', record.action);
    const folder = action && (await recordOf(ctx.app, db, 'folder', action.folder));
    record.contact = (folder?.contact as number | null | undefined) ?? null;
    record.organization = (folder?.organization as number | null | undefined) ?? null;
  },
};
