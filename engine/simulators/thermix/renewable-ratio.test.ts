import { describe, expect, it } from 'vitest';
import { referenceData } from '../test-support/reference-data';
import { heatPumpRenewableRatio, renewableRatio } from './renewable-ratio';

describe('heatPumpRenewableRatio', () => {
  it('is 1 − 2.58 / COP rounded to 2 decimals', () => {
    // 1 − 2.58 / 3.4 = 0.241176… → 0.24
    expect(heatPumpRenewableRatio(3.4)).toBe(0.24);
    // 1 − 2.58 / 3.8 = 0.321052… → 0.32
    expect(heatPumpRenewableRatio(3.8)).toBe(0.32);
    // 1 − 2.58 / 2.6 = 0.007692… → 0.01
    expect(heatPumpRenewableRatio(2.6)).toBe(0.01);
  });

  it('rounds an exact tie half to even, in decimal', () => {
    // 2.58 / 6.88 = 0.375 exactly, so 1 − 0.375 = 0.625: the even neighbour is 0.62 (half up gives 0.63)
    expect(heatPumpRenewableRatio(6.88)).toBe(0.62);
    // 2.58 / 20.64 = 0.125 exactly, so 0.875: the even neighbour is 0.88
    expect(heatPumpRenewableRatio(20.64)).toBe(0.88);
  });

  it('is 0 when the ratio is not positive or the COP is 0', () => {
    expect(heatPumpRenewableRatio(2.58)).toBe(0);
    // 1 − 2.58 / 2.2 = −0.1727… → 0
    expect(heatPumpRenewableRatio(2.2)).toBe(0);
    expect(heatPumpRenewableRatio(0)).toBe(0);
  });
});

describe('renewableRatio', () => {
  const system = (identifier: string) => referenceData.productionSystems.find((s) => s.identifier === identifier)!;

  it('uses the entry COP for heat pumps, for both uses', () => {
    // thermodynamic_cmv stores 0.5 / 0.17 but the ratio comes from the COP: 1 − 2.58 / 5.16 = 0.5
    expect(renewableRatio(system('thermodynamic_cmv'), 'hotWater', 5.16)).toBe(0.5);
    expect(renewableRatio(system('heat_pump_air_water'), 'heating', 3.4)).toBe(0.24);
  });

  it('uses the table for other systems, null counting as 0', () => {
    expect(renewableRatio(system('log_boiler'), 'heating', 0.72)).toBe(1);
    expect(renewableRatio(system('heat_pump_using_waste_heat'), 'hotWater', 3.1)).toBe(0.17);
    expect(renewableRatio(system('ceti_outside_air'), 'hotWater', 1.7)).toBe(0);
    expect(renewableRatio(system('electric_radiators'), 'hotWater', 1)).toBe(0);
  });
});
