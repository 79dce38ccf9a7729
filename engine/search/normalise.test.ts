import { describe, expect, it } from 'vitest';
import { matchesSearch, normaliseForSearch, searchTextOf, searchWords } from './normalise';

describe('normaliseForSearch', () => {
  it('ignores case and accents', () => {
    for (const typed of ['echirolles', 'ÉCHIROLLES', 'Echirolles', 'échirolles', 'ÊchiRollès']) {
      expect(normaliseForSearch(typed)).toBe('echirolles');
    }
    expect(normaliseForSearch("Permanence d'Échirolles")).toBe("permanence d'echirolles");
  });

  it('spells out ligatures and unifies apostrophes, quotes, dashes and spaces', () => {
    expect(normaliseForSearch('Cœur d’Œuvre')).toBe("coeur d'oeuvre");
    expect(normaliseForSearch('Ætna')).toBe('aetna');
    expect(normaliseForSearch('«\u00a0Saint‑Martin–d’Hères\u00a0»')).toBe('" saint-martin-d\'heres "');
    expect(normaliseForSearch('  a \t b  ')).toBe('a b');
  });

  it('keeps the characters that have a meaning in SQL patterns as they are', () => {
    expect(normaliseForSearch('100%_Ça')).toBe('100%_ca');
  });
});

describe('searchTextOf', () => {
  it('joins the normalised values of texts, numbers and lists, skipping empty ones', () => {
    expect(searchTextOf(['Maison de l’Énergie', null, '', 38000, ['Vif', 'Échirolles'], undefined])).toBe(
      "maison de l'energie\n38000\nvif\nechirolles",
    );
  });
});

describe('searchWords / matchesSearch', () => {
  it('splits a query into normalised words', () => {
    expect(searchWords('  Échirolles   PERMANENCE ')).toEqual(['echirolles', 'permanence']);
    expect(searchWords(Array.from({ length: 12 }, (_, i) => `m${i}`).join(' '))).toHaveLength(10);
  });

  it('matches a label when every word is in it, whatever the accents', () => {
    expect(matchesSearch("Permanence d'Échirolles", 'echirolles perm')).toBe(true);
    expect(matchesSearch("Permanence d'Échirolles", 'grenoble')).toBe(false);
    expect(matchesSearch('Anything', '   ')).toBe(true);
  });
});
