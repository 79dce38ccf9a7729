import { YEARLY_PRICE_SERIES_ENERGIES } from '../reference/identifiers';
import { referenceIndex } from '../reference/reference-index';
import type { ReferenceData } from '../reference/types';
import type { MetroGrenobleSettings } from './request-types';
import type { YearlyEnergyPricesSeries, YearlyPrice } from './result-types';

/** The chart shows the 21 years before the current one. */
export const YEARLY_PRICE_WINDOW_YEARS = 21;

export interface YearlyPricesOptions {
  currentYear: number;
  isMultiUnit: boolean;
  metroGrenoble: MetroGrenobleSettings | null | undefined;
}

/**
 * Stored yearly prices of the chart's energies for years currentYear − 21 … currentYear − 1
 * (missing years absent, null prices kept), with the multi-unit discount when it applies
 * (reference/simulators.md §13). In metropole mode the price variation is the metropole override.
 */
export function yearlyEnergiesPricesSeries(
  data: ReferenceData,
  options: YearlyPricesOptions,
): YearlyEnergyPricesSeries[] {
  const index = referenceIndex(data);
  const firstYear = options.currentYear - YEARLY_PRICE_WINDOW_YEARS;
  const lastYear = options.currentYear - 1;
  const metroEnabled = options.metroGrenoble?.enabled === true;
  const series: YearlyEnergyPricesSeries[] = [];
  for (const identifier of YEARLY_PRICE_SERIES_ENERGIES) {
    const energy = index.energiesByIdentifier.get(identifier);
    if (!energy) continue;
    const discount = options.isMultiUnit ? energy.priceMultiUnitDiscount : 1;
    const yearlyPrices: YearlyPrice[] = [];
    for (const [year, price] of index.pricesByEnergy.get(identifier) ?? []) {
      if (year < firstYear || year > lastYear) continue;
      yearlyPrices.push({ year, price: price === null ? null : price * discount });
    }
    const priceVariation = metroEnabled
      ? (options.metroGrenoble?.energiesOverridedData?.[identifier]?.priceVariation ?? null)
      : energy.priceVariation;
    series.push({ identifier, priceVariation, yearlyPrices });
  }
  return series;
}
