// The whole thermix simulation as the screens hold it (jotai atoms, kept in sessionStorage).
// Numeric fields of a system definition hold the user's own value, or null for "the default"
// (reference table, structure price, metropole override): see rules/entry-values.ts.

export type Use = 'heating' | 'hotWater';
export type HousingCategory = 'individual' | 'multi_unit';
export type RenovationType = 'new_building' | 'global_renovation' | 'systems_renovation' | 'heating_system_renovation';
export type MetropoleArea = 'A' | 'B' | 'C' | 'D' | 'E';
export type BoilerPower = 'low' | 'high';

/** Hot-water choice « Même appareil que le chauffage »: follows the heating entry of the same rank. */
export const SYNCED_WITH_HEATING = 'synced_with_heating';

/** Why a definition cannot be changed; shown next to it. */
export const LOCK_PRECONISED = 'Système préconisé';

export interface SystemDefinition {
  /** Production-system identifier, SYNCED_WITH_HEATING (hot water only) or null for an empty slot. */
  identifier: string | null;
  /** Heating only: this air/water heat pump and its sibling form a hybrid heat pump. */
  hybrid: boolean;
  /** Share of the need (0 … 1); null = the default (1 for the first entry, 0 for the second). */
  share: number | null;
  efficiency: number | null;
  estimatedInvestment: number | null;
  maintenanceCost: number | null;
  provisionsCost: number | null;
  /** c€/kWh. */
  energyPrice: number | null;
  energyPriceVariation: number | null;
  ghgRatio: number | null;
  solarPanelsSurface: number | null;
  useGreenEnergy: boolean;
  /** Share of the energy bought as a green offer (0 … 1). */
  greenEnergyShare: number | null;
  /** c€/kWh. */
  greenEnergyPrice: number | null;
  greenEnergyGhgRatio: number | null;
  /** The system cannot be changed (metropole preconisation, or a hot-water twin of its heating). */
  locked: boolean;
  lockReason: string | null;
  /** When set, the only identifiers the user may choose (metropole mode). */
  limitedTo: string[] | null;
}

export interface Solution {
  heatingSystems: [SystemDefinition, SystemDefinition];
  hotWaterSystems: [SystemDefinition, SystemDefinition];
  renewableElectricity: boolean;
  /** kWh per year. */
  renewableElectricityProd: number | null;
  financialSupport: boolean;
  /** €. */
  financialSupportAmount: number | null;
  /** Forced by metropole mode: locked, cannot be deleted. */
  isMetroGrenoble: boolean;
}

export interface Needs {
  /** kWh of useful heat per year; 0 = heating not managed. */
  heating: number;
  /** kWh per year; 0 = hot water not managed. */
  hotWater: number;
  housingCategory: HousingCategory;
  dwellingsNumber: number | null;
  renovationType: RenovationType;
}

export interface MetropoleState {
  /** The user says the project is in Grenoble-Alpes Métropole; the mode is on only with an area A–E. */
  enabled: boolean;
  area: MetropoleArea | null;
  inseeCode: string | null;
  /** m, of the building. */
  altitude: number | null;
  /** m². */
  floorSurface: number | null;
  /** m². */
  groundSurface: number | null;
  /** kWh per m² of ground surface; null = 20. */
  requiredEnergyProductionByM2: number | null;
  boilerPower: BoilerPower;
}

export interface InvoiceLine {
  energy: string;
  /** c€/kWh; null = the energy's current price. */
  energyPrice: number | null;
  /** €. */
  amount: number | null;
}

export interface QuantityLine {
  /** Energy-vector identifier (what is bought and its unit). */
  vector: string;
  quantity: number | null;
}

/** Inputs of the estimation pages, kept so that going back shows what was typed. */
export interface EstimationInputs {
  surface: number | null;
  persons: number | null;
  thermalNeedPerM2: number | null;
  altitude: number | null;
  globalTarget: 'bbc' | 'passive';
  era: string | null;
  invoiceMode: 'euros' | 'quantity';
  invoiceIncludesHotWater: boolean;
  invoices: InvoiceLine[];
  quantities: QuantityLine[];
}

/** The user's own values; null = the thermix settings served for them (GET /thermix/settings/). */
export interface ThermixSettingsState {
  /** First year of the projection. */
  year: number | null;
  /** kWh per m² of panels per year. */
  thermalSolarProdByM2: number | null;
}

export interface ThermixState {
  version: 1;
  needs: Needs;
  solutions: [Solution, Solution, Solution, Solution];
  metropole: MetropoleState;
  estimations: EstimationInputs;
  settings: ThermixSettingsState;
}

export const SOLUTION_SLOTS = 4;
