import { describe, expect, it } from 'vitest';
import { parisWallClock, relativeDate, resolveRelativeDates } from './relative-dates';

describe('relative dates of demo fixtures', () => {
  // Wednesday 25 November 2026, 15:00 in Paris (UTC+1).
  const seed = new Date('2026-11-25T14:00:00.000Z');

  it('counts calendar days and working days from the Paris seed day, at a Paris wall-clock time', () => {
    expect(relativeDate('$date(+1d 09:00)', seed)).toBe('2026-11-26T08:00:00.000Z');
    expect(relativeDate('$date(+3d)', seed)).toBe('2026-11-27T23:00:00.000Z');
    // Three working days after a Wednesday: Thursday, Friday, then Monday.
    expect(relativeDate('$date(+3wd 14:30)', seed)).toBe('2026-11-30T13:30:00.000Z');
    expect(relativeDate('$date(-3wd 10:00)', seed)).toBe('2026-11-20T09:00:00.000Z');
  });

  it('gives a calendar day for date fields ($day), on the Paris clock', () => {
    expect(relativeDate('$day(+5d)', seed)).toBe('2026-11-30');
    expect(relativeDate('$day(-36d)', seed)).toBe('2026-10-20');
    expect(relativeDate('$day(+0d)', new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
  });

  it('takes the seed day on the Paris clock (late evening UTC is already tomorrow)', () => {
    expect(relativeDate('$date(+0d 12:00)', new Date('2026-11-25T23:30:00.000Z'))).toBe('2026-11-26T11:00:00.000Z');
  });

  it('uses the offset of the target day across a daylight-saving change', () => {
    // Seed in winter, target after the spring change (29 March 2026): Paris is UTC+2.
    expect(relativeDate('$date(+2d 09:00)', new Date('2026-03-28T10:00:00.000Z'))).toBe('2026-03-30T07:00:00.000Z');
    expect(parisWallClock(2026, 10, 25, 12, 0).toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(parisWallClock(2026, 10, 24, 12, 0).toISOString()).toBe('2026-10-24T10:00:00.000Z');
  });

  it('leaves other values alone and resolves markers at any depth', () => {
    expect(relativeDate('$date(tomorrow)', seed)).toBe('$date(tomorrow)');
    expect(relativeDate('2030-01-01T08:00:00.000Z', seed)).toBe('2030-01-01T08:00:00.000Z');
    expect(resolveRelativeDates({ pk: 1, a: ['$date(+1d 09:00)', 3], b: { c: '$date(+1d 10:00)' } }, seed)).toEqual({
      pk: 1,
      a: ['2026-11-26T08:00:00.000Z', 3],
      b: { c: '2026-11-26T09:00:00.000Z' },
    });
  });
});
