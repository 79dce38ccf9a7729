/**
 * One way to compare what people type with what is stored, used by the server (the stored
 * search text and the words of a search) and by the browser (filtering choices it already has):
 * lower case, accents removed, ligatures spelt out, apostrophes, quotes, dashes and spaces unified.
 * « Échirolles », « ECHIROLLES » and « echirolles » all become « echirolles »; « d’Œuvre »
 * becomes « d'oeuvre ».
 *
 * Changing what this function returns changes stored search texts: a migration must then
 * compute them again (see SEARCH_TEXT_VERSION).
 */
export const SEARCH_TEXT_VERSION = 1;

const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ﬁ: 'fi', ﬂ: 'fl' };
// Letters that NFD does not split into a base letter and a mark.
const LETTERS: Record<string, string> = { ø: 'o', đ: 'd', ł: 'l', ħ: 'h', ı: 'i' };

export function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œæßﬁﬂ]/g, (c) => LIGATURES[c])
    .replace(/[øđłħı]/g, (c) => LETTERS[c])
    .replace(/[\u2018\u2019\u201a\u201b\u02bc\u02b9\u0060\u00b4\u2032]/g, "'")
    .replace(/[\u00ab\u00bb\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

/** Stored values are joined by a line break: a search word (never containing spaces) cannot span two of them. */
export const SEARCH_TEXT_SEPARATOR = '\n';

/** The stored search text of a record from the values of its searched fields (texts, numbers, lists of texts). */
export function searchTextOf(values: unknown[]): string {
  const parts: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') {
      const n = normaliseForSearch(v);
      if (n) parts.push(n);
    } else if (typeof v === 'number' && Number.isFinite(v)) parts.push(String(v));
    else if (Array.isArray(v)) v.forEach(add);
  };
  values.forEach(add);
  return parts.join(SEARCH_TEXT_SEPARATOR);
}

/** The words of a search as the stored text spells them (at most `max`, empty ones dropped). */
export function searchWords(query: string, max = 10): string[] {
  return query.split(/\s+/).map(normaliseForSearch).filter(Boolean).slice(0, max);
}

/** Whether a label matches every word of a search (the browser's own filtering of loaded choices). */
export function matchesSearch(label: string, query: string): boolean {
  const text = normaliseForSearch(label);
  return searchWords(query).every((w) => text.includes(w));
}
