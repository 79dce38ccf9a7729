import type { BusyTime } from './busy-times';
import { maxDepth, overlaps, type Interval } from './intervals';
import type { OfferSlot } from './offer-types';
import { parisDate, parisDayStart, parseInstant } from '../time/paris-time';
import type { SearchContext } from './search-context';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface FreeAt {
  free: boolean;
  /** Calendar mode: the advisors free for the whole appointment and its gaps, in name order. */
  advisors: string[];
  /** When not free: no start before this instant can be free (the earliest end of what is in the way). */
  nextTry: number;
}

/**
 * The times of one bookable slot (visibility online or advisor) for one search. Each advisor is
 * judged alone: free at t when none of their own appointments (widened by the slot's gap on both
 * sides) or downtimes overlaps [t, t + duration). In capacity mode, a time is free while fewer
 * appointments of the slot than seats overlap it at any instant.
 */
export class SlotAvailability {
  readonly start: number;
  readonly end: number;
  readonly gapMs: number;
  /** No offer before this: now, the search's first day, and the notice counted by day. */
  readonly earliest: number;
  private readonly advisorBusy: { id: string; busy: Interval[] }[] = [];
  /** Calendar mode: appointments of the slot with no advisor, each taking one of the free advisors. */
  private readonly unassigned: Interval[] = [];
  /** Capacity mode: the slot's appointments, each taking a seat. */
  private readonly seatsTaken: Interval[] = [];

  constructor(
    readonly slot: OfferSlot,
    private readonly context: SearchContext,
    noticeDayStart: (deadlineHours: number) => number,
  ) {
    this.start = parseInstant(slot.startDate);
    this.end = parseInstant(slot.endDate);
    this.gapMs = Math.max(0, slot.timeBetweenSlots || 0) * MINUTE_MS;
    this.earliest = Math.max(context.nowMs, context.window.from, noticeDayStart(Math.max(0, slot.deadline || 0)));
    const widen = (busy: BusyTime): Interval =>
      busy.appointment ? { start: busy.start - this.gapMs, end: busy.end + this.gapMs } : busy;
    const inSlot = (interval: Interval) => overlaps(interval.start, interval.end, this.start, this.end);
    const slotBusy = (context.busy.bySlot.get(slot.id) ?? []).map(widen).filter(inSlot);
    if (!slot.useAdvisorCalendar) {
      this.seatsTaken = slotBusy;
      return;
    }
    const ids = context.advisor != null ? [context.advisor] : slot.advisors;
    const rank = (id: string) => context.advisorRank.get(id) ?? Number.MAX_SAFE_INTEGER;
    for (const id of [...new Set(ids)].sort((a, b) => rank(a) - rank(b))) {
      if (!slot.advisors.includes(id) || !context.advisors.get(id)?.isActive) continue;
      this.advisorBusy.push({ id, busy: (context.busy.byAdvisor.get(id) ?? []).map(widen).filter(inSlot) });
    }
    const unassigned = (context.busy.bySlot.get(slot.id) ?? []).filter((busy) => busy.advisor == null);
    this.unassigned = unassigned.map(widen).filter(inSlot);
  }

  /** Whether the slot has anyone to offer at all. */
  get hasCapacity(): boolean {
    if (!(this.end > this.start)) return false;
    return this.slot.useAdvisorCalendar ? this.advisorBusy.length > 0 : this.slot.numberOfActiveAdvisors > 0;
  }

  freeAt(t: number): FreeAt {
    const until = t + this.context.durationMs;
    let nextTry = Number.POSITIVE_INFINITY;
    const blockedUntil = (intervals: readonly Interval[]): number => {
      let latest = Number.NEGATIVE_INFINITY;
      for (const interval of intervals) {
        if (overlaps(interval.start, interval.end, t, until) && interval.end > latest) latest = interval.end;
      }
      return latest;
    };
    if (!this.slot.useAdvisorCalendar) {
      const free = maxDepth(this.seatsTaken, t, until) < this.slot.numberOfActiveAdvisors;
      if (!free) {
        for (const taken of this.seatsTaken) {
          if (overlaps(taken.start, taken.end, t, until)) nextTry = Math.min(nextTry, taken.end);
        }
      }
      return { free, advisors: [], nextTry };
    }
    const advisors: string[] = [];
    for (const { id, busy } of this.advisorBusy) {
      const latest = blockedUntil(busy);
      if (latest === Number.NEGATIVE_INFINITY) advisors.push(id);
      else nextTry = Math.min(nextTry, latest);
    }
    const unassigned = this.unassigned.length ? maxDepth(this.unassigned, t, until) : 0;
    const free = advisors.length > unassigned;
    if (!free && unassigned > 0) {
      for (const taken of this.unassigned) {
        if (overlaps(taken.start, taken.end, t, until)) nextTry = Math.min(nextTry, taken.end);
      }
    }
    return { free, advisors, nextTry };
  }
}

/** The first instant of the Paris day of (now + deadline hours): the booking notice counted by day. */
export function noticeDayStarts(nowMs: number): (deadlineHours: number) => number {
  const cache = new Map<number, number>();
  return (hours) => {
    let start = cache.get(hours);
    if (start === undefined) {
      start = parisDayStart(parisDate(nowMs + hours * HOUR_MS));
      cache.set(hours, start);
    }
    return start;
  };
}
