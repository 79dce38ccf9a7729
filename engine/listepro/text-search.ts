/**
 * The directory's « Quoi ? » search (issue 26 item 6): a visitor types a trade or a key word
 * (« isolation », « pompe à chaleur », « architecte ») as on PagesJaunes, not a path through the
 * activity tree. Pure, so that the server and the unit tests share the rule.
 */
import { distanceKm, located, seededShuffle } from './search';

/** Small words a visitor types that say nothing of a trade (« pompe à chaleur », « maître d'œuvre »). */
const STOP_WORDS = new Set(['a', 'au', 'aux', 'd', 'de', 'des', 'du', 'en', 'et', 'l', 'la', 'le', 'les', 'pour']);

/** Lower case, no accents, ligatures spelled out, anything else than letters and digits a space. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A word without its plural mark (« pompes » → « pompe », « travaux » → « travau »), long words only. */
function stem(word: string): string {
  return word.length > 3 && /[sx]$/.test(word) ? word.slice(0, -1) : word;
}

/** The words of a query that must all be found, stemmed; none for an empty or stop-words-only query. */
export function queryWords(query: string): string[] {
  return fold(query)
    .split(' ')
    .filter((w) => w && !STOP_WORDS.has(w))
    .map(stem);
}

/** The words of what a sheet says of itself (name, job, key words, missions, description), folded once. */
export function haystackWords(texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const w of fold(t.replace(/<[^>]*>/g, ' ')).split(' ')) if (w) out.add(w);
  return [...out];
}

/**
 * Whether a sheet answers the words: each word begins a word of the sheet (« isol » finds
 * « isolation », « chaleur » finds « chaleur »). No word (an empty « Quoi ? ») matches every sheet:
 * « Où ? » alone lists everyone around a place.
 */
export function matchesWords(haystack: readonly string[], words: readonly string[]): boolean {
  return words.every((w) => haystack.some((h) => h.startsWith(w)));
}

/**
 * The order of the results: the seed's random order (spec 03 §2) without a place; with a place,
 * nearest first (issue 26 item 6: « À 0,3 km » above « À 33 km »), the unlocated last in the seed's
 * order, equal distances in the seed's order too.
 */
export function orderResults<T extends { pk: number; lat: number | null; lon: number | null }>(
  items: T[],
  seed: number,
  near: { lat: number; lon: number } | null,
): T[] {
  const shuffled = seededShuffle(items, seed, (c) => c.pk);
  if (!near) return shuffled;
  const rank = new Map(shuffled.map((c, i) => [c.pk, i]));
  const dist = (c: T) => (located(c) ? distanceKm(near, c) : Number.POSITIVE_INFINITY);
  const distances = new Map(shuffled.map((c) => [c.pk, dist(c)]));
  return shuffled.sort((a, b) => distances.get(a.pk)! - distances.get(b.pk)! || rank.get(a.pk)! - rank.get(b.pk)! || 0);
}
