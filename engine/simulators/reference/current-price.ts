import { ReferenceDecimal, roundDecimalHalfEven, toReferenceDecimal } from '../shared/decimal';
import { referenceIndex } from './reference-index';
import type { ReferenceData } from './types';

const RECENT_YEARS_IN_AVERAGE = 3;

/**
 * Current price of an energy (c€/kWh): mean of its three most recent yearly prices, null and zero
 * prices left out, rounded to 0.01 half to even in decimal as the reference does. null when no price.
 */
export function currentPrice(data: ReferenceData, energyIdentifier: string): number | null {
  const index = referenceIndex(data);
  const key = `price:${energyIdentifier}`;
  if (index.memo.has(key)) return index.memo.get(key) ?? null;
  const byYear = index.pricesByEnergy.get(energyIdentifier);
  const recent = byYear ? [...byYear.entries()].sort((a, b) => b[0] - a[0]).slice(0, RECENT_YEARS_IN_AVERAGE) : [];
  const prices = recent.map(([, price]) => price).filter((price): price is number => price !== null && price !== 0);
  let value: number | null = null;
  if (prices.length > 0) {
    const sum = prices.reduce((total, price) => total.plus(toReferenceDecimal(price)), new ReferenceDecimal(0));
    value = roundDecimalHalfEven(sum.div(prices.length), 2);
  }
  index.memo.set(key, value);
  return value;
}

/** Current price for multi-unit housing: current price × the energy's discount, rounded to 0.01. */
export function currentPriceMultiUnit(data: ReferenceData, energyIdentifier: string): number | null {
  const index = referenceIndex(data);
  const key = `priceMultiUnit:${energyIdentifier}`;
  if (index.memo.has(key)) return index.memo.get(key) ?? null;
  const price = currentPrice(data, energyIdentifier);
  const energy = index.energiesByIdentifier.get(energyIdentifier);
  let value: number | null = null;
  if (price !== null && energy) {
    value = roundDecimalHalfEven(toReferenceDecimal(price).times(toReferenceDecimal(energy.priceMultiUnitDiscount)), 2);
  }
  index.memo.set(key, value);
  return value;
}
