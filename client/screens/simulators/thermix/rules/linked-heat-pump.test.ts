import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../../../engine/simulators';
import { emptySolution } from '../state/initial';
import { SYNCED_WITH_HEATING } from '../state/types';
import { buildThermixRequest } from './build-request';
import { chooseSystem } from './linked-systems';
import { resolveEntry } from './entry-values';
import { isSolutionValid, solutionIssues } from './solutions';
import { ctxFor, data, stateWith } from './test-support';

const house = ctxFor({ heating: 15_000, hotWater: 3_000 });
const settings = { year: 2026, thermalSolarProdByM2: 450 };

describe('an air/water heat pump for heating and hot water (issue 16)', () => {
  it('named for both uses is one appliance: the hot-water twin is sent with investment and maintenance 0', () => {
    let solution = chooseSystem(emptySolution(), 'heating', 0, 'heat_pump_air_water', house);
    solution = chooseSystem(solution, 'hotWater', 0, 'heat_pump_air_water', house);
    expect(solution.hotWaterSystems[0].identifier).toBe(SYNCED_WITH_HEATING);
    const twin = resolveEntry(solution, 'hotWater', 0, house);
    expect(twin.system?.identifier).toBe('heat_pump_air_water');
    expect(twin.values).toMatchObject({ estimatedInvestment: 0, maintenanceCost: 0, efficiency: 1.32 });

    const state = stateWith({ heating: 15_000, hotWater: 3_000 });
    state.solutions[0] = solution;
    const { request } = buildThermixRequest(state, { data }, settings);
    expect(request.solutions[0].heatingSystems).toMatchObject([
      { identifier: 'heat_pump_air_water', estimatedInvestment: 12_000, maintenanceCost: 200 },
    ]);
    expect(request.solutions[0].hotWaterSystems).toMatchObject([
      { identifier: 'heat_pump_air_water', estimatedInvestment: 0, maintenanceCost: 0 },
    ]);
    const response = computeResults(request, data, { currentYear: 2026 });
    // 12 000 € once, not 24 000 €
    expect(response.periodTotalCostSeries.investment[0]).toBe(12_000);
    expect(response.periodTotalCostSeries.maintenanceCost[0]).toBe(200 * 20);
  });

  it('is the same whichever use is chosen first', () => {
    let solution = chooseSystem(emptySolution(), 'hotWater', 0, 'heat_pump_air_water', house);
    expect(solution.hotWaterSystems[0].identifier).toBe('heat_pump_air_water');
    solution = chooseSystem(solution, 'heating', 0, 'heat_pump_air_water', house);
    expect(solution.hotWaterSystems[0].identifier).toBe(SYNCED_WITH_HEATING);
  });
});

describe('thermal solar without backup (issue 16)', () => {
  const manages = { heating: true, hotWater: true };

  it('is not complete: each use left to solar alone asks for a backup', () => {
    const solar = chooseSystem(emptySolution(), 'heating', 0, 'solar_system_combined', house);
    expect(isSolutionValid(solar, manages)).toBe(false);
    expect(solutionIssues(solar, manages)).toEqual([
      'Le solaire ne couvre qu’une partie du chauffage : ajoutez un second système de chauffage (appoint).',
      'Le solaire ne couvre qu’une partie de l’eau chaude : ajoutez un second système d’eau chaude (appoint).',
    ]);
    const heatingBackup = chooseSystem(solar, 'heating', 1, 'gaz_boiler_condensing', house);
    expect(solutionIssues(heatingBackup, manages)).toHaveLength(1);
    const both = chooseSystem(heatingBackup, 'hotWater', 1, SYNCED_WITH_HEATING, house);
    expect(isSolutionValid(both, manages)).toBe(true);

    // A solar-only solution is not sent: it would compute 0 € of energy and rank cheapest.
    const state = stateWith({ heating: 15_000, hotWater: 3_000 });
    state.solutions[0] = solar;
    state.solutions[1] = both;
    const { request, slots } = buildThermixRequest(state, { data }, settings);
    expect(slots).toEqual([1]);
    expect(computeResults(request, data, { currentYear: 2026 }).solutionsResults[0].uncoveredNeeds).toEqual({
      heating: 0,
      hotWater: 0,
    });
  });

  it('a solar water heater alone is incomplete too, with hot water managed', () => {
    const heater = chooseSystem(emptySolution(), 'hotWater', 0, 'solar_water_heater', house);
    expect(isSolutionValid(heater, manages)).toBe(false);
    expect(isSolutionValid(chooseSystem(heater, 'hotWater', 1, 'electric_water_heater', house), manages)).toBe(true);
  });
});

describe('solar ceilings of the settings reach the request', () => {
  it('sends the user’s ceilings so that the engine uses them', () => {
    const state = stateWith({ heating: 15_000, hotWater: 3_000 });
    const { request } = buildThermixRequest(
      state,
      { data },
      { ...settings, thermalSolarMaxProdRatioHeating: 0.6, thermalSolarMaxProdRatioHotWater: 0.7 },
    );
    expect(request).toMatchObject({ thermalSolarMaxProdRatioHeating: 0.6, thermalSolarMaxProdRatioHotWater: 0.7 });
  });
});
