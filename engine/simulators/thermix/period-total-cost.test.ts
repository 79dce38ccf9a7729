import { describe, expect, it } from 'vitest';
import { expectClose, geometricSum } from '../test-support/expect-close';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';
import type { ThermixNeeds, ThermixSolution } from './request-types';

const GAS = systemId('gaz_boiler_condensing');
const ELECTRIC_HEATER = systemId('electric_water_heater');

function solve(solution: ThermixSolution, needs: Partial<ThermixNeeds> = { heating: 10_000 }) {
  return computeResults(requestWith(solution, needs), referenceData, { currentYear: 2024 });
}

describe('period total cost and cumulated series', () => {
  const boiler = entry(GAS, {
    efficiency: 0.9,
    energyPrice: 8,
    energyPriceVariation: 0.03,
    estimatedInvestment: 5_000,
    maintenanceCost: 150,
    provisionsCost: 80,
  });
  const fuel = geometricSum((8 * (10_000 / 0.85 / 0.9)) / 100, 1.03, 20);

  it('adds fuel, maintenance and investment over 20 years; no provisions for individual housing', () => {
    const response = solve({ heatingSystems: [boiler] });
    const series = response.periodTotalCostSeries;
    expectClose(series.combustibleCost[0], fuel);
    expectClose(series.maintenanceCost[0], 150 * 20);
    expect(series.provisionsCost[0]).toBe(0);
    expect(series.investment[0]).toBe(5_000);
    expect(series.financialSupportAmount[0]).toBeNull();
    const total = fuel + 150 * 20 + 5_000;
    expectClose(response.solutionsResults[0].periodTotalCost, total);
    expectClose(response.solutionsResults[0].periodTotalCostByYear, total / 20);
  });

  it('counts provisions × 20 in multi-unit housing', () => {
    const response = solve(
      { heatingSystems: [boiler] },
      { heating: 10_000, housingCategory: 'multi_unit', dwellingsNumber: 10 },
    );
    // multi-unit heating SE is 0.85 as well
    expectClose(response.periodTotalCostSeries.provisionsCost[0], 80 * 20);
    expectClose(response.solutionsResults[0].periodTotalCost, fuel + 150 * 20 + 80 * 20 + 5_000);
  });

  it('lowers only the investment by the financial support, never below 0', () => {
    const partial = solve({ heatingSystems: [boiler], financialSupport: true, financialSupportAmount: 2_000 });
    expect(partial.periodTotalCostSeries.investment[0]).toBe(3_000);
    expect(partial.periodTotalCostSeries.financialSupportAmount[0]).toBe(2_000);
    expectClose(partial.solutionsResults[0].periodTotalCost, fuel + 150 * 20 + 3_000);

    const floored = solve({ heatingSystems: [boiler], financialSupport: true, financialSupportAmount: 8_000 });
    expect(floored.periodTotalCostSeries.investment[0]).toBe(0);
    expect(floored.periodTotalCostSeries.financialSupportAmount[0]).toBe(8_000);
    expectClose(floored.solutionsResults[0].periodTotalCost, fuel + 150 * 20);

    const off = solve({ heatingSystems: [boiler], financialSupport: false, financialSupportAmount: 8_000 });
    expect(off.periodTotalCostSeries.investment[0]).toBe(5_000);
    expect(off.periodTotalCostSeries.financialSupportAmount[0]).toBeNull();
  });

  it('cumulates year by year from the investment after support up to the period total', () => {
    const response = solve(
      {
        heatingSystems: [boiler],
        hotWaterSystems: [entry(ELECTRIC_HEATER, { energyPrice: 16, maintenanceCost: 20 })],
        financialSupport: true,
        financialSupportAmount: 1_000,
      },
      { heating: 10_000, hotWater: 2_000 },
    );
    const evolution = response.periodCostEvolutionSeries[0];
    const gasFirstYear = (8 * (10_000 / 0.85 / 0.9)) / 100;
    const electricYearly = (16 * 2_000) / 100; // SE 1, efficiency 1, no variation
    expect(evolution).toHaveLength(20);
    expect(evolution[0].year).toBe(2024);
    expect(evolution[19].year).toBe(2043);
    // K1 = (5 000 − 1 000) + gas year 1 + electricity + maintenance 150 + 20
    expectClose(evolution[0].cumulatedCost, 4_000 + gasFirstYear + electricYearly + 170);
    // K2 = K1 + gas year 2 + electricity + maintenance
    expectClose(evolution[1].cumulatedCost, evolution[0].cumulatedCost + gasFirstYear * 1.03 + electricYearly + 170);
    expectClose(evolution[19].cumulatedCost, response.solutionsResults[0].periodTotalCost);
  });
});
