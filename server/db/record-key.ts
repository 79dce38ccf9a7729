/** Largest key of a table (32-bit integer columns on PostgreSQL). */
export const MAX_KEY = 2_147_483_647;

/**
 * Whether a value may name a record: a positive integer within the key range. Hooks look records
 * up with values sent by users before (or besides) validation; anything else names none, and must
 * never reach a query (PostgreSQL refuses to compare an integer column with -1e308).
 */
export function isRecordKey(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_KEY;
}
