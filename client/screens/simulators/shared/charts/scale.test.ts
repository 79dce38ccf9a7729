import { describe, expect, it } from 'vitest';
import { linear, niceTicks, shortNumber } from './scale';

describe('chart scales', () => {
  it('gives round ticks from 0 that cover the data', () => {
    expect(niceTicks(0, 50_918)).toEqual([0, 20_000, 40_000, 60_000]);
    expect(niceTicks(0, 48_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(niceTicks(0, 9.72)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(-1200, 3000)).toEqual([-2000, -1000, 0, 1000, 2000, 3000]);
    expect(niceTicks(0, 0)).toEqual([0, 1]);
  });

  it('maps linearly and writes short French labels', () => {
    expect(linear(0, 100, 200, 0)(25)).toBe(150);
    expect(shortNumber(12_500)).toBe('12,5 k');
    expect(shortNumber(1_250_000)).toBe('1,25 M');
    expect(shortNumber(2.5)).toBe('2,5');
  });
});
