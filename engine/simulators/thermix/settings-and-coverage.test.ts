import { describe, expect, it } from 'vitest';
import { expectClose } from '../test-support/expect-close';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';
import { carKilometresEquivalent } from './environmental-indicators';
import { explainThermixResults } from './explain/explain-results';
import type { ThermixRequest } from './request-types';

// Decisions of issue 16 on the thermix calculation (docs/simulators.md, « Decisions on every
// documented quirk »): car kilometres, solar ceilings, network CO2, uncovered needs, heat pumps.

const SOLAR_COMBINED = systemId('solar_system_combined');
const GAS = systemId('gaz_boiler_condensing');
const NETWORK = systemId('heating_network');
const HEAT_PUMP = systemId('heat_pump_air_water');

const solve = (request: ThermixRequest) => computeResults(request, referenceData, { currentYear: 2024 });

describe('car kilometres equivalent', () => {
  it('divides the emissions by 0.217 kg CO2 per km (1 563 kg ≈ 7 203 km, not 339 km)', () => {
    expect(Math.round(carKilometresEquivalent(1_563))).toBe(7_203);
    const response = solve(requestWith({ heatingSystems: [entry(GAS, { efficiency: 0.9 })] }, { heating: 10_000 }));
    const result = response.solutionsResults[0];
    expectClose(result.carbonReportKmEquivalent, result.carbonReport / 0.217);
    expect(result.carbonReportKmEquivalent).toBeGreaterThan(result.carbonReport);
  });
});

describe('solar ceilings of the settings', () => {
  const combined = (extra: Partial<ThermixRequest> = {}) =>
    requestWith(
      {
        heatingSystems: [entry(SOLAR_COMBINED, { solarPanelsSurface: 40 }), entry(GAS)],
        hotWaterSystems: [entry(SOLAR_COMBINED, { solarPanelsSurface: 40 })],
      },
      { heating: 20_000, hotWater: 3_000 },
      extra,
    );

  it('keeps the reference ceilings (15 % heating, 70 % hot water) when the request does not say', () => {
    const [water, heating] = solve(combined()).solutionsResults[0].systemsResults;
    expectClose(water.usefulHeatingProduction, 0.7 * 3_000);
    expectClose(heating.usefulHeatingProduction, 0.15 * 20_000);
  });

  it('uses the ceilings the request carries (the user settings, 60 % / 50 % here)', () => {
    const response = solve(combined({ thermalSolarMaxProdRatioHeating: 0.6, thermalSolarMaxProdRatioHotWater: 0.5 }));
    const [water, heating, backup] = response.solutionsResults[0].systemsResults;
    expectClose(water.usefulHeatingProduction, 0.5 * 3_000);
    // 40 m² × 450 = 18 000 kWh, 1 500 taken by hot water: 16 500 left, capped at 60 % of 20 000
    expectClose(heating.usefulHeatingProduction, 12_000);
    expectClose(backup.usefulHeatingProduction, 20_000 - 12_000);
    const explanation = explainThermixResults(
      combined({ thermalSolarMaxProdRatioHeating: 0.6 }),
      response,
      referenceData,
    );
    const useful = explanation.solutions[0].systems[1].explanations.find((e) => e.key === 'usefulHeatingProduction')!;
    expect(useful.constants[0]).toMatchObject({ value: 0.6, source: 'Paramètres de calcul du simulateur' });
  });
});

describe('metropole network carbon content', () => {
  const network = (ghgRatio?: number, override?: number) =>
    requestWith(
      { heatingSystems: [entry(NETWORK, ghgRatio === undefined ? {} : { ghgRatio })] },
      { heating: 100_000, housingCategory: 'multi_unit', dwellingsNumber: 20 },
      {
        metroGrenoble: {
          enabled: true,
          ...(override === undefined ? {} : { energiesOverridedData: { network: { ghgRatio: override } } }),
        },
      },
    );

  it('uses the metropole override (0.031), then the entry’s own ratio, else 0.0734', () => {
    const reference = solve(network()).solutionsResults[0].systemsResults[0];
    expectClose(reference.carbonEmission, 0.0734 * reference.finalEnergyConsumption);
    const overridden = solve(network(undefined, 0.031)).solutionsResults[0].systemsResults[0];
    expect(overridden.ghgRatio).toBe(0.031);
    expectClose(overridden.carbonEmission, 0.031 * overridden.finalEnergyConsumption);
    const typed = solve(network(0.05, 0.031)).solutionsResults[0].systemsResults[0];
    expectClose(typed.carbonEmission, 0.05 * typed.finalEnergyConsumption);
  });
});

describe('uncovered needs', () => {
  it('reports the need a combined solar system without backup leaves, so it cannot pass for cheapest', () => {
    const response = solve(
      requestWith(
        {
          heatingSystems: [entry(SOLAR_COMBINED, { solarPanelsSurface: 10 })],
          hotWaterSystems: [entry(SOLAR_COMBINED, { solarPanelsSurface: 10 })],
        },
        { heating: 15_000, hotWater: 3_000 },
      ),
    );
    const result = response.solutionsResults[0];
    expect(result.finalEnergyConsumption).toBe(0);
    // hot water: 70 % of 3 000 covered; heating: 15 % of 15 000
    expectClose(result.uncoveredNeeds.hotWater, 3_000 - 2_100);
    expectClose(result.uncoveredNeeds.heating, 15_000 - 2_250);
  });

  it('is 0 when a backup covers the rest, and the whole need for a use without a system', () => {
    const response = solve(
      requestWith(
        { heatingSystems: [entry(SOLAR_COMBINED, { solarPanelsSurface: 10 }), entry(GAS)] },
        { heating: 15_000, hotWater: 3_000 },
      ),
    );
    expect(response.solutionsResults[0].uncoveredNeeds).toEqual({ heating: 0, hotWater: 3_000 });
  });
});

describe('heat pump renewable share explained', () => {
  it('says 1 − 2,58 ÷ COP, floored at 0 % below a COP of 2,58', () => {
    const request = requestWith(
      {
        heatingSystems: [entry(HEAT_PUMP, { efficiency: 2.2 })],
        hotWaterSystems: [entry(HEAT_PUMP, { efficiency: 1.32 })],
      },
      { heating: 15_000, hotWater: 3_000 },
    );
    const response = solve(request);
    expect(response.solutionsResults[0].renewableHeatingProductionRatio).toBe(0);
    const ratio = explainThermixResults(request, response, referenceData).solutions[0].explanations.find(
      (e) => e.key === 'renewableHeatingProductionRatio',
    )!;
    expect(ratio.constants[0]).toMatchObject({ value: 2.58 });
    const formulas = ratio.steps.map((step) => step.formula);
    expect(formulas[0]).toMatch(
      new RegExp(
        /^PAC air\/eau \(chauffage\) : part renouvelable = 1 − 2,58 ÷ COP 2,2 = -17,27\s%, ramenée à 0\s% : /.source +
          /une pompe à chaleur ne compte de chaleur renouvelable que si son COP dépasse 2,58$/.source,
      ),
    );
  });
});
