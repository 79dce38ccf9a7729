import type { EntityHook } from './hook-types';

/**
 * The iCalendar SEQUENCE of a record (`sequence`, default −1): 0 when first saved, one more on
 * every later save, cancellation included, so that calendars always take the newest version.
 */
export const sequenceOnSave: EntityHook = {
  beforeValidate({ record, previous }) {
    const before = previous ? previous.sequence : record.sequence;
    record.sequence = (typeof before === 'number' && Number.isInteger(before) ? before : -1) + 1;
  },
};
