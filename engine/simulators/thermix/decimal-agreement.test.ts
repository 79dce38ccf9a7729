import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';

// The reference computes in 28-digit decimal, half to even. This oracle redoes a solar solution's
// arithmetic that way, from the formulas of reference/simulators.md, to check the doubles' agreement.
const D = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_EVEN });
const d = (value: number) => new D(String(value));

function relativeGap(actual: number, expected: InstanceType<typeof D>): number {
  return expected.isZero() ? Math.abs(actual) : d(actual).minus(expected).abs().div(expected.abs()).toNumber();
}

describe('agreement with 28-digit decimal arithmetic', () => {
  it('stays far within 1e-9 on a solar solution with a heat-pump backup', () => {
    const heatPump = systemId('heat_pump_air_water');
    const request = requestWith(
      {
        heatingSystems: [
          entry(systemId('solar_system_combined'), { solarPanelsSurface: 7.3 }),
          entry(heatPump, { efficiency: 2.87, energyPrice: 17.13, energyPriceVariation: 0.0174 }),
        ],
        hotWaterSystems: [],
      },
      { heating: 13_457.3 },
    );
    const [solar, backup] = computeResults(request, referenceData, { currentYear: 2024 }).solutionsResults[0]
      .systemsResults;

    // solar: min(0.15 × 13 457.3, 450 × 7.3) = min(2 018.595, 3 285)
    const solarProduction = D.min(d(0.15).times(d(13_457.3)), d(450).times(d(7.3)));
    const useful = d(13_457.3).minus(solarProduction);
    const output = useful.div(d(0.85));
    const finalEnergy = output.div(d(2.87));
    // 1 − 2.58 / 2.87 = 0.10104… → 0.10
    const renewable = output.times(new D(1).minus(d(2.58).div(d(2.87))).toDecimalPlaces(2, D.ROUND_HALF_EVEN));
    let fuel = new D(0);
    for (let year = 0; year < 20; year++)
      fuel = fuel.plus(d(17.13).times(finalEnergy).div(100).times(d(1.0174).pow(year)));

    const gaps = [
      relativeGap(solar.usefulHeatingProduction, solarProduction),
      relativeGap(backup.usefulHeatingProduction, useful),
      relativeGap(backup.systemOutputHeatingProduction, output),
      relativeGap(backup.finalEnergyConsumption, finalEnergy),
      relativeGap(backup.primaryEnergyConsumption, finalEnergy.times(d(2.58))),
      relativeGap(backup.renewableHeatingProduction, renewable),
      relativeGap(
        backup.combustibleCosts.reduce((sum, cost) => sum + cost, 0),
        fuel,
      ),
      relativeGap(backup.carbonEmission, finalEnergy.times(d(0.147))),
    ];
    for (const gap of gaps) expect(gap).toBeLessThan(1e-12);
  });
});
