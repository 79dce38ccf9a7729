import type { ThermixSystemEntry, ThermixNeeds, MetroGrenobleSettings } from './request-types';

export type SystemResultType = 'heating' | 'hot_water';

/** A request entry completed with what the calculation used and produced (kWh, €, kg CO2 per year). */
export interface ThermixSystemResult extends ThermixSystemEntry {
  type: SystemResultType;
  label: string;
  identifier: string;
  productionSystem: number;
  productionShare: number;
  estimatedInvestment: number;
  efficiency: number;
  maintenanceCost: number;
  provisionsCost: number;
  energyPrice: number;
  energyPriceVariation: number;
  /** The ratio actually applied (entry override, energy ratio or network constant). */
  ghgRatio: number;
  usefulHeatingProduction: number;
  systemOutputHeatingProduction: number;
  renewableHeatingProduction: number;
  finalEnergyConsumption: number;
  /** finalEnergyConsumption / 20, kept from the reference (F is already yearly). */
  finalEnergyConsumptionByYear: number;
  primaryEnergyConsumption: number;
  /** Fuel cost of each of the 20 years, €. */
  combustibleCosts: number[];
  combustibleCostByYear: number;
  carbonEmission: number;
  taxableCarbonEmission: number;
  secondaryEfficiency: number;
  /** Thermal solar entries only. */
  solarProduction?: number;
  isThermalSolar?: true;
}

export interface CumulatedCost {
  year: number;
  cumulatedCost: number;
}

export interface ThermixSolutionResult {
  systemsLabels: { heating: string[]; hotWater: string[] };
  systemsResults: ThermixSystemResult[];
  renewableHeatingProductionRatio: number;
  renewableProductionRatio: number;
  periodTotalCost: number;
  periodTotalCostByYear: number;
  primaryEnergyConsumption: number;
  finalEnergyConsumption: number;
  carbonReport: number;
  carbonReportKmEquivalent: number;
  /**
   * Not in the reference: kWh per year of each need no system produces (a thermal solar system
   * without backup, a use without a system). Costs and emissions leave that part out.
   */
  uncoveredNeeds: { heating: number; hotWater: number };
}

export interface PeriodTotalCostSeries {
  combustibleCost: number[];
  maintenanceCost: number[];
  provisionsCost: number[];
  investment: number[];
  periodTotalCostWithoutSolar: (number | null)[];
  financialSupportAmount: (number | null)[];
}

export interface EnvironmentalIndicatorsSeries {
  totalRenewableProduction: number[];
  renewableHeatingProduction: number[];
  renewableHeatingProductionWithoutNetwork: number[];
  renewableHeatingProductionNetworkOnly: number[];
  totalRenewableProductionWithoutNetwork: number[];
  renewableElectricity: (number | null)[];
  primaryEnergyConsumption: number[];
  carbonReport: number[];
  carbonReportKmEquivalent: number[];
}

export interface YearlyPrice {
  year: number;
  /** c€ per kWh; multi-unit housing gets the energy's discount. */
  price: number | null;
}

export interface YearlyEnergyPricesSeries {
  identifier: string;
  priceVariation: number | null;
  yearlyPrices: YearlyPrice[];
}

export interface ThermixResponse {
  solutionsResults: ThermixSolutionResult[];
  periodTotalCostSeries: PeriodTotalCostSeries;
  periodCostEvolutionSeries: CumulatedCost[][];
  environmentalIndicatorsSeries: EnvironmentalIndicatorsSeries;
  yearlyEnergiesPricesSeries: YearlyEnergyPricesSeries[];
  metroGrenobleRequiredEnergyProd: number | null;
  needs: ThermixNeeds;
  metroGrenoble: MetroGrenobleSettings | null;
}
