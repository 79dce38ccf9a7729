import type { ThermixContext } from './context';
import { computeCostEvolution } from './cost-evolution';
import {
  computeEnvironmentalIndicators,
  renewableElectricityOf,
  type EnvironmentalIndicators,
} from './environmental-indicators';
import { computeOrdinaryPath } from './ordinary-path';
import { computePeriodTotalCost, financialSupportOf, type PeriodTotalCost } from './period-total-cost';
import { prepareSolution } from './prepare-solution';
import type { ThermixSolution } from './request-types';
import type { CumulatedCost, ThermixSystemResult } from './result-types';
import { computeSolarPath, hasThermalSolar } from './solar-path';
import { computeUncoveredNeeds, type UncoveredNeeds } from './uncovered-needs';
import { periodTotalCostWithoutSolar } from './without-solar';

/** Everything computed for one solution, before it is spread over the response's series. */
export interface SolutionComputation {
  systems: ThermixSystemResult[];
  totals: PeriodTotalCost;
  evolution: CumulatedCost[];
  indicators: EnvironmentalIndicators;
  uncoveredNeeds: UncoveredNeeds;
  /** null when the solution has no thermal solar system. */
  periodTotalCostWithoutSolar: number | null;
}

export function computeSolution(ctx: ThermixContext, solution: ThermixSolution, path: string): SolutionComputation {
  const prepared = prepareSolution(ctx, solution, path);
  const support = financialSupportOf(solution);
  const withSolar = hasThermalSolar(prepared);
  const systems = withSolar ? computeSolarPath(ctx, prepared) : computeOrdinaryPath(ctx, prepared);
  const totals = computePeriodTotalCost(systems, support, ctx.housing.isMultiUnit);
  return {
    systems,
    totals,
    evolution: computeCostEvolution(systems, totals.investment, ctx.year, ctx.housing.isMultiUnit),
    indicators: computeEnvironmentalIndicators(systems, renewableElectricityOf(solution), ctx.heatingNetworkId),
    uncoveredNeeds: computeUncoveredNeeds(ctx, systems),
    periodTotalCostWithoutSolar: withSolar ? periodTotalCostWithoutSolar(ctx, prepared, support) : null,
  };
}
