import type { EntityHook } from './hook-types';
import { loadEvent, promoteWaiting } from '../modules/events/event-registrations';

/**
 * In the save's transaction (the event row is already written, hence locked): a capacity raised
 * confirms the earliest waiting registrations, each with its mail; an event moved to another
 * structure takes its registrations along (their `group` is what the structure rule reads).
 */
export const eventWaitingList: EntityHook = {
  async afterSave({ db, record, previous, created }) {
    if (created || !previous) return;
    if (record.group !== previous.group && typeof record.group === 'number')
      await db
        .updateTable('events_registration')
        .set({ group: record.group })
        .where('event', '=', Number(record.pk))
        .execute();
    if (Number(record.capacity) <= Number(previous.capacity)) return;
    const event = await loadEvent(db, Number(record.pk));
    if (event) await promoteWaiting(db, event);
  },
};
