// Constants of the thermix calculation (reference/simulators.md §15). Kept together so that the
// explanations quote exactly the values the calculation uses.

export const PROJECTION_YEARS = 20;
export const CENTS_PER_EURO = 100;

/**
 * Share of each need that thermal solar may cover at most when the request does not say (the
 * reference's values); the screens send the user's settings (thermalSolarMaxProdRatio*).
 */
export const SOLAR_MAX_COVERAGE = { heating: 0.15, hotWater: 0.7 } as const;

/** Primary-energy factor of electricity used in the heat-pump renewable ratio 1 − 2.58 / COP. */
export const HEAT_PUMP_PRIMARY_FACTOR = 2.58;

/**
 * kg CO2 emitted per km by an average car. The car-km equivalent is emissions ÷ this factor; the
 * reference multiplies instead (1 563 kg → 339 km instead of ≈ 7 200 km), see docs/simulators.md.
 */
export const CAR_KG_CO2_PER_KM = 0.217;

export const NETWORK = {
  distributionFactorWithHotWater: 1.15,
  distributionFactorHeatingOnly: 1.05,
  /** €/MWh of output, divided by the distribution factor. */
  maintenancePerMwh: 34.02,
  volumeReductions: [
    { fromOutput: 1_260_000, factor: 0.76 },
    { fromOutput: 315_000, factor: 0.88 },
  ],
  connectionCost: { small: 12_953, medium: 15_677, large: 22_536 },
  /** €/MWh of output: energy price + subscription part, and the weight of each season. */
  summerTariff: 37.16,
  winterTariff: 46.71,
  tariffSurcharge: 0.31,
  summerWeight: 0.25,
  winterWeight: 0.75,
  renewableRatio: 0.83,
  ghgRatio: 0.0734,
  priceVariation: 0,
} as const;

export const METROPOLE_REQUIREMENT = {
  minimumFloorSurface: 1000,
  defaultRequiredProductionByM2: 20,
} as const;

export const DEFAULT_THERMAL_SOLAR_PROD_BY_M2 = 450;
