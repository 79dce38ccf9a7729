// Shapes of the simulators' reference data, as in fixtures/reference/energies-reference-data.json.
// The engine never loads this file itself: the caller (server, tests, bench) passes the parsed object.

export type CombustibleCategory = 'fossil' | 'electricity' | 'renewable' | (string & {});

export interface Energy {
  id: number;
  identifier: string;
  label: string;
  primaryEnergyRatio: number;
  ghgRatio: number;
  carbonTax: boolean;
  pciRatio: number | null;
  densityRatio: number | null;
  combustibleCategory: CombustibleCategory;
  priceVariation: number;
  priceMultiUnitDiscount: number;
  // Derived values; the engine recomputes them from the yearly prices (see current-price.ts).
  currentPrice?: number | null;
  currentPriceMultiUnit?: number | null;
}

/** Housing variants of the per-system cost columns (investment, maintenance, provisions). */
export type CostHousingVariant = 'Individual' | 'SmallMultiUnit' | 'MediumMultiUnit' | 'LargeMultiUnit';
export type CostUseVariant = 'Heating' | 'HotWater';
export type CostKind = 'investment' | 'maintenance' | 'provisions';
export type CostColumn = `${CostKind}${CostHousingVariant}${CostUseVariant}`;

export type ProductionSystem = {
  id: number;
  identifier: string;
  label: string;
  /** Identifier of the energy the system consumes. */
  energy: string;
  energyId: number;
  isHeating: boolean;
  isHotWater: boolean;
  isIndividual: boolean;
  isMultiUnit: boolean;
  isHydro: boolean;
  isHeatPump?: boolean;
  isThermalSolar?: boolean;
  efficiencyHeating: number | null;
  efficiencyHotWater: number | null;
  enrRatioHeating: number | null;
  enrRatioHotWater: number | null;
} & { [column in CostColumn]?: number | null };

export interface SecondaryEfficiency {
  id: number;
  isHeating: boolean;
  isMultiUnit: boolean;
  isHydro: boolean;
  ratio: number;
}

export interface BuildingHeatingConsumption {
  id: number;
  criterion: string;
  label: string;
  /** kWh per m2 per year. */
  heatingConsumption: number;
  comment: string;
  order: number;
}

export interface EnergyVector {
  id: number;
  vector: string;
  label: string | null;
  buyingUnit: string;
  /** kWh per buying unit. */
  pci: number;
  unit: string;
  energy: string;
  energyId: number;
  order: number;
}

export interface YearlyEnergyPrice {
  energy: string;
  year: number;
  /** Euro cents per kWh; null when the source has no value for that year. */
  price: number | null;
}

export interface CarbonTax {
  year: number;
  amount: number;
}

export interface ReferenceData {
  energies: readonly Energy[];
  productionSystems: readonly ProductionSystem[];
  secondaryEfficiencies: readonly SecondaryEfficiency[];
  buildingHeatingConsumptions?: readonly BuildingHeatingConsumption[];
  energyVectors?: readonly EnergyVector[];
  yearlyEnergyPrices: readonly YearlyEnergyPrice[];
  carbonTaxes?: readonly CarbonTax[];
}
