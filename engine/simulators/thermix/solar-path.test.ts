import { describe, expect, it } from 'vitest';
import { expectClose, geometricSum } from '../test-support/expect-close';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';
import type { ThermixNeeds } from './request-types';

const SOLAR = systemId('solar_system_combined');
const WATER_HEATER = systemId('solar_water_heater');
const GAS = systemId('gaz_boiler_condensing');
const NEEDS = { heating: 15_000, hotWater: 3_000 };
const solarEntry = (surface: number, fields = {}) =>
  entry(SOLAR, {
    solarPanelsSurface: surface,
    estimatedInvestment: 1_000,
    maintenanceCost: 10,
    provisionsCost: 5,
    ...fields,
  });
const gasEntry = (fields = {}) =>
  entry(GAS, { efficiency: 0.9, energyPrice: 8, energyPriceVariation: 0.03, ...fields });

function solve(solution: Parameters<typeof requestWith>[0], needs: Partial<ThermixNeeds> = NEEDS) {
  return computeResults(requestWith(solution, needs), referenceData, { currentYear: 2024 });
}

describe('thermal-solar path', () => {
  it('serves hot water first and gives heating what is left, each capped', () => {
    const response = solve({
      heatingSystems: [solarEntry(10), gasEntry()],
      hotWaterSystems: [solarEntry(10), gasEntry({ efficiency: 0.72 })],
    });
    const [solarWater, gasWater, solarHeating, gasHeating] = response.solutionsResults[0].systemsResults;
    expect([solarWater.type, gasWater.type, solarHeating.type, gasHeating.type]).toEqual([
      'hot_water',
      'hot_water',
      'heating',
      'heating',
    ]);
    expect(solarWater.isThermalSolar).toBe(true);
    expect(gasWater.isThermalSolar).toBeUndefined();

    // hot water: available 450 × 10 = 4 500; cap 0.70 × 3 000 = 2 100 → S = 2 100
    expectClose(solarWater.solarProduction, 2_100);
    expectClose(solarWater.usefulHeatingProduction, 2_100);
    expectClose(solarWater.renewableHeatingProduction, 2_100);
    // backup: U = 3 000 − 2 100 = 900; hydronic individual hot water SE 0.87; F = O / 0.72
    expectClose(gasWater.usefulHeatingProduction, 900);
    expectClose(gasWater.finalEnergyConsumption, 900 / 0.87 / 0.72);
    // heating: available 4 500 − 2 100 = 2 400; cap 0.15 × 15 000 = 2 250 → S = 2 250
    expectClose(solarHeating.solarProduction, 2_250);
    // backup: U = 15 000 − 2 250 = 12 750
    expectClose(gasHeating.usefulHeatingProduction, 12_750);
    expectClose(gasHeating.finalEnergyConsumption, 12_750 / 0.85 / 0.9);
    // solar buys nothing and its costs are per m2
    expect(solarHeating.systemOutputHeatingProduction).toBe(0);
    expect(solarHeating.finalEnergyConsumption).toBe(0);
    expect(solarHeating.combustibleCosts).toEqual(new Array(20).fill(0));
    expect(solarHeating.estimatedInvestment).toBe(1_000 * 10);
    expect(solarHeating.maintenanceCost).toBe(10 * 10);
    expect(solarHeating.provisionsCost).toBe(0); // individual housing: no provisions
    expect(response.solutionsResults[0].systemsLabels).toEqual({
      heating: ['Système Solaire Combiné', 'Chaudière gaz condensation'],
      hotWater: ['Système Solaire Combiné', 'Chaudière gaz condensation'],
    });
  });

  it('gives heating only the production left when it is under the cap', () => {
    const [, , solarHeating, gasHeating] = solve({
      heatingSystems: [solarEntry(5), gasEntry()],
      hotWaterSystems: [solarEntry(5), gasEntry()],
    }).solutionsResults[0].systemsResults;
    // 450 × 5 = 2 250; hot water takes min(2 100, 2 250) = 2 100; heating gets 2 250 − 2 100 = 150
    expectClose(solarHeating.solarProduction, 150);
    expectClose(gasHeating.usefulHeatingProduction, 15_000 - 150);
  });

  it('floors the solar production at 0 (the reference lets it go negative)', () => {
    const [, , solarHeating, gasHeating] = solve({
      heatingSystems: [solarEntry(2), gasEntry()],
      hotWaterSystems: [solarEntry(10), gasEntry()],
    }).solutionsResults[0].systemsResults;
    // heating: 450 × 2 − 2 100 = −1 200 → 0, so the backup covers exactly the need
    expect(solarHeating.solarProduction).toBe(0);
    expectClose(gasHeating.usefulHeatingProduction, 15_000);
  });

  it('moves a solar entry given second to the front', () => {
    const results = solve({ heatingSystems: [gasEntry(), solarEntry(10)], hotWaterSystems: [] }).solutionsResults[0]
      .systemsResults;
    expect(results.map((system) => system.identifier)).toEqual(['solar_system_combined', 'gaz_boiler_condensing']);
    // no hot water list: nothing consumed; 4 500 available, cap 2 250
    expectClose(results[0].solarProduction, 2_250);
    expectClose(results[1].usefulHeatingProduction, 15_000 - 2_250);
  });

  it('computes a list without solar normally, resetting what was consumed', () => {
    const results = solve({
      heatingSystems: [gasEntry(), gasEntry({ productionShare: 0.5 })],
      hotWaterSystems: [entry(WATER_HEATER, { solarPanelsSurface: 4 }), gasEntry()],
    }).solutionsResults[0].systemsResults;
    // hot water: 450 × 4 = 1 800 < 2 100 → S = 1 800; backup 3 000 − 1 800 = 1 200
    expectClose(results[0].solarProduction, 1_800);
    expectClose(results[1].usefulHeatingProduction, 1_200);
    // heating list has no solar: first entry full need, second avoids 0
    expectClose(results[2].usefulHeatingProduction, 15_000);
    expectClose(results[3].usefulHeatingProduction, 7_500);
  });

  it('ignores empty entries wherever they stand', () => {
    const results = solve({
      heatingSystems: [{ productionSystem: 0 }, solarEntry(10), gasEntry()],
      hotWaterSystems: [{ productionSystem: null }, solarEntry(10)],
    }).solutionsResults[0].systemsResults;
    expect(results.map((system) => `${system.type}:${system.identifier}`)).toEqual([
      'hot_water:solar_system_combined',
      'heating:solar_system_combined',
      'heating:gaz_boiler_condensing',
    ]);
    expectClose(results[2].usefulHeatingProduction, 15_000 - 2_250);
  });

  it('lets a backup without a share cover what solar leaves', () => {
    const results = solve({
      heatingSystems: [],
      hotWaterSystems: [entry(WATER_HEATER, { solarPanelsSurface: 4 }), { productionSystem: GAS, efficiency: 0.9 }],
    }).solutionsResults[0].systemsResults;
    // share defaults to 1 beside a solar entry (a second entry elsewhere defaults to 0): 3 000 − 1 800
    expect(results[1].productionShare).toBe(1);
    expectClose(results[1].usefulHeatingProduction, 1_200);
  });

  it('counts solar provisions per m2 in multi-unit housing', () => {
    const response = solve(
      { heatingSystems: [solarEntry(100), gasEntry()], hotWaterSystems: [] },
      { heating: 200_000, hotWater: 0, housingCategory: 'multi_unit', dwellingsNumber: 20 },
    );
    const [solar] = response.solutionsResults[0].systemsResults;
    expect(solar.provisionsCost).toBe(5 * 100);
    // 20-year provisions: (500 + 0) × 20
    expectClose(response.periodTotalCostSeries.provisionsCost[0], 500 * 20);
  });

  it('compares with the same solution without solar (the no-solar total, not the reference sum)', () => {
    const response = solve({
      heatingSystems: [
        solarEntry(10),
        gasEntry({ productionShare: 1, estimatedInvestment: 5_000, maintenanceCost: 150 }),
      ],
      hotWaterSystems: [],
      financialSupport: true,
      financialSupportAmount: 1_000,
    });
    // without solar: the gas boiler alone covers 15 000 kWh
    const finalEnergy = 15_000 / 0.85 / 0.9;
    const fuel = geometricSum((8 * finalEnergy) / 100, 1.03, 20);
    const expected = fuel + 150 * 20 + (5_000 - 1_000);
    expectClose(response.periodTotalCostSeries.periodTotalCostWithoutSolar[0], expected);
  });

  it('keeps the shares of a list that had no solar in the comparison', () => {
    const response = solve({
      heatingSystems: [gasEntry({ productionShare: 0.5 }), gasEntry({ productionShare: 0.5 })],
      hotWaterSystems: [entry(WATER_HEATER, { solarPanelsSurface: 4 }), gasEntry()],
    });
    // without solar: heating 2 × 7 500 kWh (shares kept); hot water: the backup takes the full 3 000 kWh
    const heatingFinal = 15_000 / 0.85 / 0.9;
    const waterFinal = 3_000 / 0.87 / 0.9;
    const expected = geometricSum((8 * (heatingFinal + waterFinal)) / 100, 1.03, 20);
    expectClose(response.periodTotalCostSeries.periodTotalCostWithoutSolar[0], expected);
  });

  it('has no comparison for a solution without solar', () => {
    const response = solve({ heatingSystems: [gasEntry()], hotWaterSystems: [] });
    expect(response.periodTotalCostSeries.periodTotalCostWithoutSolar).toEqual([null]);
  });
});
