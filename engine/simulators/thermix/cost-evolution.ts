import { PROJECTION_YEARS } from './constants';
import type { CumulatedCost, ThermixSystemResult } from './result-types';

/**
 * Cumulated cost at the end of each year, starting from the investment after support
 * (reference/simulators.md §8). The last value equals the period total cost.
 */
export function computeCostEvolution(
  systems: readonly ThermixSystemResult[],
  investmentAfterSupport: number,
  firstYear: number,
  isMultiUnit: boolean,
): CumulatedCost[] {
  let yearlyFixed = 0;
  for (const system of systems) yearlyFixed += system.maintenanceCost + (isMultiUnit ? system.provisionsCost : 0);
  const series: CumulatedCost[] = [];
  let cumulated = investmentAfterSupport;
  for (let year = 0; year < PROJECTION_YEARS; year++) {
    let fuel = 0;
    for (const system of systems) fuel += system.combustibleCosts[year];
    cumulated += fuel + yearlyFixed;
    series.push({ year: firstYear + year, cumulatedCost: cumulated });
  }
  return series;
}
