import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import schema from '../../../../../schemas/simulators/thermix-compute-request.schema.json';
import { computeResults, explainThermixResults } from '../../../../../engine/simulators';
import { DEMO_PRESETS } from '../tables/demo-presets';
import { initialMetropole } from '../state/initial';
import { HYBRID_CHOICE } from './allowed-systems';
import { buildThermixRequest } from './build-request';
import { chooseSystem } from './linked-systems';
import { applyMetropole } from './metropole';
import { data, stateWith } from './test-support';
import type { ThermixState } from '../state/types';

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);
const settings = { year: 2026, thermalSolarProdByM2: 450 };

function preset(id: number): ThermixState {
  return stateWith(DEMO_PRESETS.find((p) => p.id === id)!.needs);
}

describe('the thermix request the screens send', () => {
  it(
    'demo preset 1 with two solutions: ' +
      'schema-valid, only valid solutions, explicit figures, the engine computes it',
    () => {
      const state = preset(1);
      const ctx = { data, needs: state.needs, metropoleOn: false };
      state.solutions[0] = chooseSystem(
        chooseSystem(state.solutions[0], 'heating', 0, 'gaz_boiler_condensing', ctx),
        'hotWater',
        0,
        'synced_with_heating',
        ctx,
      );
      state.solutions[2] = chooseSystem(state.solutions[2], 'heating', 0, HYBRID_CHOICE, ctx);
      state.solutions[2] = chooseSystem(state.solutions[2], 'hotWater', 0, 'ceti_inside_air', ctx);
      const { request, slots } = buildThermixRequest(state, { data }, settings);
      expect(validate(request), JSON.stringify(validate.errors)).toBe(true);
      expect(slots).toEqual([0, 2]);
      expect(request.needs).toEqual({
        heating: 15_000,
        hotWater: 3_000,
        housingCategory: 'individual',
        dwellingsNumber: null,
        renovationType: 'systems_renovation',
      });
      expect(request.solutions[1].heatingSystems).toMatchObject([
        {
          index: 0,
          identifier: 'heat_pump_air_water',
          productionShare: 0.7,
          estimatedInvestment: 12_000,
          efficiency: 2.2,
          energyPrice: 15.98,
        },
        {
          index: 1,
          identifier: 'gaz_boiler_condensing',
          productionShare: 0.3,
          estimatedInvestment: 0,
          maintenanceCost: 0,
        },
      ]);
      const response = computeResults(request, data, { currentYear: 2026 });
      expect(response.solutionsResults).toHaveLength(2);
      // Gas boiler for both uses, 15 000 + 3 000 kWh: the worked figures of the engine's own tests.
      expect(response.solutionsResults[0].periodTotalCost).toBeGreaterThan(40_000);
      expect(explainThermixResults(request, response, data).solutions).toHaveLength(2);
    },
  );

  it('multi-unit preset with metropole mode: dwellings, overrides and the forced network solution are sent', () => {
    const state = preset(2);
    state.metropole = {
      ...initialMetropole(),
      enabled: true,
      area: 'A',
      inseeCode: '38185',
      altitude: 225,
      floorSurface: 1500,
      groundSurface: 400,
    };
    const ctx = { data, needs: state.needs, metropoleOn: true };
    state.solutions = applyMetropole(state.solutions, state.metropole, ctx).solutions;
    const { request, slots } = buildThermixRequest(state, { data }, settings);
    expect(validate(request), JSON.stringify(validate.errors)).toBe(true);
    expect(slots).toEqual([0, 1]);
    expect(request.needs.dwellingsNumber).toBe(15);
    expect(request.metroGrenoble).toMatchObject({
      enabled: true,
      area: 'A',
      energiesOverridedData: { gaz_b1: { priceVariation: 0.0095, ghgRatio: 0.22 } },
    });
    expect(request.solutions[0]).toMatchObject({
      isMetroGrenoble: true,
      heatingSystems: [{ identifier: 'heating_network' }],
      hotWaterSystems: [{ identifier: 'heating_network' }],
    });
    const response = computeResults(request, data, { currentYear: 2026 });
    // The network path: the connection cost of a small building replaces the investment.
    expect(response.solutionsResults[0].systemsResults[0].estimatedInvestment).toBe(12_953);
  });

  it('preset 5 (heating only): no hot-water entries, hot water not sent', () => {
    const state = preset(5);
    const ctx = { data, needs: state.needs, metropoleOn: false };
    state.solutions[0] = chooseSystem(state.solutions[0], 'heating', 0, 'shredded_wood_boiler', ctx);
    const { request } = buildThermixRequest(state, { data }, settings);
    expect(validate(request)).toBe(true);
    expect(request.needs.hotWater).toBe(0);
    expect(request.solutions[0].hotWaterSystems).toEqual([]);
    expect(request.needs.dwellingsNumber).toBe(160);
  });

  it('a solar solution sends the panel surface and the backup’s share 1', () => {
    const state = preset(1);
    const ctx = { data, needs: state.needs, metropoleOn: false };
    let s = chooseSystem(state.solutions[0], 'heating', 0, 'gaz_boiler_condensing', ctx);
    s = chooseSystem(s, 'hotWater', 0, 'solar_water_heater', ctx);
    s = chooseSystem(s, 'hotWater', 1, 'synced_with_heating', ctx);
    state.solutions[0] = s;
    const { request } = buildThermixRequest(state, { data }, settings);
    expect(validate(request)).toBe(true);
    expect(request.solutions[0].hotWaterSystems).toMatchObject([
      { identifier: 'solar_water_heater', solarPanelsSurface: 4, estimatedInvestment: 1300 },
      { identifier: 'gaz_boiler_condensing', productionShare: 1, estimatedInvestment: 0 },
    ]);
    expect(
      computeResults(request, data, { currentYear: 2026 }).periodTotalCostSeries.periodTotalCostWithoutSolar[0],
    ).not.toBeNull();
  });
});
