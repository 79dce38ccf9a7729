import { describe, expect, it } from 'vitest';
import { nextOccurrence, rollReminderForward } from './reminder-recurrence';

describe('reminder recurrence (reference §8.5)', () => {
  it('computes the next day of a rule counted from the reminder date', () => {
    expect(nextOccurrence('RRULE:FREQ=WEEKLY;INTERVAL=2', '2031-03-03', '2031-03-03')).toBe('2031-03-17');
    // Monthly from the 31st skips the months without one, as iCalendar says.
    expect(nextOccurrence('RRULE:FREQ=MONTHLY', '2031-01-31', '2031-01-31')).toBe('2031-03-31');
    expect(nextOccurrence('FREQ=DAILY', '2031-03-03', '2031-03-10')).toBe('2031-03-11');
    expect(nextOccurrence('FREQ=DAILY', '2031-03-03', '2031-03-10', true)).toBe('2031-03-10');
  });

  it('keeps the DTSTART written in the rule', () => {
    expect(nextOccurrence('DTSTART:20310105T000000Z\nRRULE:FREQ=YEARLY', '2040-01-01', '2031-06-01')).toBe(
      '2032-01-05',
    );
  });

  it('answers null when the rule is over or unreadable', () => {
    expect(nextOccurrence('RRULE:FREQ=DAILY;COUNT=2', '2031-03-03', '2031-03-04')).toBeNull();
    expect(nextOccurrence('', '2031-03-03', '2031-03-04')).toBeNull();
    expect(nextOccurrence('RRULE:FREQ=NEVER', '2031-03-03', '2031-03-04')).toBeNull();
  });

  it('rolls a recurring reminder marked done forward, after today when it was overdue', () => {
    const overdue = { done: true, date: '2026-10-05', recurrences: 'RRULE:FREQ=WEEKLY' };
    expect(rollReminderForward(overdue, '2026-11-25')).toEqual({ ...overdue, done: false, date: '2026-11-30' });
    const early = { done: true, date: '2026-12-01', recurrences: 'RRULE:FREQ=MONTHLY' };
    expect(rollReminderForward(early, '2026-11-25')).toEqual({ ...early, done: false, date: '2027-01-01' });
  });

  it('leaves alone what is not a recurring reminder being closed', () => {
    const plain = { done: true, date: '2026-10-05', recurrences: '' };
    expect(rollReminderForward(plain, '2026-11-25')).toBe(plain);
    const open = { done: false, date: '2026-10-05', recurrences: 'RRULE:FREQ=WEEKLY' };
    expect(rollReminderForward(open, '2026-11-25')).toBe(open);
    const over = { done: true, date: '2026-10-05', recurrences: 'RRULE:FREQ=WEEKLY;COUNT=1' };
    expect(rollReminderForward(over, '2026-11-25')).toBe(over);
  });
});
