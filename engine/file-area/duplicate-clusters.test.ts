import { describe, expect, it } from 'vitest';
import { clusterPairs, type ClusterChange, type KnownGroup } from './duplicate-clusters';

/** The rule as first written, group by group and member by member: what the indexed version must equal. */
function byScanning(pairs: [number, number][], known: KnownGroup[]): ClusterChange[] {
  const groups = known.map((g) => ({ ...g, members: [...g.members], added: [] as number[], fresh: false }));
  for (const [a, b] of pairs) {
    if (groups.some((g) => g.members.includes(a) && g.members.includes(b))) continue;
    const target = groups.find((g) => g.open && (g.members.includes(a) || g.members.includes(b)));
    if (target) {
      const other = target.members.includes(a) ? b : a;
      target.members.push(other);
      target.added.push(other);
      continue;
    }
    groups.push({ pk: -1, members: [a, b], open: true, added: [], fresh: true });
  }
  const out: ClusterChange[] = [];
  for (const g of groups) {
    if (g.fresh) out.push({ group: null, members: g.members });
    else if (g.added.length) out.push({ group: g.pk, add: g.added });
  }
  return out;
}

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('clusterPairs', () => {
  it('gives the same changes as scanning every group, on random groups and pairs', () => {
    let changed = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const rnd = random(seed);
      const id = () => 1 + Math.floor(rnd() * 30);
      const known: KnownGroup[] = Array.from({ length: Math.floor(rnd() * 8) }, (_, i) => ({
        pk: 100 + i,
        members: Array.from({ length: 2 + Math.floor(rnd() * 3) }, id),
        open: rnd() < 0.6,
      }));
      const pairs = Array.from({ length: Math.floor(rnd() * 12) }, () => [id(), id()] as [number, number]).filter(
        ([a, b]) => a !== b,
      );
      const expected = byScanning(pairs, known);
      expect(clusterPairs(pairs, known)).toEqual(expected);
      if (expected.length) changed++;
    }
    expect(changed).toBeGreaterThan(100);
  });

  it('leaves the stored groups it is given unchanged', () => {
    const known: KnownGroup[] = [{ pk: 1, members: [1, 2], open: true }];
    expect(clusterPairs([[2, 3]], known)).toEqual([{ group: 1, add: [3] }]);
    expect(known[0]!.members).toEqual([1, 2]);
  });
});
