import { describe, expect, it } from 'vitest';
import { emptySolution } from '../state/initial';
import { LOCK_PRECONISED, SYNCED_WITH_HEATING } from '../state/types';
import { allowedSystems, HYBRID_CHOICE } from './allowed-systems';
import { chooseSystem, heatingChoiceOf, LINK_NETWORK, LINK_SOLAR, normalizeSolution } from './linked-systems';
import { resolveEntry } from './entry-values';
import { solutionRequest } from './build-request';
import { ctxFor } from './test-support';

const house = ctxFor();

describe('linked-system rules (spec 02 §4)', () => {
  it('combined solar in heating syncs the hot-water entry to it, locked, priced once, one field of panels', () => {
    const s = chooseSystem(emptySolution(), 'heating', 0, 'solar_system_combined', house);
    expect(s.hotWaterSystems[0]).toMatchObject({
      identifier: SYNCED_WITH_HEATING,
      locked: true,
      lockReason: LINK_SOLAR,
    });
    const twin = resolveEntry(s, 'hotWater', 0, house);
    expect(twin.system?.identifier).toBe('solar_system_combined');
    expect(twin.values).toMatchObject({ estimatedInvestment: 0, maintenanceCost: 0, solarPanelsSurface: 10 });
    // A locked twin does not change when the user tries.
    expect(chooseSystem(s, 'hotWater', 0, 'electric_water_heater', house)).toBe(s);
    // Heating moves on to a boiler that makes hot water: the twin follows it, unlocked.
    const gas = chooseSystem(s, 'heating', 0, 'gaz_boiler_condensing', house);
    expect(gas.hotWaterSystems[0]).toMatchObject({ identifier: SYNCED_WITH_HEATING, locked: false, lockReason: null });
    expect(resolveEntry(gas, 'hotWater', 0, house).system?.identifier).toBe('gaz_boiler_condensing');
    // Then to radiators, which make no hot water: the twin is cleared.
    const radiators = chooseSystem(gas, 'heating', 0, 'electric_radiators', house);
    expect(radiators.hotWaterSystems[0].identifier).toBeNull();
  });

  it('a heating network (metropole mode only) syncs the hot-water entry to it', () => {
    const building = ctxFor({ housingCategory: 'multi_unit', dwellingsNumber: 40, heating: 185_000, hotWater: 35_000 });
    expect(allowedSystems(building, 'heating').map((s) => s.identifier)).not.toContain('heating_network');
    const metro = { ...building, metropoleOn: true };
    expect(allowedSystems(metro, 'heating').map((s) => s.identifier)).toContain('heating_network');
    const s = chooseSystem(emptySolution(), 'heating', 0, 'heating_network', metro);
    expect(s.hotWaterSystems[0]).toMatchObject({
      identifier: SYNCED_WITH_HEATING,
      locked: true,
      lockReason: LINK_NETWORK,
    });
    // Out of metropole mode the network is no longer allowed: both go.
    const off = normalizeSolution(s, building);
    expect(off.solution.heatingSystems[0].identifier).toBeNull();
    expect(off.solution.hotWaterSystems[0].identifier).toBeNull();
    expect(off.cleared).toEqual([{ use: 'heating', rank: 0, identifier: 'heating_network' }]);
  });

  it('a hybrid heat pump defaults its sibling to a condensing gas boiler with no investment or maintenance', () => {
    const s = chooseSystem(emptySolution(), 'heating', 0, HYBRID_CHOICE, house);
    expect(heatingChoiceOf(s.heatingSystems[0])).toBe(HYBRID_CHOICE);
    expect(s.heatingSystems[0]).toMatchObject({ identifier: 'heat_pump_air_water', hybrid: true, share: 0.7 });
    expect(s.heatingSystems[1]).toMatchObject({
      identifier: 'gaz_boiler_condensing',
      share: 0.3,
      estimatedInvestment: 0,
      maintenanceCost: 0,
    });
    const boiler = resolveEntry(s, 'heating', 1, house).values;
    expect([boiler.estimatedInvestment, boiler.maintenanceCost, boiler.efficiency]).toEqual([0, 0, 0.95]);
    // Leaving the hybrid: the boiler is priced on its own again.
    const single = chooseSystem(s, 'heating', 0, 'heat_pump_air_water', house);
    expect(single.heatingSystems[0].hybrid).toBe(false);
    expect(resolveEntry(single, 'heating', 1, house).values.estimatedInvestment).toBe(5000);
    // Collective housing has no air/water heat pump: no hybrid there.
    expect(allowedSystems(ctxFor({ housingCategory: 'multi_unit' }), 'heating').map((x) => x.identifier)).not.toContain(
      'heat_pump_air_water',
    );
  });

  it('a synced hot-water definition copies the green-energy settings of its heating definition', () => {
    let s = chooseSystem(emptySolution(), 'heating', 0, 'electric_boiler', house);
    s = chooseSystem(s, 'hotWater', 0, SYNCED_WITH_HEATING, house);
    s = {
      ...s,
      heatingSystems: [
        {
          ...s.heatingSystems[0],
          useGreenEnergy: true,
          greenEnergyShare: 0.5,
          greenEnergyPrice: 20,
          greenEnergyGhgRatio: 0.01,
        },
        s.heatingSystems[1],
      ],
    };
    const { solution } = normalizeSolution(s, house);
    expect(solution.hotWaterSystems[0]).toMatchObject({
      useGreenEnergy: true,
      greenEnergyShare: 0.5,
      greenEnergyPrice: 20,
      greenEnergyGhgRatio: 0.01,
    });
    // The blend reaches the calculation: half at 15.98 c€, half at 20 c€.
    const twin = resolveEntry(solution, 'hotWater', 0, house);
    expect(twin.sentEnergyPrice).toBeCloseTo(17.99, 10);
    expect(twin.sentGhgRatio).toBeCloseTo((0.147 + 0.01) / 2, 10);
  });

  it('a synced hot-water entry follows the heating system when heating is not managed, and carries its costs', () => {
    let s = chooseSystem(emptySolution(), 'heating', 0, 'granulated_wood_boiler', house);
    s = chooseSystem(s, 'hotWater', 0, SYNCED_WITH_HEATING, house);
    const managed = solutionRequest(s, house);
    expect(managed.heatingSystems?.[0]).toMatchObject({
      identifier: 'granulated_wood_boiler',
      estimatedInvestment: 16000,
    });
    expect(managed.hotWaterSystems?.[0]).toMatchObject({
      identifier: 'granulated_wood_boiler',
      estimatedInvestment: 0,
      maintenanceCost: 0,
    });
    const hotWaterOnly = ctxFor({ heating: 0 });
    const request = solutionRequest(s, hotWaterOnly);
    expect(request.heatingSystems).toEqual([]);
    expect(request.hotWaterSystems?.[0]).toMatchObject({
      identifier: 'granulated_wood_boiler',
      estimatedInvestment: 16000,
      efficiency: 0.72,
    });
  });

  it('a system no longer allowed for the housing category is cleared', () => {
    let s = chooseSystem(emptySolution(), 'heating', 0, 'heat_pump_air_water', house);
    s = chooseSystem(s, 'heating', 1, 'gaz_boiler_condensing', house);
    s = chooseSystem(s, 'hotWater', 0, 'ceti_inside_air', house);
    const { solution, cleared } = normalizeSolution(s, ctxFor({ housingCategory: 'multi_unit', dwellingsNumber: 15 }));
    expect(solution.heatingSystems.map((d) => d.identifier)).toEqual([null, 'gaz_boiler_condensing']);
    expect(solution.hotWaterSystems[0].identifier).toBeNull();
    expect(cleared.map((c) => c.identifier)).toEqual(['heat_pump_air_water', 'ceti_inside_air']);
  });

  it('combined solar is excluded when heating or hot water is not managed', () => {
    const ids = (c: ReturnType<typeof ctxFor>) => allowedSystems(c, 'heating').map((x) => x.identifier);
    expect(ids(house)).toContain('solar_system_combined');
    expect(ids(ctxFor({ hotWater: 0 }))).not.toContain('solar_system_combined');
    expect(ids(ctxFor({ renovationType: 'heating_system_renovation' }))).not.toContain('solar_system_combined');
    expect(ids(ctxFor({ heating: 0 }))).not.toContain('solar_system_combined');
    // Never chosen directly for hot water: it comes through the link.
    expect(allowedSystems(house, 'hotWater').map((x) => x.identifier)).not.toContain('solar_system_combined');
    const s = chooseSystem(emptySolution(), 'heating', 0, 'solar_system_combined', house);
    const after = normalizeSolution(s, ctxFor({ hotWater: 0 }));
    expect(after.solution.heatingSystems[0].identifier).toBeNull();
    expect(after.solution.hotWaterSystems[0].identifier).toBeNull();
  });

  it('a metropole lock keeps its reason when a link would lock the same entry', () => {
    const metro = ctxFor({ housingCategory: 'multi_unit', dwellingsNumber: 60 }, true);
    const s = emptySolution();
    s.heatingSystems[0] = {
      ...s.heatingSystems[0],
      identifier: 'heating_network',
      locked: true,
      lockReason: LOCK_PRECONISED,
    };
    s.hotWaterSystems[0] = {
      ...s.hotWaterSystems[0],
      identifier: SYNCED_WITH_HEATING,
      locked: true,
      lockReason: LOCK_PRECONISED,
    };
    expect(normalizeSolution(s, metro).solution.hotWaterSystems[0].lockReason).toBe(LOCK_PRECONISED);
  });
});
