import { describe, expect, it } from 'vitest';
import { frenchCount, frenchDay, frenchPercent } from './french-figures';

describe('French figures of the statistics', () => {
  it('writes counts, rates and days as fr-FR readers expect', () => {
    expect(frenchCount(12345).replace(/\s/g, ' ')).toBe('12 345');
    expect(frenchPercent(1 / 3).replace(/\s/g, ' ')).toBe('33,3 %');
    expect(frenchPercent(1).replace(/\s/g, ' ')).toBe('100 %');
    expect(frenchPercent(null)).toBe('—');
    expect(frenchDay('2031-03-28')).toBe('28/03/2031');
  });
});
