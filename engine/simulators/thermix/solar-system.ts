import type { ThermixContext } from './context';
import { constantYearlyCosts } from './fuel-costs';
import { needOf } from './ordinary-system';
import type { PreparedEntry } from './prepared-entry';
import type { ThermixSystemResult } from './result-types';
import { systemResult } from './system-result';

/**
 * Yearly solar production given to one use: the panels' production minus what an earlier use
 * already took, capped at the maximum coverage of the need. Floored at 0: the reference lets it go
 * negative, which would make the backup produce more than the need (see docs/simulators.md).
 */
export function solarProductionFor(ctx: ThermixContext, prepared: PreparedEntry, alreadyConsumed: number): number {
  const cap = ctx.solarMaxCoverage[prepared.use] * needOf(ctx, prepared);
  const available = ctx.solarProdByM2 * prepared.solarPanelsSurface - alreadyConsumed;
  return Math.max(0, Math.min(cap, available));
}

/** A thermal solar entry (reference/simulators.md §5 step 3): 100 % renewable, nothing bought. */
export function computeSolarSystem(
  ctx: ThermixContext,
  prepared: PreparedEntry,
  alreadyConsumed: number,
): ThermixSystemResult {
  const solar = solarProductionFor(ctx, prepared, alreadyConsumed);
  const surface = prepared.solarPanelsSurface;
  return systemResult(prepared, {
    energyPrice: prepared.energyPrice,
    energyPriceVariation: prepared.energyPriceVariation,
    ghgRatio: prepared.ghgRatio,
    // Solar costs are given per m2 of panels.
    estimatedInvestment: prepared.estimatedInvestment * surface,
    maintenanceCost: prepared.maintenanceCost * surface,
    provisionsCost: ctx.housing.isMultiUnit ? prepared.provisionsCost * surface : 0,
    solarPanelsSurface: surface,
    usefulHeatingProduction: solar,
    solarProduction: solar,
    renewableHeatingProduction: solar,
    systemOutputHeatingProduction: 0,
    finalEnergyConsumption: 0,
    finalEnergyConsumptionByYear: 0,
    primaryEnergyConsumption: 0,
    combustibleCosts: constantYearlyCosts(0),
    combustibleCostByYear: 0,
    carbonEmission: 0,
    taxableCarbonEmission: 0,
    secondaryEfficiency: 0,
  });
}
