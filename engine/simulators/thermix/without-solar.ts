import type { ThermixContext } from './context';
import { computeOrdinaryPath } from './ordinary-path';
import { computePeriodTotalCost } from './period-total-cost';
import type { PreparedEntry, PreparedSolution } from './prepared-entry';

/**
 * The same solution without its thermal solar systems (reference/simulators.md §10): in each list
 * that held a solar entry, the remaining systems take the whole need (share 1); lists without solar
 * keep their shares. Returns the 20-year total cost of that copy, with the original support.
 */
export function periodTotalCostWithoutSolar(
  ctx: ThermixContext,
  solution: PreparedSolution,
  financialSupport: number | null,
): number {
  const copy: PreparedSolution = {
    heating: withoutSolar(solution.heating),
    hotWater: withoutSolar(solution.hotWater),
    hotWaterSystemIds: solution.hotWaterSystemIds,
  };
  const systems = computeOrdinaryPath(ctx, copy);
  return computePeriodTotalCost(systems, financialSupport, ctx.housing.isMultiUnit).overallTotal;
}

function withoutSolar(entries: readonly PreparedEntry[]): PreparedEntry[] {
  const remaining = entries.filter((entry) => !entry.isThermalSolar);
  if (remaining.length === entries.length) return remaining;
  return remaining.map((entry) => ({ ...entry, productionShare: 1 }));
}
