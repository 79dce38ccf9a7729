import { describe, expect, it } from 'vitest';
import { expectClose } from '../test-support/expect-close';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';
import type { ThermixNeeds, ThermixSolution } from './request-types';

const NETWORK = systemId('heating_network');
const GAS = systemId('gaz_boiler_condensing');
const METRO = { metroGrenoble: { enabled: true } };
const MULTI = { housingCategory: 'multi_unit', dwellingsNumber: 60 }; // medium: connection 15 677 €
// Yearly network fuel cost per MWh of output: 0.25 × (37.16 + 0.31) + 0.75 × (46.71 + 0.31) = 44.6325
const TARIFF = 0.25 * (37.16 + 0.31) + 0.75 * (46.71 + 0.31);

function solve(solution: ThermixSolution, needs: Partial<ThermixNeeds>, extra: object = METRO) {
  return computeResults(requestWith(solution, needs, extra), referenceData, { currentYear: 2024 });
}

describe('metropole heating-network path', () => {
  it('computes costs from the output, with u = 1.15 when hot water uses the network too', () => {
    const response = solve(
      { heatingSystems: [entry(NETWORK, { provisionsCost: 300 })], hotWaterSystems: [entry(NETWORK)] },
      { heating: 400_000, hotWater: 100_000, ...MULTI },
    );
    const [heating, water] = response.solutionsResults[0].systemsResults;
    // heating: O = 400 000 / 0.85 (multi-unit heating), between 315 000 and 1 260 000 → ρ = 0.88
    const heatingOutput = 400_000 / 0.85;
    expectClose(heating.systemOutputHeatingProduction, heatingOutput);
    expectClose(heating.maintenanceCost, ((heatingOutput * 34.02) / 1.15 / 1000) * 0.88);
    expectClose(heating.combustibleCosts[0], (TARIFF * heatingOutput) / 1000);
    expectClose(heating.combustibleCosts[19], (TARIFF * heatingOutput) / 1000); // no price variation
    expectClose(heating.renewableHeatingProduction, heatingOutput * 0.83);
    expectClose(heating.finalEnergyConsumption, heatingOutput / 1); // efficiency 1
    expectClose(heating.carbonEmission, 0.0734 * heatingOutput);
    expect(heating.taxableCarbonEmission).toBe(0);
    expect(heating.estimatedInvestment).toBe(15_677);
    expect(heating.provisionsCost).toBe(300); // the request's value stays
    expectClose(heating.energyPrice, TARIFF);
    expect(heating.energyPriceVariation).toBe(0);
    // hot water: O = 100 000 / 0.50 = 200 000 < 315 000 → ρ = 1; u = 1.15
    expectClose(water.systemOutputHeatingProduction, 200_000);
    expectClose(water.maintenanceCost, (200_000 * 34.02) / 1.15 / 1000);
    // Decision (docs/simulators.md): the building is connected once; the reference charged 15 677 again.
    expect(water.estimatedInvestment).toBe(0);
    expect(response.periodTotalCostSeries.investment[0]).toBe(15_677);
    // the network's renewable production is reported apart
    expectClose(
      response.environmentalIndicatorsSeries.renewableHeatingProductionNetworkOnly[0],
      (heatingOutput + 200_000) * 0.83,
    );
    expect(response.environmentalIndicatorsSeries.renewableHeatingProductionWithoutNetwork[0]).toBe(0);
  });

  it('charges the connection to a hot-water network entry when heating does not use the network', () => {
    const [, water] = solve(
      { heatingSystems: [entry(GAS, { efficiency: 0.9 })], hotWaterSystems: [entry(NETWORK)] },
      { heating: 200_000, hotWater: 100_000, ...MULTI },
    ).solutionsResults[0].systemsResults;
    expect(water.estimatedInvestment).toBe(15_677);
  });

  it('uses u = 1.05 for heating when the hot-water entry of the same rank is another system', () => {
    const [heating] = solve(
      { heatingSystems: [entry(NETWORK)], hotWaterSystems: [entry(GAS, { efficiency: 0.9 })] },
      { heating: 200_000, hotWater: 10_000, ...MULTI },
    ).solutionsResults[0].systemsResults;
    // O = 200 000 / 0.85 = 235 294 < 315 000 → ρ = 1
    expectClose(heating.maintenanceCost, ((200_000 / 0.85) * 34.02) / 1.05 / 1000);
  });

  it('compares with the hot-water entry at position `index` (1 → the second entry)', () => {
    const needs = { heating: 200_000, hotWater: 10_000, ...MULTI };
    const output = 200_000 / 0.85;
    // index 1 and a single hot-water entry: no entry at position 1 → 1.05, as the reference does
    const [alone] = solve(
      { heatingSystems: [entry(NETWORK, { index: 1 })], hotWaterSystems: [entry(NETWORK, { index: 1 })] },
      needs,
    ).solutionsResults[0].systemsResults;
    expectClose(alone.maintenanceCost, (output * 34.02) / 1.05 / 1000);
    // index 1 and the network second in the hot-water list → 1.15
    const [shared] = solve(
      {
        heatingSystems: [entry(NETWORK, { index: 1 })],
        hotWaterSystems: [entry(GAS, { productionShare: 0 }), entry(NETWORK)],
      },
      needs,
    ).solutionsResults[0].systemsResults;
    expectClose(shared.maintenanceCost, (output * 34.02) / 1.15 / 1000);
  });

  it('reduces maintenance by 0.76 from 1 260 000 kWh of output, and picks the connection cost by size', () => {
    const [large] = solve(
      { heatingSystems: [entry(NETWORK)], hotWaterSystems: [] },
      { heating: 1_100_000, housingCategory: 'multi_unit', dwellingsNumber: 150 },
    ).solutionsResults[0].systemsResults;
    const output = 1_100_000 / 0.85; // 1 294 117.6 ≥ 1 260 000
    expectClose(large.maintenanceCost, ((output * 34.02) / 1.05 / 1000) * 0.76);
    expect(large.estimatedInvestment).toBe(22_536);
    const [small] = solve(
      { heatingSystems: [entry(NETWORK)], hotWaterSystems: [] },
      { heating: 10_000, housingCategory: 'multi_unit', dwellingsNumber: 49 },
    ).solutionsResults[0].systemsResults;
    expect(small.estimatedInvestment).toBe(12_953);
  });

  it('keeps the request investment when there is no size class (the reference fails)', () => {
    const response = solve(
      { heatingSystems: [entry(NETWORK, { estimatedInvestment: 8_000 })], hotWaterSystems: [] },
      { heating: 10_000, housingCategory: 'individual' },
    );
    const [system] = response.solutionsResults[0].systemsResults;
    expect(system.estimatedInvestment).toBe(8_000);
    expect(response.periodTotalCostSeries.investment[0]).toBe(8_000);
  });

  it('reports the tariff and finite figures when the output is 0 (the reference divides by zero)', () => {
    const response = solve({ heatingSystems: [entry(NETWORK)], hotWaterSystems: [] }, { heating: 0, ...MULTI });
    const [system] = response.solutionsResults[0].systemsResults;
    expectClose(system.energyPrice, 44.6325);
    expect(system.maintenanceCost).toBe(0);
    expect(system.combustibleCostByYear).toBe(0);
    expect(Number.isFinite(response.solutionsResults[0].periodTotalCost)).toBe(true);
  });

  it('treats the network as an ordinary system outside metropole mode', () => {
    const [system] = solve(
      {
        heatingSystems: [
          entry(NETWORK, { efficiency: 1, energyPrice: 3.5, estimatedInvestment: 1_000, maintenanceCost: 50 }),
        ],
      },
      { heating: 100_000, ...MULTI },
      { metroGrenoble: { enabled: false } },
    ).solutionsResults[0].systemsResults;
    const output = 100_000 / 0.85;
    expectClose(system.renewableHeatingProduction, output * 0.6); // table ratio, not 0.83
    expectClose(system.combustibleCosts[0], (3.5 * output) / 100);
    expectClose(system.carbonEmission, 0.14 * output); // network energy ratio
    expect(system.maintenanceCost).toBe(50);
    expect(system.estimatedInvestment).toBe(1_000);
  });
});
