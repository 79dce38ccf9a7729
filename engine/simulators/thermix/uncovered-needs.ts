import type { ThermixContext } from './context';
import type { ThermixSystemResult } from './result-types';

/** kWh per year of each need that no system of the solution produces. */
export interface UncoveredNeeds {
  heating: number;
  hotWater: number;
}

/**
 * The part of each yearly need left without a system: need − Σ useful production of that use,
 * never below 0. A thermal solar system alone covers at most its ceiling (15 % of heating by
 * default), and a solution without a hot-water system covers no hot water: without this figure
 * such a solution looked complete and cheapest, since the need it leaves costs nothing.
 */
export function computeUncoveredNeeds(ctx: ThermixContext, systems: readonly ThermixSystemResult[]): UncoveredNeeds {
  let heating = 0;
  let hotWater = 0;
  for (const system of systems) {
    if (system.type === 'heating') heating += system.usefulHeatingProduction;
    else hotWater += system.usefulHeatingProduction;
  }
  return { heating: leftOver(ctx.needs.heating, heating), hotWater: leftOver(ctx.needs.hotWater, hotWater) };
}

function leftOver(need: number, covered: number): number {
  const rest = need - covered;
  // Solar plus its backup add up to the need up to rounding: that is no uncovered need.
  return rest > 1e-9 * Math.max(1, need) ? rest : 0;
}
