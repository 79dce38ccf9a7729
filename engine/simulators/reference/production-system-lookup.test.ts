import { describe, expect, it } from 'vitest';
import { referenceData } from '../test-support/reference-data';
import { HEAT_PUMP_IDENTIFIERS, THERMAL_SOLAR_IDENTIFIERS } from './identifiers';
import { energyOfSystem, productionSystemById, productionSystemByIdentifier } from './production-system-lookup';

describe('production system lookups', () => {
  it('finds a system by id and by identifier', () => {
    expect(productionSystemById(referenceData, 4)?.identifier).toBe('gaz_boiler_condensing');
    expect(productionSystemByIdentifier(referenceData, 'heating_network')?.id).toBe(26);
    expect(productionSystemById(referenceData, 999)).toBeUndefined();
    expect(productionSystemByIdentifier(referenceData, 'nope')).toBeUndefined();
  });

  it('gives the energy of a system', () => {
    const boiler = productionSystemByIdentifier(referenceData, 'gaz_boiler_condensing');
    expect(boiler && energyOfSystem(referenceData, boiler).identifier).toBe('gaz_b1');
  });

  it('uses identifier lists that agree with the derived flags of the data file', () => {
    for (const system of referenceData.productionSystems) {
      expect(HEAT_PUMP_IDENTIFIERS.has(system.identifier), system.identifier).toBe(system.isHeatPump);
      expect(THERMAL_SOLAR_IDENTIFIERS.has(system.identifier), system.identifier).toBe(system.isThermalSolar);
    }
  });
});
