import { lengthRatioBound, sequenceRatio } from './sequence-ratio';

/** What the duplicate score of two contacts reads (reference §8.3); a missing value counts as "". */
export interface SimilarityFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** The reference's threshold: a pair is a duplicate when its score is strictly above it. */
export const DUPLICATE_THRESHOLD = 0.8;

const FIELDS = ['firstName', 'lastName', 'email'] as const;

/**
 * The duplicate score of two contacts (reference §8.3), case-sensitive and without normalisation,
 * as the reference computes it: the length bounds of the three fields first; when one of them
 * exceeds 0.80, the mean of the three exact sequence-matching ratios (difflib's `ratio()`),
 * otherwise the mean of the bounds (then at most 0.80: never a duplicate).
 */
export function contactSimilarity(a: SimilarityFields, b: SimilarityFields): number {
  const pairs = FIELDS.map((f) => [a[f] ?? '', b[f] ?? ''] as const);
  const bounds = pairs.map(([x, y]) => lengthRatioBound(x, y));
  // Summed left to right as Python's sum() does, so that the last bit agrees too.
  const mean = (values: number[]) => (values[0] + values[1] + values[2]) / 3;
  if (!bounds.some((bound) => bound > DUPLICATE_THRESHOLD)) return mean(bounds);
  return mean(pairs.map(([x, y]) => sequenceRatio(x, y)));
}

/** Whether two contacts are duplicates by the reference's rule. */
export function areDuplicates(a: SimilarityFields, b: SimilarityFields): boolean {
  return contactSimilarity(a, b) > DUPLICATE_THRESHOLD;
}
