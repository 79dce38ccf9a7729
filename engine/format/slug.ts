import slugifyText from '@sindresorhus/slugify';

// Slugs are the words of public URLs ("/rendez-vous/coeur-de-savoie"). @sindresorhus/slugify
// transliterates what Unicode decomposition cannot (œ → oe, æ → ae, ß → ss…); the options make
// it French: "&" reads "et", ä/ö/ü lose their dots instead of the German "ae/oe/ue"
// (Capharnaüm → capharnaum), and capitals do not split words (with camel-case splitting,
// "Œuvre" → "OEuvre" → "o-euvre").

const FRENCH: [string, string][] = [
  ['&', ' et '],
  ['ä', 'a'],
  ['Ä', 'A'],
  ['ö', 'o'],
  ['Ö', 'O'],
  ['ü', 'u'],
  ['Ü', 'U'],
];

/** Lower-case words joined by dashes, accents and ligatures spelt out, at most `max` characters (whole words). */
export function slugify(text: string, max = 100): string {
  const slug = slugifyText(text, { decamelize: false, customReplacements: FRENCH });
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 0 ? cut.slice(0, lastDash) : slug.slice(0, max)).replace(/-+$/, '');
}
