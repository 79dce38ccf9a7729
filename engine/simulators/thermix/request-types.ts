// Request of POST /thermix/compute_results, camelCase. Numeric fields of an entry that are absent or
// null take the UI's default from the reference data (see reference/system-defaults.ts).

export interface ThermixNeeds {
  /** kWh of useful heat per year; 0 means heating is not managed. */
  heating: number;
  /** kWh of useful heat per year; 0 means hot water is not managed. */
  hotWater: number;
  housingCategory?: string | null;
  dwellingsNumber?: number | null;
  renovationType?: string | null;
}

export interface ThermixSystemEntry {
  /** Used only by the metropole heating-network rule; defaults to the entry's position in its list. */
  index?: number | null;
  /** Production system id; 0 or null is an empty slot. Takes precedence over `identifier`. */
  productionSystem?: number | null;
  /** Production system identifier, an alternative to the id. */
  identifier?: string | null;
  productionShare?: number | null;
  /** € (thermal solar: € per m2 of panels). */
  estimatedInvestment?: number | null;
  efficiency?: number | null;
  /** € per year (thermal solar: per m2). */
  maintenanceCost?: number | null;
  /** € per year, multi-unit housing only (thermal solar: per m2). */
  provisionsCost?: number | null;
  /** c€ per kWh of final energy. */
  energyPrice?: number | null;
  energyPriceVariation?: number | null;
  /** kg CO2 per kWh of final energy; replaces the energy's ratio. */
  ghgRatio?: number | null;
  solarPanelsSurface?: number | null;
  // Accepted and echoed, not used by the calculation (reference/simulators.md §17).
  useGreenEnergy?: boolean | null;
  greenEnergyShare?: number | null;
  greenEnergyPrice?: number | null;
  greenEnergyGhgRatio?: number | null;
}

export interface ThermixSolution {
  index?: number | null;
  heatingSystems?: ThermixSystemEntry[] | null;
  hotWaterSystems?: ThermixSystemEntry[] | null;
  renewableElectricity?: boolean | null;
  /** kWh per year. */
  renewableElectricityProduction?: number | null;
  /** The UI specification's name for renewableElectricityProduction; the longer name wins. */
  renewableElectricityProd?: number | null;
  financialSupport?: boolean | null;
  financialSupportAmount?: number | null;
  isMetroGrenoble?: boolean | null;
}

export interface EnergyOverride {
  priceVariation?: number | null;
  ghgRatio?: number | null;
}

export interface MetroGrenobleSettings {
  enabled?: boolean | null;
  renovationType?: string | null;
  floorSurface?: number | null;
  groundSurface?: number | null;
  requiredEnergyProductionByM2?: number | null;
  energiesOverridedData?: Record<string, EnergyOverride | null> | null;
  [uiState: string]: unknown;
}

export interface ThermixRequest {
  /** First year of the projection; labels the cumulated-cost series. */
  year: number;
  /** kWh per m2 of panels per year. */
  thermalSolarProdByM2: number;
  needs: ThermixNeeds;
  solutions: ThermixSolution[];
  /** Share of the heating need thermal solar may cover at most (0–1); 0.15 when absent. */
  thermalSolarMaxProdRatioHeating?: number | null;
  /** Share of the hot-water need thermal solar may cover at most (0–1); 0.7 when absent. */
  thermalSolarMaxProdRatioHotWater?: number | null;
  metroGrenoble?: MetroGrenobleSettings | null;
  /** Accepted and not used: the carbon tax is part of the energy prices (docs/simulators.md). */
  customCarbonTax?: { year?: number | null; amount?: number | null } | null;
  user?: unknown;
  advisor?: unknown;
}

export interface ComputeOptions {
  /** Calendar year that ends the yearly price window; defaults to the clock's year. */
  currentYear?: number;
}
