import { isPostcodeLike, normalise } from './normalise';
import type { Commune } from './territory-data';

export interface CommuneMatch {
  commune: Commune;
  /** The postcode the query named, else the commune's first. */
  postcode: string;
  /** 0–1, higher is better (shown as the feature's score in address answers). */
  score: number;
}

/** Communes with lookups by normalised full name and by postcode. */
export interface CommuneIndex {
  all: Commune[];
  byName: Map<string, Commune[]>;
  byPostcode: Map<string, Commune[]>;
  /** Longest name, in words: no n-gram of a query is longer. */
  maxWords: number;
}

function push<K>(map: Map<K, Commune[]>, key: K, c: Commune) {
  const list = map.get(key);
  if (list) list.push(c);
  else map.set(key, [c]);
}

export function indexCommunes(all: Commune[]): CommuneIndex {
  const byName = new Map<string, Commune[]>();
  const byPostcode = new Map<string, Commune[]>();
  let maxWords = 1;
  for (const c of all) {
    push(byName, c.search, c);
    for (const p of c.postcodes) push(byPostcode, p, c);
    maxWords = Math.max(maxWords, c.search.split(' ').length);
  }
  return { all, byName, byPostcode, maxWords };
}

function namedPostcode(c: Commune, numbers: string[]): string {
  for (const n of numbers) if (c.postcodes.includes(n)) return n;
  return c.postcodes[0] ?? '';
}

function rank(matches: CommuneMatch[], limit: number): CommuneMatch[] {
  return matches
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.commune.population - a.commune.population ||
        a.commune.name.localeCompare(b.commune.name, 'fr'),
    )
    .slice(0, limit);
}

function startsAWord(name: string, word: string): boolean {
  for (let at = name.indexOf(word); at !== -1; at = name.indexOf(word, at + 1)) {
    if (at === 0 || name.charCodeAt(at - 1) === 32) return true;
  }
  return false;
}

function numberMatches(c: Commune, n: string): boolean {
  if (c.code.toLowerCase().startsWith(n)) return true;
  for (const p of c.postcodes) if (p.startsWith(n)) return true;
  return false;
}

/**
 * Communes whose name, postcode or INSEE code match every word typed: a word matches the start
 * of a word of the name ("st egr" → Saint-Égrève), a number the start of a postcode or of the
 * INSEE code ("380" → the communes of 380xx). Exact names first, then names starting with the
 * text, then by population.
 */
export function searchCommunes(
  index: CommuneIndex,
  query: string,
  options: { limit: number; within?: Set<string> },
): CommuneMatch[] {
  const q = normalise(query);
  if (!q) return [];
  const tokens = q.split(' ');
  const numbers = tokens.filter((w) => /^[0-9]/.test(w));
  const names = tokens.filter((w) => !/^[0-9]/.test(w));
  const text = names.join(' ');
  const out: CommuneMatch[] = [];
  // Plain loops: this runs over 35 000 communes for each keystroke that reaches the server.
  next: for (const c of index.all) {
    if (options.within && !options.within.has(c.code)) continue;
    for (const n of numbers) if (!numberMatches(c, n)) continue next;
    for (const w of names) if (!startsAWord(c.search, w)) continue next;
    const score = names.length
      ? c.search === text
        ? 1
        : c.search.startsWith(text)
          ? 0.9
          : 0.7
      : numbers.some((n) => c.postcodes.includes(n))
        ? 0.9
        : numbers.includes(c.code)
          ? 0.8
          : 0.6;
    out.push({ commune: c, postcode: namedPostcode(c, numbers), score });
  }
  return rank(out, options.limit);
}

/**
 * Communes named inside a full address ("12 rue des Alpes 38000 Grenoble"): the commune's whole
 * name appears as consecutive words of the text, or its postcode does; both together settle it.
 * This is what answers a street-address search when the national address service cannot be
 * reached. Lookups by word sequence, so the cost does not grow with the number of communes.
 */
export function communesInAddress(index: CommuneIndex, query: string, limit: number): CommuneMatch[] {
  const words = normalise(query).split(' ').filter(Boolean);
  const postcodes = words.filter(isPostcodeLike);
  const found = new Map<Commune, { byName: boolean; byPostcode: boolean }>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= index.maxWords && i + n <= words.length; n++) {
      for (const c of index.byName.get(words.slice(i, i + n).join(' ')) ?? [])
        found.set(c, { byName: true, byPostcode: false });
    }
  }
  for (const p of postcodes) {
    for (const c of index.byPostcode.get(p) ?? [])
      found.set(c, { byName: found.get(c)?.byName ?? false, byPostcode: true });
  }
  const out: CommuneMatch[] = [];
  for (const [c, how] of found) {
    // A postcode alone is weak evidence (dozens of communes may share one); longer names are less likely to be
    // street words.
    const score = how.byName && how.byPostcode ? 0.9 : how.byName ? 0.6 + Math.min(c.search.length, 30) / 100 : 0.4;
    out.push({ commune: c, postcode: namedPostcode(c, postcodes), score });
  }
  // Name and postcode together settle it: "Rue" in "12 rue des Alpes 38000 Grenoble" is a street word, not the
  // commune of Rue.
  const settled = out.filter((m) => m.score === 0.9);
  return rank(settled.length ? settled : out, limit);
}
