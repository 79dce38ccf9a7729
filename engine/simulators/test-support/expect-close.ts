import { expect } from 'vitest';

/** Relative agreement asked of the engine against the reference's decimal arithmetic. */
export const RELATIVE_TOLERANCE = 1e-9;

export function expectClose(actual: number | null | undefined, expected: number, tolerance = RELATIVE_TOLERANCE): void {
  expect(typeof actual, `expected a number close to ${expected}, got ${actual}`).toBe('number');
  const value = actual as number;
  const scale = Math.max(Math.abs(expected), 1e-12);
  const relative = Math.abs(value - expected) / scale;
  expect(relative, `${value} is not within ${tolerance} (relative) of ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** Sum of a × q^0 + … + a × q^(n−1), spelled out as a loop so tests do not reuse engine code. */
export function geometricSum(first: number, ratio: number, count: number): number {
  let total = 0;
  for (let k = 0; k < count; k++) total += first * ratio ** k;
  return total;
}
