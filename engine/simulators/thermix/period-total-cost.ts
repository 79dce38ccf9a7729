import { PROJECTION_YEARS } from './constants';
import { sumOf } from './fuel-costs';
import type { ThermixSolution } from './request-types';
import type { ThermixSystemResult } from './result-types';

/** 20-year cost breakdown of one solution, € (reference/simulators.md §7). */
export interface PeriodTotalCost {
  combustibleCost: number;
  maintenanceCost: number;
  provisionsCost: number;
  /** Investment before financial support. */
  investmentBeforeSupport: number;
  /** Investment after financial support, never below 0. */
  investment: number;
  /** null when the solution has no financial support. */
  financialSupportAmount: number | null;
  overallTotal: number;
  overallTotalByYear: number;
}

export function financialSupportOf(solution: ThermixSolution): number | null {
  return solution.financialSupport === true ? (solution.financialSupportAmount ?? 0) : null;
}

/** Support only lowers the investment, and never below 0. */
export function investmentAfterSupport(investment: number, support: number | null): number {
  return support === null ? investment : Math.max(0, investment - support);
}

export function computePeriodTotalCost(
  systems: readonly ThermixSystemResult[],
  financialSupport: number | null,
  isMultiUnit: boolean,
): PeriodTotalCost {
  let combustibleCost = 0;
  let investmentBeforeSupport = 0;
  let yearlyMaintenance = 0;
  let yearlyProvisions = 0;
  for (const system of systems) {
    combustibleCost += sumOf(system.combustibleCosts);
    investmentBeforeSupport += system.estimatedInvestment;
    yearlyMaintenance += system.maintenanceCost;
    yearlyProvisions += system.provisionsCost;
  }
  const maintenanceCost = yearlyMaintenance * PROJECTION_YEARS;
  const provisionsCost = isMultiUnit ? yearlyProvisions * PROJECTION_YEARS : 0;
  const investment = investmentAfterSupport(investmentBeforeSupport, financialSupport);
  const overallTotal = combustibleCost + maintenanceCost + provisionsCost + investment;
  return {
    combustibleCost,
    maintenanceCost,
    provisionsCost,
    investmentBeforeSupport,
    investment,
    financialSupportAmount: financialSupport,
    overallTotal,
    overallTotalByYear: overallTotal / PROJECTION_YEARS,
  };
}
