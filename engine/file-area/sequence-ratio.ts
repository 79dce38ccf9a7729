/**
 * Python's `difflib.SequenceMatcher(None, a, b).ratio()`, ported step by step so that the
 * duplicate score of the reference (§8.3) comes out the same: the longest matching block first
 * (earliest in `a`, then earliest in `b`), then recursively left and right of it, with the
 * "autojunk" heuristic — when `b` has 200 items or more, an item occurring more than
 * `len(b) / 100 + 1` times in it is "popular" and never starts a match (it can only extend one).
 *
 * Strings are compared by code point, as Python does (an accented letter or an emoji is one item).
 */

interface Block {
  i: number;
  j: number;
  size: number;
}

/** `b2j` (positions of each item of `b`, popular items removed) and the popular set. */
function chainB(b: string[]): Map<string, number[]> {
  const b2j = new Map<string, number[]>();
  b.forEach((item, index) => {
    const positions = b2j.get(item);
    if (positions) positions.push(index);
    else b2j.set(item, [index]);
  });
  const popular = new Set<string>();
  const n = b.length;
  if (n >= 200) {
    const ntest = Math.floor(n / 100) + 1;
    for (const [item, positions] of b2j) if (positions.length > ntest) popular.add(item);
    for (const item of popular) b2j.delete(item);
  }
  return b2j;
}

function findLongestMatch(
  a: string[],
  b: string[],
  b2j: Map<string, number[]>,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): Block {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let j2len = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of b2j.get(a[i]) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = next;
  }
  // Extend with equal items around the block: popular items, kept out of b2j, may extend a match
  // though they never start one. (difflib then extends with "junk" items: there are none without
  // an isjunk function.)
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  return { i: besti, j: bestj, size: bestsize };
}

/** Total size of the matching blocks (`sum(m.size for m in get_matching_blocks())`). */
export function matchingCharacters(aText: string, bText: string): number {
  const a = Array.from(aText);
  const b = Array.from(bText);
  const b2j = chainB(b);
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  let total = 0;
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const { i, j, size } = findLongestMatch(a, b, b2j, alo, ahi, blo, bhi);
    if (size) {
      total += size;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + size < ahi && j + size < bhi) queue.push([i + size, ahi, j + size, bhi]);
    }
  }
  return total;
}

/** `SequenceMatcher(None, a, b).ratio()`: 2·M / T, 1 for two empty strings. */
export function sequenceRatio(a: string, b: string): number {
  const length = Array.from(a).length + Array.from(b).length;
  return length ? (2 * matchingCharacters(a, b)) / length : 1;
}

/** `SequenceMatcher(None, a, b).real_quick_ratio()`: the bound from the lengths alone. */
export function lengthRatioBound(a: string, b: string): number {
  const la = Array.from(a).length;
  const lb = Array.from(b).length;
  return la + lb ? (2 * Math.min(la, lb)) / (la + lb) : 1;
}

/**
 * `SequenceMatcher(None, a, b).quick_ratio()`: the characters both strings share, counted with
 * their multiplicity — an upper bound of `sequenceRatio` that costs one pass, so that a pass over
 * many pairs computes the exact ratio only where it can matter.
 */
export function quickRatio(a: string, b: string): number {
  const ca = Array.from(a);
  const cb = Array.from(b);
  if (!ca.length && !cb.length) return 1;
  const available = new Map<string, number>();
  for (const c of cb) available.set(c, (available.get(c) ?? 0) + 1);
  let matches = 0;
  for (const c of ca) {
    const n = available.get(c) ?? 0;
    if (n > 0) {
      matches++;
      available.set(c, n - 1);
    }
  }
  return (2 * matches) / (ca.length + cb.length);
}

/** A text's code points, sorted: what `quickRatioSorted` reads, computed once per value. */
export function sortedCodePoints(text: string): Uint32Array {
  const points = Uint32Array.from(Array.from(text, (c) => c.codePointAt(0)!));
  return points.sort();
}

/**
 * `quickRatio` of two texts given as `sortedCodePoints`: the same value (the shared characters with
 * their multiplicity are the intersection of the two sorted lists), without allocating, so that a
 * pass over millions of pairs prepares each value once instead of once per pair.
 */
export function quickRatioSorted(a: Uint32Array, b: Uint32Array): number {
  if (!a.length && !b.length) return 1;
  let i = 0;
  let j = 0;
  let matches = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      matches++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return (2 * matches) / (a.length + b.length);
}
