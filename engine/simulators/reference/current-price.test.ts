import { describe, expect, it } from 'vitest';
import { copyOfReferenceData, referenceData } from '../test-support/reference-data';
import { currentPrice, currentPriceMultiUnit } from './current-price';
import type { ReferenceData } from './types';

function withPrices(prices: { year: number; price: number | null }[], discount = 0.85): ReferenceData {
  const data = copyOfReferenceData();
  data.energies = data.energies.map((energy) =>
    energy.identifier === 'oil' ? { ...energy, priceMultiUnitDiscount: discount } : energy,
  );
  data.yearlyEnergyPrices = prices.map((row) => ({ energy: 'oil', ...row }));
  return data;
}

describe('currentPrice', () => {
  it('averages the three most recent prices and rounds to 0.01', () => {
    // electricity 2017..2019: (15.77 + 16.17 + 16.01) / 3 = 47.95 / 3 = 15.98333… → 15.98
    expect(currentPrice(referenceData, 'electricity')).toBe(15.98);
    // multi-unit: 15.98 × 0.85 = 13.583 → 13.58
    expect(currentPriceMultiUnit(referenceData, 'electricity')).toBe(13.58);
  });

  it('agrees with the derived prices stored in the reference data file', () => {
    for (const energy of referenceData.energies) {
      expect(currentPrice(referenceData, energy.identifier), energy.identifier).toBe(energy.currentPrice);
      expect(currentPriceMultiUnit(referenceData, energy.identifier), energy.identifier).toBe(
        energy.currentPriceMultiUnit,
      );
    }
  });

  it('rounds an exact tie half to even', () => {
    // (1.02 + 1.025 + 1.03) / 3 = 3.075 / 3 = 1.025 exactly → 1.02 (half up would give 1.03)
    const data = withPrices([
      { year: 2017, price: 1.02 },
      { year: 2018, price: 1.025 },
      { year: 2019, price: 1.03 },
    ]);
    expect(currentPrice(data, 'oil')).toBe(1.02);
  });

  it('rounds the multi-unit price half to even too', () => {
    // 2.5 × 0.85 = 2.125 exactly → 2.12
    const data = withPrices([{ year: 2019, price: 2.5 }]);
    expect(currentPrice(data, 'oil')).toBe(2.5);
    expect(currentPriceMultiUnit(data, 'oil')).toBe(2.12);
  });

  it('leaves null and zero prices of the last three years out of the mean', () => {
    // the three most recent are 2019 (null), 2018 (0) and 2017 (5): mean of [5] = 5; 2016 is not used
    const data = withPrices([
      { year: 2016, price: 100 },
      { year: 2017, price: 5 },
      { year: 2018, price: 0 },
      { year: 2019, price: null },
    ]);
    expect(currentPrice(data, 'oil')).toBe(5);
  });

  it('is null without any price', () => {
    expect(currentPrice(referenceData, 'thermal_solar')).toBeNull();
    expect(currentPriceMultiUnit(referenceData, 'thermal_solar')).toBeNull();
    expect(currentPrice(referenceData, 'no_such_energy')).toBeNull();
  });
});
