import type { ThermixContext } from './context';
import { computeNonSolarSystem } from './compute-system';
import type { PreparedSolution } from './prepared-entry';
import type { ThermixSystemResult } from './result-types';

/** Every heating entry, then every hot-water entry, in list order; nothing is avoided. */
export function computeOrdinaryPath(ctx: ThermixContext, solution: PreparedSolution): ThermixSystemResult[] {
  const results: ThermixSystemResult[] = [];
  for (const prepared of solution.heating) results.push(computeNonSolarSystem(ctx, solution, prepared, 0));
  for (const prepared of solution.hotWater) results.push(computeNonSolarSystem(ctx, solution, prepared, 0));
  return results;
}
