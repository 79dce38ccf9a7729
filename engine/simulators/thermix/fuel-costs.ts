import { CENTS_PER_EURO, PROJECTION_YEARS } from './constants';

/** Fuel cost of each projection year: price (c€/kWh) × F / 100, growing by the yearly variation. */
export function yearlyFuelCosts(energyPrice: number, finalEnergy: number, priceVariation: number): number[] {
  const costs: number[] = [];
  const firstYear = (energyPrice * finalEnergy) / CENTS_PER_EURO;
  const growth = 1 + priceVariation;
  let factor = 1;
  for (let year = 0; year < PROJECTION_YEARS; year++) {
    costs.push(firstYear * factor);
    factor *= growth;
  }
  return costs;
}

export function constantYearlyCosts(yearlyCost: number): number[] {
  const costs: number[] = [];
  for (let year = 0; year < PROJECTION_YEARS; year++) costs.push(yearlyCost);
  return costs;
}

export function sumOf(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
