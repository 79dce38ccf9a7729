/**
 * Text normalisation for commune searches: case, accents, apostrophes and hyphens do not count,
 * and the usual abbreviations of "Saint"/"Sainte" match the full word ("st egreve" finds
 * Saint-Égrève), as people type them in an address field.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => (w === 'st' ? 'saint' : w === 'ste' ? 'sainte' : w))
    .join(' ');
}

/** Words of a normalised text (empty text, no words). */
export function words(text: string): string[] {
  const n = normalise(text);
  return n ? n.split(' ') : [];
}

/** A five-digit number that may be a postcode (or an INSEE code, which has the same shape). */
export function isPostcodeLike(word: string): boolean {
  return /^[0-9]{5}$/.test(word);
}
