import { describe, expect, it } from 'vitest';
import { expectClose } from '../test-support/expect-close';
import { referenceData } from '../test-support/reference-data';
import { yearlyEnergiesPricesSeries } from './yearly-prices';

describe('yearlyEnergiesPricesSeries', () => {
  it('lists the eight chart energies over current year − 21 … current year − 1', () => {
    const series = yearlyEnergiesPricesSeries(referenceData, {
      currentYear: 2015,
      isMultiUnit: false,
      metroGrenoble: null,
    });
    expect(series.map((s) => s.identifier)).toEqual([
      'oil',
      'gaz_b1',
      'propane',
      'electricity',
      'wood',
      'shredded_wood',
      'bulk_granules',
      'bag_granules',
    ]);
    const oil = series[0];
    // 2015 − 21 = 1994 … 2014: 21 years, all stored for oil
    expect(oil.yearlyPrices.map((p) => p.year)).toEqual(Array.from({ length: 21 }, (_, k) => 1994 + k));
    expect(oil.priceVariation).toBe(0.0497);
    // wood starts in 1996 with a null price, kept as null
    const wood = series[4];
    expect(wood.yearlyPrices[0]).toEqual({ year: 1996, price: null });
    expect(wood.yearlyPrices).toHaveLength(2014 - 1996 + 1);
  });

  it('shows nothing after 2019 and nothing for years out of the window', () => {
    const series = yearlyEnergiesPricesSeries(referenceData, {
      currentYear: 2030,
      isMultiUnit: false,
      metroGrenoble: null,
    });
    // window 2009 … 2029; data stops in 2019
    expect(series[0].yearlyPrices.map((p) => p.year)).toEqual(Array.from({ length: 11 }, (_, k) => 2009 + k));
  });

  it('applies the multi-unit discount', () => {
    const series = yearlyEnergiesPricesSeries(referenceData, {
      currentYear: 2020,
      isMultiUnit: true,
      metroGrenoble: null,
    });
    const oil2019 = series[0].yearlyPrices.find((p) => p.year === 2019);
    expectClose(oil2019?.price, 9.38 * 0.85);
    const shredded2019 = series[5].yearlyPrices.find((p) => p.year === 2019);
    expectClose(shredded2019?.price, 3.16 * 0.99);
  });

  it('takes the price variation from the metropole overrides in metropole mode', () => {
    const series = yearlyEnergiesPricesSeries(referenceData, {
      currentYear: 2020,
      isMultiUnit: false,
      metroGrenoble: { enabled: true, energiesOverridedData: { oil: { priceVariation: 0.0112 } } },
    });
    expect(series[0].priceVariation).toBe(0.0112);
    expect(series[1].priceVariation).toBeNull();
  });
});
