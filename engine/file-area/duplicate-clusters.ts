/** A stored duplicate group as the clustering sees it. */
export interface KnownGroup {
  pk: number;
  members: number[];
  /** Only groups still to review take new members; the others only say « already seen ». */
  open: boolean;
}

/** What to store: members added to an open group, or a new group. */
export type ClusterChange = { group: number; add: number[] } | { group: null; members: number[] };

/**
 * Chains duplicate pairs into groups (reference §8.3): a pair already inside one stored group
 * (whatever its state: marked distinct, merged) is skipped, so that a group dismissed by an
 * advisor does not come back for the same pair; a pair with one member in an open group adds the
 * other member to it; otherwise the pair starts a new group, which later pairs can join.
 */
export function clusterPairs(pairs: [number, number][], known: KnownGroup[]): ClusterChange[] {
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
