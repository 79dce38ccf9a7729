import { addDays, parisInstant, parisParts, type DayKey } from '../../../engine/time/paris-time';

/** A record as the calendar sees it: where it starts and ends (instants) and what it is. */
export interface CalendarEvent {
  id: number | string;
  start: Date;
  end: Date;
}

/** The part of an event shown in one day column, on the Paris wall-clock axis of that day. */
export interface PlacedEvent<E extends CalendarEvent = CalendarEvent> {
  event: E;
  /** Minutes after the day's first visible row (dayStart). */
  top: number;
  /** Minutes of the axis it covers (at least `minHeight`). */
  height: number;
  /** It began before this column's visible range (an earlier day or hour). */
  continuesBefore: boolean;
  /** It goes on after this column's visible range. */
  continuesAfter: boolean;
  /** 0-based column among the events it overlaps, and how many columns that group has. */
  column: number;
  columns: number;
}

export interface DayLayout<E extends CalendarEvent = CalendarEvent> {
  day: DayKey;
  /** Events within the visible hours, positioned. */
  placed: PlacedEvent<E>[];
  /** Events of this day entirely outside the visible hours (shown above the grid). */
  outside: E[];
}

/** Wall-clock minutes of an instant on `day`'s axis: 0 before the day, 1440 after it. */
function axisMinutes(instant: Date, day: DayKey, dayStartInstant: Date, nextDayInstant: Date): number {
  if (instant.getTime() <= dayStartInstant.getTime()) return 0;
  if (instant.getTime() >= nextDayInstant.getTime()) return 1440;
  const p = parisParts(instant);
  return p.day === day ? p.minutes : 1440;
}

/**
 * Side-by-side columns for overlapping events: events that overlap, directly or through others,
 * form a group; each takes the first column free at its start, and the whole group shares the
 * width between the columns it needed.
 */
export function assignColumns<T extends { top: number; height: number }>(
  items: T[],
): (T & { column: number; columns: number })[] {
  const sorted = [...items].sort((a, b) => a.top - b.top || b.height - a.height);
  const out: (T & { column: number; columns: number })[] = [];
  let group: (T & { column: number; columns: number })[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -Infinity;
  const close = () => {
    for (const g of group) g.columns = columnEnds.length;
    out.push(...group);
    group = [];
    columnEnds = [];
  };
  for (const item of sorted) {
    if (item.top >= groupEnd) close();
    const bottom = item.top + item.height;
    let column = columnEnds.findIndex((end) => end <= item.top);
    if (column === -1) column = columnEnds.push(bottom) - 1;
    else columnEnds[column] = bottom;
    group.push({ ...item, column, columns: 0 });
    groupEnd = group.length === 1 ? bottom : Math.max(groupEnd, bottom);
  }
  close();
  return out;
}

/**
 * The events of one Paris day between `dayStart` and `dayEnd` (minutes after midnight, wall
 * clock), positioned on that axis; those of the day outside the hours are listed apart.
 */
export function layoutDay<E extends CalendarEvent>(
  events: E[],
  day: DayKey,
  dayStart: number,
  dayEnd: number,
  minHeight = 15,
): DayLayout<E> {
  const midnight = parisInstant(day, 0);
  const nextMidnight = parisInstant(addDays(day, 1), 0);
  const positioned: (Omit<PlacedEvent<E>, 'column' | 'columns'> & { top: number; height: number })[] = [];
  const outside: E[] = [];
  for (const event of events) {
    // Overlap with the day: start < next midnight and end > midnight (an instant event counts
    // where it happens).
    const instantOnly = event.end.getTime() <= event.start.getTime();
    if (event.start.getTime() >= nextMidnight.getTime()) continue;
    if (instantOnly ? event.start.getTime() < midnight.getTime() : event.end.getTime() <= midnight.getTime()) continue;
    const from = axisMinutes(event.start, day, midnight, nextMidnight);
    const to = instantOnly ? from : axisMinutes(event.end, day, midnight, nextMidnight);
    const top = Math.max(from, dayStart);
    const bottom = Math.min(to, dayEnd);
    if (bottom < top || (bottom === top && !(instantOnly && from >= dayStart && from < dayEnd))) {
      outside.push(event);
      continue;
    }
    positioned.push({
      event,
      top: top - dayStart,
      height: Math.max(bottom - top, minHeight),
      continuesBefore: event.start.getTime() < midnight.getTime() || from < dayStart,
      continuesAfter: event.end.getTime() > nextMidnight.getTime() || to > dayEnd,
    });
  }
  return { day, placed: assignColumns(positioned), outside };
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: DayKey): DayKey[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The period a view covers, from the first day's Paris midnight to the midnight after the last. */
export function periodOf(days: DayKey[]): { from: Date; to: Date } {
  return { from: parisInstant(days[0], 0), to: parisInstant(addDays(days[days.length - 1], 1), 0) };
}
