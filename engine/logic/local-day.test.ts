import { describe, expect, it } from 'vitest';
import { evaluate, holds } from './logic';

describe('json-logic localDay (the Paris calendar day of an instant)', () => {
  it('reads the day on the Paris wall clock, whatever the offset written', () => {
    expect(evaluate({ localDay: { var: 'd' } }, { d: '2031-01-14T22:59:00.000Z' })).toBe('2031-01-14');
    expect(evaluate({ localDay: { var: 'd' } }, { d: '2031-01-14T23:00:00.000Z' })).toBe('2031-01-15');
    // Summer time: midnight in Paris is 22:00 UTC.
    expect(evaluate({ localDay: { var: 'd' } }, { d: '2031-07-14T22:00:00Z' })).toBe('2031-07-15');
    expect(evaluate({ localDay: { var: 'd' } }, { d: '2031-07-15T00:30:00+02:00' })).toBe('2031-07-15');
  });

  it('gives null for no date, so that a same-day rule leaves missing dates to the required check', () => {
    expect(evaluate({ localDay: { var: 'd' } }, { d: '' })).toBeNull();
    expect(evaluate({ localDay: { var: 'd' } }, { d: 'pas une date' })).toBeNull();
    expect(evaluate({ localDay: { var: 'd' } }, {})).toBeNull();
  });

  it('decides a same-day rule across the spring change', () => {
    const sameDay = { '==': [{ localDay: { var: 'start' } }, { localDay: { var: 'end' } }] };
    // 30 March 2031 (spring change): 00:30 UTC is 01:30 in Paris, 21:30 UTC is 23:30, 22:30 UTC the next day.
    expect(holds(sameDay, { start: '2031-03-30T00:30:00Z', end: '2031-03-30T21:30:00Z' })).toBe(true);
    expect(holds(sameDay, { start: '2031-03-30T00:30:00Z', end: '2031-03-30T22:30:00Z' })).toBe(false);
  });
});
