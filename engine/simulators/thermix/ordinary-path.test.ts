import { describe, expect, it } from 'vitest';
import { expectClose, geometricSum } from '../test-support/expect-close';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';

const GAS_CONDENSING = systemId('gaz_boiler_condensing');

describe('ordinary path', () => {
  it('reproduces the worked example of reference §16', () => {
    const request = requestWith(
      { heatingSystems: [entry(GAS_CONDENSING, { efficiency: 0.9, energyPrice: 8, energyPriceVariation: 0.03 })] },
      { heating: 10_000 },
    );
    const system = computeResults(request, referenceData, { currentYear: 2024 }).solutionsResults[0].systemsResults[0];

    const output = 10_000 / 0.85; // hydronic, individual heating: SE 0.85
    const finalEnergy = output / 0.9;
    const firstYear = (8 * finalEnergy) / 100;
    const twentyYears = geometricSum(firstYear, 1.03, 20);
    expectClose(system.secondaryEfficiency, 0.85);
    expectClose(system.usefulHeatingProduction, 10_000);
    expectClose(system.systemOutputHeatingProduction, output);
    expectClose(system.finalEnergyConsumption, finalEnergy);
    expectClose(system.finalEnergyConsumptionByYear, finalEnergy / 20);
    expectClose(system.primaryEnergyConsumption, finalEnergy * 1); // gaz_b1 primary ratio 1
    expectClose(system.combustibleCosts[0], firstYear);
    expectClose(system.combustibleCosts[19], firstYear * 1.03 ** 19);
    expectClose(system.combustibleCostByYear, twentyYears / 20);
    expectClose(system.carbonEmission, 0.205 * finalEnergy);
    expectClose(system.taxableCarbonEmission, 0.205 * finalEnergy); // gas is fossil
    // The rounded figures printed in §16.
    expect(output.toFixed(2)).toBe('11764.71');
    expect(finalEnergy.toFixed(2)).toBe('13071.90');
    expect(twentyYears.toFixed(2)).toBe('28099.74');
    expect((twentyYears / 20).toFixed(2)).toBe('1404.99');
    expect(system.carbonEmission.toFixed(2)).toBe('2679.74');
    // §16 prints 581.50 km (kg × 0.217); kilometres are kg ÷ 0.217 kg per km (docs/simulators.md).
    expect((system.carbonEmission / 0.217).toFixed(0)).toBe('12349');
  });

  it('computes heating entries first, then hot water, each on its share', () => {
    const wood = systemId('log_boiler');
    const electricHeater = systemId('electric_water_heater');
    const request = requestWith(
      {
        heatingSystems: [
          entry(GAS_CONDENSING, { productionShare: 0.6, efficiency: 0.95, energyPrice: 7 }),
          entry(wood, { productionShare: 0.4, efficiency: 0.72, energyPrice: 4.44, energyPriceVariation: 0.0271 }),
        ],
        hotWaterSystems: [entry(electricHeater, { efficiency: 1, energyPrice: 16 })],
      },
      { heating: 12_000, hotWater: 2_500 },
    );
    const [gas, logs, water] = computeResults(request, referenceData, { currentYear: 2024 }).solutionsResults[0]
      .systemsResults;
    expect([gas.type, logs.type, water.type]).toEqual(['heating', 'heating', 'hot_water']);
    // gas: U = 12 000 × 0.6 = 7 200; O = 7 200 / 0.85; F = O / 0.95
    expectClose(gas.finalEnergyConsumption, 7_200 / 0.85 / 0.95);
    // wood (hydronic): U = 4 800; O = 4 800 / 0.85; renewable ratio 1 from the table; wood primary ratio 0.6
    const woodOutput = 4_800 / 0.85;
    expectClose(logs.renewableHeatingProduction, woodOutput);
    expectClose(logs.primaryEnergyConsumption, (woodOutput / 0.72) * 0.6);
    expectClose(logs.carbonEmission, 0.03 * (woodOutput / 0.72));
    expect(logs.taxableCarbonEmission).toBe(0); // wood is renewable
    // electric water heater is not hydronic and there is no row for individual non-hydro hot water: SE 1
    expect(water.secondaryEfficiency).toBe(1);
    expectClose(water.finalEnergyConsumption, 2_500);
    expectClose(water.primaryEnergyConsumption, 2_500 * 2.58);
  });

  it('applies the heat-pump ratio from the entry COP', () => {
    const heatPump = systemId('heat_pump_air_water');
    const request = requestWith(
      { heatingSystems: [entry(heatPump, { efficiency: 3.4, energyPrice: 16 })] },
      { heating: 10_000 },
    );
    const solution = computeResults(request, referenceData, { currentYear: 2024 }).solutionsResults[0];
    const output = 10_000 / 0.85;
    // r = round(1 − 2.58 / 3.4) = 0.24
    expectClose(solution.systemsResults[0].renewableHeatingProduction, output * 0.24);
    expectClose(solution.renewableHeatingProductionRatio, 0.24);
    expectClose(solution.finalEnergyConsumption, output / 3.4);
  });

  it('uses the entry ghgRatio when given, and no energy at all when the efficiency is 0', () => {
    const request = requestWith(
      { heatingSystems: [entry(GAS_CONDENSING, { efficiency: 0.9, ghgRatio: 0.1, energyPrice: 8 })] },
      { heating: 9_000 },
    );
    const system = computeResults(request, referenceData, { currentYear: 2024 }).solutionsResults[0].systemsResults[0];
    expectClose(system.carbonEmission, 0.1 * (9_000 / 0.85 / 0.9));

    const zero = requestWith(
      { heatingSystems: [entry(GAS_CONDENSING, { efficiency: 0, energyPrice: 8 })] },
      { heating: 9_000 },
    );
    const zeroSystem = computeResults(zero, referenceData, { currentYear: 2024 }).solutionsResults[0].systemsResults[0];
    expect(zeroSystem.finalEnergyConsumption).toBe(0);
    expect(zeroSystem.combustibleCostByYear).toBe(0);
  });

  it('fills absent entry fields with the table defaults of the housing', () => {
    // Individual house: efficiency 0.95, investment 5 000, maintenance 150, price = current gas price 7.04
    const request = requestWith({ heatingSystems: [{ productionSystem: GAS_CONDENSING }] }, { heating: 10_000 });
    const system = computeResults(request, referenceData, { currentYear: 2024 }).solutionsResults[0].systemsResults[0];
    expect(system.productionShare).toBe(1);
    expect(system.efficiency).toBe(0.95);
    expect(system.estimatedInvestment).toBe(5_000);
    expect(system.maintenanceCost).toBe(150);
    expect(system.provisionsCost).toBe(0);
    expect(system.energyPrice).toBe(7.04);
    expect(system.energyPriceVariation).toBe(0.0271);
    expect(system.ghgRatio).toBe(0.205);

    // Multi-unit, 60 dwellings (medium): medium columns and the multi-unit price 5.98
    const multi = requestWith(
      { heatingSystems: [{ identifier: 'gaz_boiler_condensing' }] },
      { heating: 100_000, housingCategory: 'multi_unit', dwellingsNumber: 60 },
    );
    const multiSystem = computeResults(multi, referenceData, { currentYear: 2024 }).solutionsResults[0]
      .systemsResults[0];
    const table = referenceData.productionSystems.find((s) => s.id === GAS_CONDENSING)!;
    expect(multiSystem.estimatedInvestment).toBe(table.investmentMediumMultiUnitHeating);
    expect(multiSystem.maintenanceCost).toBe(table.maintenanceMediumMultiUnitHeating);
    expect(multiSystem.provisionsCost).toBe(table.provisionsMediumMultiUnitHeating);
    expect(multiSystem.energyPrice).toBe(5.98);
  });

  it('gives a second entry without a share nothing to produce', () => {
    const request = requestWith(
      { heatingSystems: [{ productionSystem: GAS_CONDENSING }, { productionSystem: systemId('log_stove') }] },
      { heating: 10_000 },
    );
    const [, stove] = computeResults(request, referenceData, { currentYear: 2024 }).solutionsResults[0].systemsResults;
    expect(stove.productionShare).toBe(0);
    expect(stove.usefulHeatingProduction).toBe(0);
  });
});
