import { describe, expect, it } from 'vitest';
import { initialTherminix, normalizeTherminix, therminixRequest } from './state';

describe('therminix informations step', () => {
  it('sends only what is filled, and no hot water for a heating-system renovation', () => {
    expect(therminixRequest(initialTherminix())).toEqual({ housingType: 'individual' });
    const full = {
      ...initialTherminix(),
      renovationType: 'heating_system_renovation' as const,
      floorSurface: 100,
      heatingSystem: 'oil_boiler_standard',
      hotWaterSystem: 'electric_water_heater',
      heatingNeeds: 12000,
      hotWaterNeeds: 2000,
    };
    expect(therminixRequest(full)).toEqual({
      housingType: 'individual',
      renovationType: 'heating_system_renovation',
      floorSurface: 100,
      heatingSystem: 'oil_boiler_standard',
      heatingNeeds: 12000,
    });
  });

  it('reads back a stored state, dropping what it does not know', () => {
    const restored = normalizeTherminix({
      version: 1,
      housingType: 'castle',
      renovationType: 'new_building',
      floorSurface: '12',
      heatingNeeds: 5000,
      estimations: { surface: 90, invoices: 'x' },
    });
    expect(restored).toMatchObject({
      housingType: 'individual',
      renovationType: 'new_building',
      floorSurface: null,
      heatingNeeds: 5000,
    });
    expect(restored.estimations.surface).toBe(90);
    expect(restored.estimations.invoices.length).toBe(1);
  });
});
