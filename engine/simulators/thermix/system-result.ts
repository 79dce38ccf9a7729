import type { PreparedEntry } from './prepared-entry';
import type { SystemResultType, ThermixSystemResult } from './result-types';

/** What a calculation path computed for one entry: the result's figures, every one required (solar ones aside). */
export type SystemFigures = Pick<
  ThermixSystemResult,
  | 'estimatedInvestment'
  | 'maintenanceCost'
  | 'provisionsCost'
  | 'energyPrice'
  | 'energyPriceVariation'
  | 'ghgRatio'
  | 'usefulHeatingProduction'
  | 'systemOutputHeatingProduction'
  | 'renewableHeatingProduction'
  | 'finalEnergyConsumption'
  | 'finalEnergyConsumptionByYear'
  | 'primaryEnergyConsumption'
  | 'combustibleCosts'
  | 'combustibleCostByYear'
  | 'carbonEmission'
  | 'taxableCarbonEmission'
  | 'secondaryEfficiency'
> & {
  solarPanelsSurface: number | null | undefined;
  solarProduction: number | undefined;
};

export function resultType(prepared: PreparedEntry): SystemResultType {
  return prepared.use === 'heating' ? 'heating' : 'hot_water';
}

/**
 * The request entry echoed with the values the calculation settled on and its figures. Built as one
 * literal of fixed shape rather than by spreading the entry: spreading made this the hot spot of the
 * calculation, and the request schema admits no other entry keys anyway. Absent echoes stay
 * undefined, which JSON leaves out.
 */
export function systemResult(prepared: PreparedEntry, figures: SystemFigures): ThermixSystemResult {
  const { entry, system } = prepared;
  return {
    index: entry.index,
    type: resultType(prepared),
    label: system.label,
    identifier: system.identifier,
    productionSystem: system.id,
    productionShare: prepared.productionShare,
    efficiency: prepared.efficiency,
    estimatedInvestment: figures.estimatedInvestment,
    maintenanceCost: figures.maintenanceCost,
    provisionsCost: figures.provisionsCost,
    energyPrice: figures.energyPrice,
    energyPriceVariation: figures.energyPriceVariation,
    ghgRatio: figures.ghgRatio,
    solarPanelsSurface: figures.solarPanelsSurface,
    useGreenEnergy: entry.useGreenEnergy,
    greenEnergyShare: entry.greenEnergyShare,
    greenEnergyPrice: entry.greenEnergyPrice,
    greenEnergyGhgRatio: entry.greenEnergyGhgRatio,
    usefulHeatingProduction: figures.usefulHeatingProduction,
    systemOutputHeatingProduction: figures.systemOutputHeatingProduction,
    renewableHeatingProduction: figures.renewableHeatingProduction,
    finalEnergyConsumption: figures.finalEnergyConsumption,
    finalEnergyConsumptionByYear: figures.finalEnergyConsumptionByYear,
    primaryEnergyConsumption: figures.primaryEnergyConsumption,
    combustibleCosts: figures.combustibleCosts,
    combustibleCostByYear: figures.combustibleCostByYear,
    carbonEmission: figures.carbonEmission,
    taxableCarbonEmission: figures.taxableCarbonEmission,
    secondaryEfficiency: figures.secondaryEfficiency,
    solarProduction: figures.solarProduction,
    isThermalSolar: figures.solarProduction === undefined ? undefined : true,
  };
}
