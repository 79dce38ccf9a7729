// Fixed identifier lists of the calculation. The reference data carries derived isHeatPump and
// isThermalSolar flags, but the calculation keys on these lists, so an edited flag cannot change a result.

/** Systems whose renewable ratio comes from their COP (1 − 2.58 / COP), not from the table. */
export const HEAT_PUMP_IDENTIFIERS: ReadonlySet<string> = new Set([
  'heat_pump_air_air',
  'heat_pump_air_water',
  'heat_pump_geothermal_lte',
  'heat_pump_geothermal_vlte',
  'thermodynamic_cmv',
]);

export const SOLAR_SYSTEM_COMBINED = 'solar_system_combined';
export const SOLAR_WATER_HEATER = 'solar_water_heater';

/** Thermal solar systems switch the whole solution to the thermal-solar path. */
export const THERMAL_SOLAR_IDENTIFIERS: ReadonlySet<string> = new Set([SOLAR_SYSTEM_COMBINED, SOLAR_WATER_HEATER]);

export const HEATING_NETWORK = 'heating_network';

/** Energies shown in the yearly price chart of the results, in display order. */
export const YEARLY_PRICE_SERIES_ENERGIES: readonly string[] = [
  'oil',
  'gaz_b1',
  'propane',
  'electricity',
  'wood',
  'shredded_wood',
  'bulk_granules',
  'bag_granules',
];

export function isHeatPump(identifier: string): boolean {
  return HEAT_PUMP_IDENTIFIERS.has(identifier);
}

export function isThermalSolar(identifier: string): boolean {
  return THERMAL_SOLAR_IDENTIFIERS.has(identifier);
}
