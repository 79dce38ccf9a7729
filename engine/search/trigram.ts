import { normaliseForSearch } from './normalise';

/**
 * PostgreSQL pg_trgm's `similarity()`, computed the same way in TypeScript, so that the global
 * search scores alike on SQLite (which has no pg_trgm) and PostgreSQL.
 *
 * pg_trgm lower-cases, splits the text into words of alphanumeric characters, pads each word
 * with two spaces before and one after, and takes the set of its 3-character windows; the
 * similarity of two texts is |A ∩ B| / (|A| + |B| − |A ∩ B|), a `real` (float4), 0 when either
 * set is empty.
 *
 * What "alphanumeric" means to pg_trgm depends on the database's locale (with C.UTF-8, « é » is a
 * letter; with C it is not), and pg_trgm does not remove accents. So both databases are given
 * the same text: the search normalisation (lower case, accents removed, ligatures spelt out),
 * then every character other than a–z and 0–9 is a word break (`trigramText`). On that text
 * pg_trgm's own `similarity()` equals `similarity()` here whatever the locale (checked against
 * the real extension by tests/api/trigram-similarity.test.ts). Letters that have no Latin
 * spelling (Greek, Cyrillic, CJK…) are word breaks: such words are not found by trigrams.
 */

/** The words pg_trgm would see, accent- and case-blind. */
export function trigramWords(text: string): string[] {
  return normaliseForSearch(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The text stored for the global search (and given to pg_trgm): the words, one space apart. */
export function trigramText(text: string): string {
  return trigramWords(text).join(' ');
}

/** The set of pg_trgm trigrams of a text (`show_trgm` of its `trigramText`). */
export function trigramsOf(text: string): Set<string> {
  return trigramsOfTrigramText(trigramText(text));
}

/**
 * The same for a text already in trigram form (`trigramText`: words of a–z0–9 one space apart),
 * such as a stored entry: no normalisation to pay for again.
 */
export function trigramsOfTrigramText(text: string): Set<string> {
  const out = new Set<string>();
  if (!text) return out;
  for (const word of text.split(' ')) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity of two trigram sets: shared / union, rounded to a float4 as PostgreSQL returns it. */
export function setSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return Math.fround(shared / (a.size + b.size - shared));
}

/** `similarity(a, b)` of pg_trgm on the normalised texts. */
export function similarity(a: string, b: string): number {
  return setSimilarity(trigramsOf(a), trigramsOf(b));
}

/**
 * The fewest trigrams a text must share with a query of `queryTrigrams` trigrams to reach
 * `threshold`: shared / (|T| + |Q| − shared) ≥ t with |T| ≥ shared gives shared ≥ t·|Q|.
 * Candidate searches use it to skip texts that cannot reach the threshold; the bound is lowered
 * by a millionth so that a score rounded up to the threshold by float4 is never skipped.
 */
export function minSharedTrigrams(queryTrigrams: number, threshold: number): number {
  return Math.max(1, Math.ceil(threshold * queryTrigrams * (1 - 1e-6)));
}
