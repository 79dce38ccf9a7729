import { formatNumber } from './numbers';

// French plural forms come from CLDR through Intl.PluralRules: 0 and 1 (and 1,5) take the
// singular ("0 lieu", "1,5 personne"), 2 and more the plural; "many" is CLDR's form for
// millions ("1 000 000 de lieux"), which our messages write as the plural.

const rules = new Intl.PluralRules('fr-FR');

/** 'one' or 'other' ("many" folded into "other"). */
export function frenchPlural(count: number): 'one' | 'other' {
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/** "0 lieu", "1 lieu", "3 lieux", "12 345 lieux": the count, then the word that agrees with it. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${frenchPlural(count) === 'one' ? singular : plural}`;
}

/**
 * The catalogue key for a message with a count: `key_one` or `key_other` when the catalogue has
 * them (chosen by `count`), the key itself otherwise.
 */
export function pluralKey(catalogue: Record<string, string>, key: string, count: unknown): string {
  if (typeof count !== 'number') return key;
  const variant = `${key}_${frenchPlural(count)}`;
  if (catalogue[variant] !== undefined) return variant;
  return catalogue[`${key}_other`] !== undefined ? `${key}_other` : key;
}

/**
 * The text of a message with a count, white-label overrides first: what `translate` in
 * engine/validation/messages.ts can call in place of `overrides[key] ?? catalogue[key]`.
 */
export function messageText(
  catalogue: Record<string, string>,
  overrides: Record<string, string>,
  key: string,
  count: unknown,
): string | undefined {
  const text = (k: string) => overrides[k] ?? catalogue[k];
  if (typeof count !== 'number') return text(key);
  return text(`${key}_${frenchPlural(count)}`) ?? text(`${key}_other`) ?? text(key);
}

/** Message parameters with their numbers written the French way (the catalogue's fill would group 1234). */
export function frenchParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    out[k] = typeof v === 'number' && Number.isFinite(v) ? formatNumber(v) : v;
  }
  return out;
}
