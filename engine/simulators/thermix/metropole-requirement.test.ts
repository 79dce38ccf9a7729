import { describe, expect, it } from 'vitest';
import { metropoleRequiredEnergyProduction } from './metropole-requirement';

describe('metropoleRequiredEnergyProduction', () => {
  const base = { enabled: true, renovationType: 'new_building', floorSurface: 1_200, groundSurface: 400 };

  it('is ground surface × 20 kWh/m2 by default for a large new building', () => {
    expect(metropoleRequiredEnergyProduction(base)).toBe(400 * 20);
    expect(metropoleRequiredEnergyProduction({ ...base, requiredEnergyProductionByM2: 0 })).toBe(400 * 20);
    expect(metropoleRequiredEnergyProduction({ ...base, requiredEnergyProductionByM2: null })).toBe(400 * 20);
    expect(metropoleRequiredEnergyProduction({ ...base, requiredEnergyProductionByM2: 35 })).toBe(400 * 35);
  });

  it('is null when a condition fails', () => {
    expect(metropoleRequiredEnergyProduction(null)).toBeNull();
    expect(metropoleRequiredEnergyProduction({ ...base, enabled: false })).toBeNull();
    expect(metropoleRequiredEnergyProduction({ ...base, renovationType: 'global_renovation' })).toBeNull();
    expect(metropoleRequiredEnergyProduction({ ...base, floorSurface: 1_000 })).toBeNull(); // strictly above 1 000
    expect(metropoleRequiredEnergyProduction({ ...base, groundSurface: 0 })).toBeNull();
  });
});
