import { describe, expect, it } from 'vitest';
import { expectClose } from '../test-support/expect-close';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';
import type { ThermixSolution } from './request-types';

const WOOD = systemId('log_boiler');
const GAS = systemId('gaz_boiler_condensing');
const SOLAR = systemId('solar_water_heater');

function solve(solution: ThermixSolution, needs = { heating: 10_000, hotWater: 2_000 }) {
  return computeResults(requestWith(solution, needs), referenceData, { currentYear: 2024 });
}

describe('environmental indicators', () => {
  it('sums energies and emissions and computes the renewable ratios', () => {
    const response = solve({
      heatingSystems: [entry(WOOD, { efficiency: 0.8 })],
      hotWaterSystems: [entry(GAS, { efficiency: 0.9 })],
      renewableElectricity: true,
      renewableElectricityProduction: 1_500,
    });
    const woodOutput = 10_000 / 0.85;
    const gasOutput = 2_000 / 0.87;
    const woodFinal = woodOutput / 0.8;
    const gasFinal = gasOutput / 0.9;
    const solution = response.solutionsResults[0];
    const series = response.environmentalIndicatorsSeries;
    expectClose(solution.finalEnergyConsumption, woodFinal + gasFinal);
    expectClose(solution.primaryEnergyConsumption, woodFinal * 0.6 + gasFinal * 1);
    const carbon = woodFinal * 0.03 + gasFinal * 0.205;
    expectClose(solution.carbonReport, carbon);
    // An average car emits 0.217 kg CO2 per km: kilometres = kg ÷ 0.217 (the reference multiplied).
    expectClose(solution.carbonReportKmEquivalent, carbon / 0.217);
    // renewable: the wood output (ratio 1); gas 0
    expectClose(solution.renewableHeatingProductionRatio, woodOutput / (woodOutput + gasOutput));
    expectClose(solution.renewableProductionRatio, (woodOutput + 1_500) / (woodOutput + gasOutput + 1_500));
    expect(series.renewableElectricity).toEqual([1_500]);
    expectClose(series.totalRenewableProduction[0], woodOutput + 1_500);
    expectClose(series.totalRenewableProductionWithoutNetwork[0], woodOutput + 1_500);
    expectClose(series.renewableHeatingProductionWithoutNetwork[0], woodOutput);
    expect(series.renewableHeatingProductionNetworkOnly).toEqual([0]);
    // filled, unlike the reference's always-empty array
    expectClose(series.carbonReportKmEquivalent[0], carbon / 0.217);
  });

  it('accepts the UI name renewableElectricityProd and ignores it when the flag is off', () => {
    const on = solve({ heatingSystems: [entry(GAS)], renewableElectricity: true, renewableElectricityProd: 700 });
    expect(on.environmentalIndicatorsSeries.renewableElectricity).toEqual([700]);
    const off = solve({
      heatingSystems: [entry(GAS)],
      renewableElectricity: false,
      renewableElectricityProduction: 700,
    });
    expect(off.environmentalIndicatorsSeries.renewableElectricity).toEqual([null]);
  });

  it('gives ratios of 0 when nothing is produced', () => {
    const solution = solve({ heatingSystems: [], hotWaterSystems: [] }).solutionsResults[0];
    expect(solution.renewableHeatingProductionRatio).toBe(0);
    expect(solution.renewableProductionRatio).toBe(0);
    expect(solution.periodTotalCost).toBe(0);
  });

  it('counts solar in the numerators only, so the ratio may exceed the share of output', () => {
    const solution = solve(
      {
        heatingSystems: [],
        hotWaterSystems: [entry(SOLAR, { solarPanelsSurface: 4 }), entry(GAS, { efficiency: 0.9 })],
      },
      { heating: 0, hotWater: 2_000 },
    ).solutionsResults[0];
    // solar: min(0.7 × 2 000, 450 × 4) = 1 400; gas: O = (2 000 − 1 400) / 0.87
    const gasOutput = 600 / 0.87;
    expectClose(solution.renewableHeatingProductionRatio, 1_400 / gasOutput);
  });
});
