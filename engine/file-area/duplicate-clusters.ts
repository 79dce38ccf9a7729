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
  type Group = { pk: number; members: number[]; set: Set<number>; open: boolean; added: number[]; fresh: boolean };
  const groups: Group[] = [];
  // The groups of each member, in the groups' order: a save compares one record with a structure
  // holding hundreds of groups, and scanning every group's members for every pair cost more than
  // finding the pairs.
  const byMember = new Map<number, Group[]>();
  const join = (member: number, group: Group) => {
    const list = byMember.get(member);
    if (!list) byMember.set(member, [group]);
    else if (list[list.length - 1] !== group) list.push(group);
  };
  const add = (g: Omit<Group, 'set'>) => {
    const group = { ...g, set: new Set(g.members) };
    groups.push(group);
    for (const m of group.members) join(m, group);
  };
  for (const g of known) add({ pk: g.pk, members: [...g.members], open: g.open, added: [], fresh: false });
  const order = new Map<Group, number>();
  groups.forEach((g, i) => order.set(g, i));
  for (const [a, b] of pairs) {
    const ofA = byMember.get(a) ?? [];
    const ofB = byMember.get(b) ?? [];
    if (ofA.some((g) => g.set.has(b))) continue;
    // The first open group, in the groups' order, holding a or b.
    let target: Group | undefined;
    for (const g of [...ofA, ...ofB]) if (g.open && (!target || order.get(g)! < order.get(target)!)) target = g;
    if (target) {
      const other = target.set.has(a) ? b : a;
      target.members.push(other);
      target.set.add(other);
      target.added.push(other);
      join(other, target);
      continue;
    }
    add({ pk: -1, members: [a, b], open: true, added: [], fresh: true });
    order.set(groups[groups.length - 1]!, groups.length - 1);
  }
  const out: ClusterChange[] = [];
  for (const g of groups) {
    if (g.fresh) out.push({ group: null, members: g.members });
    else if (g.added.length) out.push({ group: g.pk, add: g.added });
  }
  return out;
}
