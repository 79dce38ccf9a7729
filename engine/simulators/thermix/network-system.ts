import { secondaryEfficiency } from '../reference/secondary-efficiency';
import { NETWORK, PROJECTION_YEARS } from './constants';
import type { ThermixContext } from './context';
import { constantYearlyCosts } from './fuel-costs';
import { needOf } from './ordinary-system';
import type { PreparedEntry } from './prepared-entry';
import type { ThermixSystemResult } from './result-types';
import { systemResult } from './system-result';

/** Network tariff per MWh of output, seasons weighted: 44.6325 €/MWh. */
export const NETWORK_PRICE_PER_MWH =
  NETWORK.summerWeight * (NETWORK.summerTariff + NETWORK.tariffSurcharge) +
  NETWORK.winterWeight * (NETWORK.winterTariff + NETWORK.tariffSurcharge);

/**
 * Distribution factor u: 1.15 for hot water, and for heating when the hot-water entry of rank k
 * names the same system (k = the heating entry's `index`, else its position); 1.05 otherwise.
 */
export function networkDistributionFactor(
  prepared: PreparedEntry,
  hotWaterSystemIds: readonly (number | null)[],
): number {
  if (prepared.use === 'hotWater') return NETWORK.distributionFactorWithHotWater;
  const rank = prepared.networkRank;
  const sharedWithHotWater =
    rank >= 0 && rank < hotWaterSystemIds.length && hotWaterSystemIds[rank] === prepared.system.id;
  return sharedWithHotWater ? NETWORK.distributionFactorWithHotWater : NETWORK.distributionFactorHeatingOnly;
}

/** Volume reduction ρ of the maintenance cost by kWh of output. */
export function networkVolumeReduction(output: number): number {
  for (const step of NETWORK.volumeReductions) if (output >= step.fromOutput) return step.factor;
  return 1;
}

/**
 * Connection cost by size class; without a class, the request's investment (the reference fails).
 * A building is connected once: when heating already comes from the network, its hot-water entry
 * adds no second connection (the reference charges both; see docs/simulators.md).
 */
export function networkConnectionCost(
  ctx: ThermixContext,
  prepared: PreparedEntry,
  connectedByHeating = false,
): number {
  const sizeClass = ctx.housing.sizeClass;
  if (sizeClass && prepared.use === 'hotWater' && connectedByHeating) return 0;
  return sizeClass ? NETWORK.connectionCost[sizeClass] : prepared.estimatedInvestment;
}

/**
 * kg CO2 per kWh of the network: the entry's own ratio, else the metropole's network override, else
 * 0.0734. The reference always forces 0.0734, which made the screen's 0.031 default (and any ratio
 * the user typed) a figure shown but not used (docs/simulators.md).
 */
export function networkGhgRatio(ctx: ThermixContext, prepared: PreparedEntry): number {
  return prepared.entry.ghgRatio ?? ctx.networkGhgRatio;
}

/** Heating network in metropole mode (reference/simulators.md §6): costs follow the output O. */
export function computeNetworkSystem(
  ctx: ThermixContext,
  prepared: PreparedEntry,
  avoided: number,
  hotWaterSystemIds: readonly (number | null)[],
  connectedByHeating = false,
): ThermixSystemResult {
  const { efficiency } = prepared;
  const useful = Math.max(0, needOf(ctx, prepared) * prepared.productionShare - avoided);
  const distribution = secondaryEfficiency(ctx.data, {
    isHeating: prepared.use === 'heating',
    isMultiUnit: ctx.housing.isMultiUnit,
    isHydro: prepared.system.isHydro,
  });
  const output = distribution > 0 ? useful / distribution : 0;
  const finalEnergy = efficiency > 0 ? output / efficiency : 0;
  const outputMwh = output / 1000;
  const maintenance =
    (NETWORK.maintenancePerMwh * outputMwh * networkVolumeReduction(output)) /
    networkDistributionFactor(prepared, hotWaterSystemIds);
  const yearlyFuelCost =
    NETWORK.summerWeight * (NETWORK.summerTariff + NETWORK.tariffSurcharge) * outputMwh +
    NETWORK.winterWeight * (NETWORK.winterTariff + NETWORK.tariffSurcharge) * outputMwh;
  const ghgRatio = networkGhgRatio(ctx, prepared);
  const carbonEmission = ghgRatio * finalEnergy;
  return systemResult(prepared, {
    estimatedInvestment: networkConnectionCost(ctx, prepared, connectedByHeating),
    maintenanceCost: maintenance,
    // The tariff per MWh, defined even when O = 0 (where the reference divides by zero).
    energyPrice: NETWORK_PRICE_PER_MWH,
    energyPriceVariation: NETWORK.priceVariation,
    provisionsCost: prepared.provisionsCost,
    ghgRatio,
    usefulHeatingProduction: useful,
    systemOutputHeatingProduction: output,
    renewableHeatingProduction: output * NETWORK.renewableRatio,
    finalEnergyConsumption: finalEnergy,
    finalEnergyConsumptionByYear: finalEnergy / PROJECTION_YEARS,
    primaryEnergyConsumption: finalEnergy * prepared.energy.primaryEnergyRatio,
    combustibleCosts: constantYearlyCosts(yearlyFuelCost),
    combustibleCostByYear: yearlyFuelCost,
    carbonEmission,
    taxableCarbonEmission: prepared.energy.combustibleCategory === 'fossil' ? carbonEmission : 0,
    secondaryEfficiency: distribution,
    solarPanelsSurface: prepared.entry.solarPanelsSurface,
    solarProduction: undefined,
  });
}
