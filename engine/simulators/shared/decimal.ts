import Decimal from 'decimal.js';

// The reference backend computes in 28-significant-digit decimal arithmetic, rounding half to even.
// The bulk of our calculation stays in doubles (agreement ~1e-12), but the explicit roundings must
// decide ties exactly as that decimal context does, so they go through this clone.
export const ReferenceDecimal = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_EVEN });
export type ReferenceDecimalValue = InstanceType<typeof ReferenceDecimal>;

/** The decimal the reference would read: the shortest decimal text of the double. */
export function toReferenceDecimal(value: number): ReferenceDecimalValue {
  return new ReferenceDecimal(String(value));
}

/** Rounds a decimal to `places` decimals, half to even, and returns the nearest double. */
export function roundDecimalHalfEven(value: ReferenceDecimalValue, places: number): number {
  return value.toDecimalPlaces(places, ReferenceDecimal.ROUND_HALF_EVEN).toNumber();
}

/** Rounds a number, read as its shortest decimal text, to `places` decimals, half to even. */
export function roundHalfEven(value: number, places: number): number {
  return roundDecimalHalfEven(toReferenceDecimal(value), places);
}
