import { describe, expect, it } from 'vitest';
import { referenceData } from '../test-support/reference-data';
import { productionSystemByIdentifier } from './production-system-lookup';
import { systemEntryDefaults, type HousingProfile } from './system-defaults';

const system = (identifier: string) => productionSystemByIdentifier(referenceData, identifier)!;
const individual: HousingProfile = { isMultiUnit: false, sizeClass: null, dwellingsNumber: null };
const large: HousingProfile = { isMultiUnit: true, sizeClass: 'large', dwellingsNumber: 200 };

describe('systemEntryDefaults', () => {
  it('takes the individual columns and the current price in a house', () => {
    expect(systemEntryDefaults(referenceData, system('oil_boiler_standard'), 'hotWater', individual)).toEqual({
      efficiency: 0.58,
      estimatedInvestment: 5_000,
      maintenanceCost: 150,
      provisionsCost: 0,
      energyPrice: 8.65, // mean of the oil prices 2017–2019: (7.43 + 9.14 + 9.38) / 3 = 8.65
      energyPriceVariation: 0.0497,
      ghgRatio: 0.324,
      solarPanelsSurface: 0,
    });
  });

  it('takes the size-class columns, provisions and the multi-unit price in a building', () => {
    const defaults = systemEntryDefaults(referenceData, system('oil_boiler_standard'), 'heating', large);
    expect(defaults.estimatedInvestment).toBe(45_000);
    expect(defaults.maintenanceCost).toBe(6_000);
    expect(defaults.provisionsCost).toBe(1_350);
    expect(defaults.energyPrice).toBe(7.35); // 8.65 × 0.85 = 7.3525 → 7.35
  });

  it('gives 0 where the table has no value, and the spec panel surfaces for solar', () => {
    const fireplace = systemEntryDefaults(referenceData, system('fireplace'), 'heating', individual);
    expect([fireplace.estimatedInvestment, fireplace.maintenanceCost]).toEqual([0, 0]);
    expect(
      systemEntryDefaults(referenceData, system('solar_system_combined'), 'heating', individual).solarPanelsSurface,
    ).toBe(10);
    expect(
      systemEntryDefaults(referenceData, system('solar_water_heater'), 'hotWater', individual).solarPanelsSurface,
    ).toBe(4);
    // multi-unit: 5 and 2 m² per dwelling
    expect(
      systemEntryDefaults(referenceData, system('solar_system_combined'), 'heating', large).solarPanelsSurface,
    ).toBe(5 * 200);
    expect(systemEntryDefaults(referenceData, system('solar_water_heater'), 'hotWater', large).solarPanelsSurface).toBe(
      2 * 200,
    );
  });
});
