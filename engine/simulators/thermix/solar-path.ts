import type { ThermixContext } from './context';
import { computeNonSolarSystem } from './compute-system';
import type { PreparedEntry, PreparedSolution } from './prepared-entry';
import type { ThermixSystemResult } from './result-types';
import { computeSolarSystem } from './solar-system';

export function hasThermalSolar(solution: PreparedSolution): boolean {
  return (
    solution.heating.some((entry) => entry.isThermalSolar) || solution.hotWater.some((entry) => entry.isThermalSolar)
  );
}

/** The solar entry goes first: kept first, or moved from second place in a two-entry list. */
export function solarFirst(entries: readonly PreparedEntry[]): readonly PreparedEntry[] {
  if (entries.length === 2 && !entries[0].isThermalSolar && entries[1].isThermalSolar) return [entries[1], entries[0]];
  return entries;
}

/**
 * Thermal-solar path (reference/simulators.md §5): hot water is served first, the panels' remaining
 * production goes to heating, and each list's backup only produces what solar left. Empty slots were
 * removed while preparing, so they are ignored wherever they stood.
 */
export function computeSolarPath(ctx: ThermixContext, solution: PreparedSolution): ThermixSystemResult[] {
  const results: ThermixSystemResult[] = [];
  let consumed = 0;
  for (const list of [solution.hotWater, solution.heating]) {
    if (list.length === 0) continue;
    const [first, second] = solarFirst(list);
    if (first.isThermalSolar) {
      const solar = computeSolarSystem(ctx, first, consumed);
      results.push(solar);
      consumed = solar.usefulHeatingProduction;
    } else {
      results.push(computeNonSolarSystem(ctx, solution, first, 0));
      consumed = 0;
    }
    if (list.length === 2) results.push(computeNonSolarSystem(ctx, solution, second, consumed));
  }
  return results;
}
