/**
 * The directory's public search rules (spec 03 §2, reference §4.2), pure so that the server, the
 * screens and the tests share them.
 */

export interface TreeLink {
  activity: number;
  subMission: number;
}
export interface TreeNode {
  pk: number;
  order: number;
  name: string;
  helpText?: string;
}
export interface TreeSubMission extends TreeNode {
  mission: number;
}
export interface SearchTreeActivity extends TreeNode {
  icon?: string;
  missions: (TreeNode & { subMissions: TreeNode[] })[];
}

const byOrder = (a: TreeNode, b: TreeNode) => a.order - b.order || a.pk - b.pk;

/**
 * The three levels of the search: activities by order; for each, the missions owning at least one
 * sub-mission linked to it (any segment), by order; under each, those linked sub-missions by order.
 * An activity without any link is left out (a visitor would reach an empty step).
 */
export function buildSearchTree(
  activities: (TreeNode & { icon?: string })[],
  missions: TreeNode[],
  subMissions: TreeSubMission[],
  links: TreeLink[],
): SearchTreeActivity[] {
  const linked = new Map<number, Set<number>>();
  for (const l of links) {
    if (!linked.has(l.activity)) linked.set(l.activity, new Set());
    linked.get(l.activity)!.add(l.subMission);
  }
  const out: SearchTreeActivity[] = [];
  for (const a of [...activities].sort(byOrder)) {
    const subs = subMissions.filter((s) => linked.get(a.pk)?.has(s.pk));
    const ms = [...missions]
      .sort(byOrder)
      .map((m) => ({
        pk: m.pk,
        order: m.order,
        name: m.name,
        helpText: m.helpText ?? '',
        subMissions: subs
          .filter((s) => s.mission === m.pk)
          .sort(byOrder)
          .map((s) => ({ pk: s.pk, order: s.order, name: s.name, helpText: s.helpText ?? '' })),
      }))
      .filter((m) => m.subMissions.length > 0);
    if (ms.length) out.push({ pk: a.pk, order: a.order, name: a.name, icon: a.icon, missions: ms });
  }
  return out;
}

/** What the search needs of a sheet and of its published presentation. */
export interface SearchCandidate {
  proIsValid: boolean;
  transitionState: string;
  isMonAccompagnateurRenov?: boolean;
  activities: number[];
  subMissions: number[];
}

/**
 * Whether a sheet answers a search: only valid and published sheets ever do (the reference showed
 * every sheet, quirk §8.2); then either the MAR list (every MAR professional), or the activity
 * among the presentation's activities and the sub-mission among its sub-missions.
 */
export function matchesSearch(
  c: SearchCandidate,
  query: { activity: number; subMission: number } | { mar: true },
): boolean {
  if (c.proIsValid !== true || c.transitionState !== 'published') return false;
  if ('mar' in query) return c.isMonAccompagnateurRenov === true;
  return c.activities.includes(query.activity) && c.subMissions.includes(query.subMission);
}

/** mulberry32: a small, fast 32-bit generator; the same seed gives the same sequence everywhere. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The random order of the results (« Les professionnels sont présentés dans un ordre aléatoire »):
 * a Fisher–Yates shuffle driven by the search's seed, over the keys sorted first, so that the
 * pages of one search (same seed) share one order, and a new search (new seed) gets another.
 */
export function seededShuffle<T>(items: T[], seed: number, key: (item: T) => number): T[] {
  const out = [...items].sort((a, b) => key(a) - key(b));
  const next = generator(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A seed for a new search: a positive 31-bit integer (it travels in the address). */
export function newSeed(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 0x7ffffffe);
}

/**
 * Great-circle distance in kilometres (haversine, mean Earth radius): « à 12 km » on a card, from
 * the centre of the commune the visitor chose to the professional's position.
 */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a sheet has a position (the reference stores « not located » as 0, 0). */
export function located(p: { lat?: unknown; lon?: unknown }): p is { lat: number; lon: number } {
  return (
    typeof p.lat === 'number' &&
    typeof p.lon === 'number' &&
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lon) &&
    (p.lat !== 0 || p.lon !== 0)
  );
}
