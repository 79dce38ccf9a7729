/** Deterministic pseudo-random numbers (mulberry32): the same seed always gives the same data. */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  pick<T>(list: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A version 4 UUID drawn from this sequence (not from the system's randomness). */
  uuid(): string;
}

export function seededRandom(seed: number): SeededRandom {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const hex = (n: number) => Array.from({ length: n }, () => below(16).toString(16)).join('');
  return {
    next,
    below,
    pick: (list) => list[below(list.length)],
    chance: (p) => next() < p,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[below(4)]}${hex(3)}-${hex(12)}`,
  };
}
