import { isThermalSolar, SOLAR_SYSTEM_COMBINED } from './identifiers';
import { currentPrice, currentPriceMultiUnit } from './current-price';
import { energyOfSystem } from './production-system-lookup';
import type { MultiUnitSizeClass } from './size-class';
import type { CostColumn, CostHousingVariant, CostKind, ProductionSystem, ReferenceData } from './types';

export type SystemUse = 'heating' | 'hotWater';

export interface HousingProfile {
  isMultiUnit: boolean;
  sizeClass: MultiUnitSizeClass | null;
  dwellingsNumber: number | null;
}

/** The values the UI pre-fills for a system entry, taken from the reference data. */
export interface SystemEntryDefaults {
  efficiency: number;
  estimatedInvestment: number;
  maintenanceCost: number;
  provisionsCost: number;
  energyPrice: number;
  energyPriceVariation: number;
  ghgRatio: number;
  solarPanelsSurface: number;
}

const HOUSING_VARIANT: Record<MultiUnitSizeClass, CostHousingVariant> = {
  small: 'SmallMultiUnit',
  medium: 'MediumMultiUnit',
  large: 'LargeMultiUnit',
};

// Spec 02 §9: panel surface defaults; multi-unit values are per dwelling.
const SOLAR_SURFACE_INDIVIDUAL = { combined: 10, waterHeater: 4 };
const SOLAR_SURFACE_PER_DWELLING = { combined: 5, waterHeater: 2 };

/** A cost column of the table for the housing profile, or null when the table has no value. */
export function tableCost(
  system: ProductionSystem,
  kind: CostKind,
  use: SystemUse,
  housing: HousingProfile,
): number | null {
  const variant: CostHousingVariant | null = housing.isMultiUnit
    ? housing.sizeClass && HOUSING_VARIANT[housing.sizeClass]
    : 'Individual';
  if (!variant) return null;
  const column = `${kind}${variant}${use === 'heating' ? 'Heating' : 'HotWater'}` as CostColumn;
  return system[column] ?? null;
}

export function tableEfficiency(system: ProductionSystem, use: SystemUse): number | null {
  return use === 'heating' ? system.efficiencyHeating : system.efficiencyHotWater;
}

export function defaultSolarPanelsSurface(system: ProductionSystem, housing: HousingProfile): number {
  if (!isThermalSolar(system.identifier)) return 0;
  const combined = system.identifier === SOLAR_SYSTEM_COMBINED;
  if (!housing.isMultiUnit) return combined ? SOLAR_SURFACE_INDIVIDUAL.combined : SOLAR_SURFACE_INDIVIDUAL.waterHeater;
  const perDwelling = combined ? SOLAR_SURFACE_PER_DWELLING.combined : SOLAR_SURFACE_PER_DWELLING.waterHeater;
  return perDwelling * (housing.dwellingsNumber ?? 0);
}

/** Provisions for major repairs exist only in multi-unit housing. */
export function tableProvisions(system: ProductionSystem, use: SystemUse, housing: HousingProfile): number | null {
  return housing.isMultiUnit ? tableCost(system, 'provisions', use, housing) : null;
}

/** The energy's current price, discounted for multi-unit housing; 0 when the energy has no price. */
export function defaultEnergyPrice(data: ReferenceData, energyIdentifier: string, housing: HousingProfile): number {
  return (
    (housing.isMultiUnit ? currentPriceMultiUnit(data, energyIdentifier) : currentPrice(data, energyIdentifier)) ?? 0
  );
}

/** Defaults for every numeric field of an entry; missing table values count as 0. */
export function systemEntryDefaults(
  data: ReferenceData,
  system: ProductionSystem,
  use: SystemUse,
  housing: HousingProfile,
): SystemEntryDefaults {
  const energy = energyOfSystem(data, system);
  return {
    efficiency: tableEfficiency(system, use) ?? 0,
    estimatedInvestment: tableCost(system, 'investment', use, housing) ?? 0,
    maintenanceCost: tableCost(system, 'maintenance', use, housing) ?? 0,
    provisionsCost: tableProvisions(system, use, housing) ?? 0,
    energyPrice: defaultEnergyPrice(data, energy.identifier, housing),
    energyPriceVariation: energy.priceVariation ?? 0,
    ghgRatio: energy.ghgRatio,
    solarPanelsSurface: defaultSolarPanelsSurface(system, housing),
  };
}
