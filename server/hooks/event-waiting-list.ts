import type { EntityHook } from './hook-types';
import { loadEvent, promoteWaiting } from '../modules/events/event-registrations';

/**
 * A capacity raised on an event's save confirms its earliest waiting registrations, in the same
 * transaction as the save (the event row is already written, hence locked), each with its mail.
 */
export const eventWaitingList: EntityHook = {
  async afterSave({ db, record, previous, created }) {
    if (created || !previous) return;
    if (Number(record.capacity) <= Number(previous.capacity)) return;
    const event = await loadEvent(db, Number(record.pk));
    if (event) await promoteWaiting(db, event);
  },
};
