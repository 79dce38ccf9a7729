import { isThermalSolar } from '../../../../../engine/simulators';

/**
 * Spec 02 §4: the first entry covers the whole need by default, the second nothing. Beside a
 * thermal solar entry the backup covers what solar leaves, so its default is 1 (as the engine
 * does: 0 would silently drop the backup). A solar entry's share is not used by the calculation.
 * `identifiers` are the systems of the list's entries (null for an empty one).
 */
export function defaultShare(identifiers: readonly (string | null)[], rank: number): number {
  const own = identifiers[rank];
  const besideSolar = identifiers.some((id, i) => i !== rank && id !== null && isThermalSolar(id));
  if (own && !isThermalSolar(own) && besideSolar) return 1;
  return rank === 0 ? 1 : 0;
}
