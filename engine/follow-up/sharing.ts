/**
 * Programme sharing (reference 8.8): which structures take part in a programme, through its
 * valuation types, and which pilot structures read the figures of which laureate structures.
 * Pure functions: the server hooks feed them from the database, the unit tests with worked cases.
 */

export interface ValuationTypeGroups {
  pk: number;
  name: string;
  groups: number[];
}

export type ProjectGroupsVerdict =
  | { ok: true; groups: number[] }
  | { ok: false; problem: 'shared_group'; types: [string, string]; group: number }
  | { ok: false; problem: 'groups_mismatch' };

const sorted = (list: Iterable<number>): number[] => [...new Set(list)].sort((a, b) => a - b);

/**
 * The structures of a programme from its chosen valuation types (8.8): the union of their
 * structures, which replaces the programme's. Refused: two types applied by the same structure
 * (a folder's valuation type would be ambiguous), and a manual selection of structures that
 * differs from that union. Without valuation types, the manual selection stands.
 */
export function projectGroups(types: ValuationTypeGroups[], chosenGroups: number[]): ProjectGroupsVerdict {
  if (!types.length) return { ok: true, groups: sorted(chosenGroups) };
  const owner = new Map<number, ValuationTypeGroups>();
  for (const type of types) {
    for (const group of new Set(type.groups)) {
      const first = owner.get(group);
      if (first && first.pk !== type.pk)
        return { ok: false, problem: 'shared_group', types: [first.name, type.name], group };
      owner.set(group, type);
    }
  }
  const union = sorted(owner.keys());
  const chosen = sorted(chosenGroups);
  if (chosen.length && (chosen.length !== union.length || chosen.some((g, i) => g !== union[i])))
    return { ok: false, problem: 'groups_mismatch' };
  return { ok: true, groups: union };
}

/** A programme's groups once a valuation type it uses has gained structures (8.8: they are added). */
export function groupsWithType(projectGroupsNow: number[], type: ValuationTypeGroups): number[] {
  return sorted([...projectGroupsNow, ...type.groups]);
}

export interface PilotShare {
  project: number;
  pilotGroup: number;
  laureateGroups: number[];
}

export type ShareProblem =
  | { path: 'laureateGroups'; problem: 'pilot_is_laureate' }
  | { path: 'laureateGroups'; problem: 'laureate_not_participating'; groups: number[] };

/**
 * A pilot share must make sense in its programme: the pilot is not its own laureate, and every
 * laureate takes part in the programme (else its figures there are empty and the share misleads).
 * The pilot itself need not take part: a regional pilot follows without opening folders.
 */
export function shareProblems(share: PilotShare, participating: number[]): ShareProblem[] {
  const problems: ShareProblem[] = [];
  if (share.laureateGroups.includes(share.pilotGroup))
    problems.push({ path: 'laureateGroups', problem: 'pilot_is_laureate' });
  const outside = sorted(share.laureateGroups.filter((g) => !participating.includes(g)));
  if (outside.length) problems.push({ path: 'laureateGroups', problem: 'laureate_not_participating', groups: outside });
  return problems;
}

/**
 * The laureate structures whose figures the caller's structures pilot: in one programme, or in
 * every programme (`project` null: documents, which belong to no programme). Only structures
 * still taking part in that programme count, in case its valuation types changed since.
 */
export function laureatesOf(
  shares: PilotShare[],
  ownGroups: number[],
  project: { pk: number; groups: number[] } | null,
): number[] {
  const out: number[] = [];
  for (const s of shares) {
    if (!ownGroups.includes(s.pilotGroup)) continue;
    if (project && s.project !== project.pk) continue;
    for (const g of s.laureateGroups) if (!project || project.groups.includes(g)) out.push(g);
  }
  return sorted(out.filter((g) => !ownGroups.includes(g)));
}
