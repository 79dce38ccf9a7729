import type { EntityHook } from '../hook-types';
import { nextOccurrence, rollReminderForward } from '../../../engine/file-area/reminder-recurrence';
import { parisDate } from '../../../engine/time/paris-time';

/**
 * Reference §8.5 (2, 3): a rule without a date dates the reminder on the rule's first day from
 * today; a recurring reminder marked done rolls forward to its next day instead of closing.
 */
export const reminderRecurrence: EntityHook = {
  beforeValidate({ record, previous }) {
    const recurrences = typeof record.recurrences === 'string' ? record.recurrences : '';
    if (recurrences.trim() === '') return;
    const today = parisDate(Date.now());
    const date = typeof record.date === 'string' ? record.date : null;
    if (date === null && recurrences !== (previous?.recurrences ?? '')) {
      const first = nextOccurrence(recurrences, today, today, true);
      if (first !== null) Object.assign(record, { date: first, done: false });
      return;
    }
    // Only the closing itself rolls; a reminder already done when stored stays as it is.
    if (record.done !== true || previous?.done === true) return;
    const rolled = rollReminderForward({ done: true, date, recurrences }, today);
    Object.assign(record, { done: rolled.done, date: rolled.date });
  },
};
