import { secondaryEfficiency } from '../reference/secondary-efficiency';
import { PROJECTION_YEARS } from './constants';
import type { ThermixContext } from './context';
import { sumOf, yearlyFuelCosts } from './fuel-costs';
import type { PreparedEntry } from './prepared-entry';
import { renewableRatio } from './renewable-ratio';
import type { ThermixSystemResult } from './result-types';
import { systemResult } from './system-result';

export function needOf(ctx: ThermixContext, prepared: PreparedEntry): number {
  return prepared.use === 'heating' ? ctx.needs.heating : ctx.needs.hotWater;
}

/**
 * One system on the ordinary path (reference/simulators.md §4). `avoided` is the solar production
 * already covering part of this use's need (solar path backups only).
 */
export function computeOrdinarySystem(
  ctx: ThermixContext,
  prepared: PreparedEntry,
  avoided: number,
): ThermixSystemResult {
  const { system, efficiency } = prepared;
  const useful = Math.max(0, needOf(ctx, prepared) * prepared.productionShare - avoided);
  const distribution = secondaryEfficiency(ctx.data, {
    isHeating: prepared.use === 'heating',
    isMultiUnit: ctx.housing.isMultiUnit,
    isHydro: system.isHydro,
  });
  // The table never holds 0, but the data comes from the caller: no division by zero.
  const output = distribution > 0 ? useful / distribution : 0;
  const finalEnergy = efficiency > 0 ? output / efficiency : 0;
  const combustibleCosts = yearlyFuelCosts(prepared.energyPrice, finalEnergy, prepared.energyPriceVariation);
  const carbonEmission = prepared.ghgRatio * finalEnergy;
  return systemResult(prepared, {
    estimatedInvestment: prepared.estimatedInvestment,
    maintenanceCost: prepared.maintenanceCost,
    provisionsCost: prepared.provisionsCost,
    energyPrice: prepared.energyPrice,
    energyPriceVariation: prepared.energyPriceVariation,
    ghgRatio: prepared.ghgRatio,
    usefulHeatingProduction: useful,
    systemOutputHeatingProduction: output,
    renewableHeatingProduction: output * renewableRatio(system, prepared.use, efficiency),
    finalEnergyConsumption: finalEnergy,
    finalEnergyConsumptionByYear: finalEnergy / PROJECTION_YEARS,
    primaryEnergyConsumption: finalEnergy * prepared.energy.primaryEnergyRatio,
    combustibleCosts,
    combustibleCostByYear: sumOf(combustibleCosts) / PROJECTION_YEARS,
    carbonEmission,
    taxableCarbonEmission: prepared.energy.combustibleCategory === 'fossil' ? carbonEmission : 0,
    secondaryEfficiency: distribution,
    solarPanelsSurface: prepared.entry.solarPanelsSurface,
    solarProduction: undefined,
  });
}
