import { describe, expect, it } from 'vitest';
import { listsToRead } from './global-search-index';

describe('listsToRead', () => {
  it('reads at least the |Q| − k + 1 rarest lists, then one is enough', () => {
    // 7 trigrams, k = 4: 4 lists must be read; the fifth is small enough to read too, so 2 are needed.
    expect(listsToRead([3576, 3576, 6920, 9481, 10145, 20231, 41496], 4)).toEqual({ read: 5, atLeast: 2 });
    // A list beyond the budget (twice what had to be read, or 1,000 rows) is not read.
    expect(listsToRead([1000, 1000, 1000, 100_000], 2)).toEqual({ read: 3, atLeast: 1 });
    expect(listsToRead([50_000, 60_000, 70_000, 80_000], 2)).toEqual({ read: 4, atLeast: 2 });
  });

  it('reads every list when they are all small, and then asks for k of them', () => {
    expect(listsToRead([1, 2, 3, 4, 5], 3)).toEqual({ read: 5, atLeast: 3 });
    expect(listsToRead([0, 0, 7], 1)).toEqual({ read: 3, atLeast: 1 });
  });

  it('never asks for more lists than it reads, nor fewer than one', () => {
    for (let n = 1; n <= 30; n++)
      for (let k = 1; k <= n; k++) {
        const sizes = Array.from({ length: n }, (_, i) => (i * 7919) % 50_000);
        const { read, atLeast } = listsToRead(sizes, k);
        expect(atLeast).toBeGreaterThanOrEqual(1);
        expect(atLeast).toBeLessThanOrEqual(read);
        expect(read - atLeast).toBe(n - k);
      }
  });
});
