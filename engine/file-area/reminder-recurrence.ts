import rrule from 'rrule';

// `rrule` ships CommonJS for Node: its default export is the module object.
const { rrulestr } = rrule;

/** A calendar day `YYYY-MM-DD` as the floating UTC midnight rrule computes with. */
function day(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The first day of the reminder's rule (iCalendar text, « RRULE:FREQ=MONTHLY ») after `after`
 * (or on it when `inclusive`), counted from `start` unless the text has its own DTSTART;
 * null when the rule is over (COUNT, UNTIL) or cannot be read.
 */
export function nextOccurrence(rule: string, start: string, after: string, inclusive = false): string | null {
  if (rule.trim() === '') return null;
  try {
    const parsed = rrulestr(rule, /DTSTART/.test(rule) ? {} : { dtstart: day(start) });
    const next = parsed.after(day(after), inclusive);
    return next ? iso(next) : null;
  } catch {
    return null;
  }
}

export interface ReminderState {
  done: boolean;
  date: string | null;
  recurrences: string;
}

/**
 * Reference §8.5 (3): a recurring reminder marked done rolls forward instead of closing — not
 * done again, dated on the rule's next day strictly after max(today, its date). With no rule,
 * or a rule that is over, it stays done. `today` is the Paris calendar day.
 */
export function rollReminderForward(reminder: ReminderState, today: string): ReminderState {
  if (!reminder.done || reminder.recurrences.trim() === '') return reminder;
  const from = reminder.date !== null && reminder.date > today ? reminder.date : today;
  const next = nextOccurrence(reminder.recurrences, reminder.date ?? today, from);
  return next === null ? reminder : { ...reminder, done: false, date: next };
}
