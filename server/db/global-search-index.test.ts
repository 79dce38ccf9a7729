import { describe, expect, it } from 'vitest';
import { PADDING_RATIO, listsToRead, paddingTrigrams } from './global-search-index';
import { minSharedTrigrams } from '../../engine/search/trigram';

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

describe('paddingTrigrams (PostgreSQL, paddedQuery)', () => {
  it('keeps, for pg_trgm, every value of n ≥ lo that reaches the threshold', () => {
    // pg_trgm's GIN index keeps a value sharing c of the padded query's q + K trigrams when
    // c/(q + K) ≥ g; its recheck when c/(n + q + K − c) ≥ g (float4). Every (n, s) that reaches t
    // with the query itself must pass both, with the threshold given to pg_trgm (lowered by a millionth).
    const missed: string[] = [];
    let checked = 0;
    for (const t of [0.1, 0.3, 0.45, 0.5, 0.75, 1])
      for (let q = 1; q <= 40; q++) {
        const given = t / PADDING_RATIO;
        const limit = Math.fround(given * (1 - 1e-6));
        for (let lo = Math.ceil(t * q * (1 - 1e-6)); lo <= Math.min(q / t, 120); lo += 1 + Math.floor(lo / 5)) {
          const k = paddingTrigrams(q, lo, t, given);
          const padding = k < 2 ? 0 : k;
          for (let n = lo; n <= Math.min(q / t + 1e-9, lo + 20); n++)
            for (let s = minSharedTrigrams(q, t); s <= Math.min(n, q); s++) {
              if (Math.fround(s / (n + q - s)) < t) continue;
              checked++;
              if (Math.fround(s / (q + padding)) < limit || Math.fround(s / (n + q + padding - s)) < limit)
                missed.push(`t=${t} q=${q} lo=${lo} n=${n} s=${s}`);
            }
        }
      }
    expect(missed).toEqual([]);
    expect(checked).toBeGreaterThan(5_000);
  });

  it('pads enough to ask an e-mail-long value for nearly the trigrams it needs', () => {
    // q = 25, t = 0.5, values of n ≥ 27: without padding the index asks for 13 shared trigrams, a
    // value needs 18; padded, 17.
    const k = paddingTrigrams(25, 27, 0.5, 0.5 / PADDING_RATIO);
    expect(Math.ceil((0.5 / PADDING_RATIO) * (25 + k))).toBe(17);
  });
});
