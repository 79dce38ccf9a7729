import { describe, expect, it } from 'vitest';
import { haystackWords, matchesWords, orderResults, queryWords } from './text-search';

describe('directory « Quoi ? » words', () => {
  const sheet = haystackWords(['Entreprise Démo', '<p>Maîtrise d’œuvre</p>', 'pompe à chaleur', 'isolation toiture']);
  it('finds key words by the beginning of their words, accents, case and plurals aside', () => {
    expect(matchesWords(sheet, queryWords('Isolation'))).toBe(true);
    expect(matchesWords(sheet, queryWords('pompes à chaleur'))).toBe(true);
    expect(matchesWords(sheet, queryWords('maitrise d oeuvre'))).toBe(true);
    expect(matchesWords(sheet, queryWords('isol'))).toBe(true);
    expect(matchesWords(sheet, queryWords('isolation combles'))).toBe(false);
    expect(queryWords('  de la  ')).toEqual([]);
    expect(matchesWords(sheet, [])).toBe(true);
  });
  it('orders by distance with a place, by the seed without', () => {
    const items = [
      { pk: 1, lat: 45.36, lon: 5.59 },
      { pk: 2, lat: 45.19, lon: 5.72 },
      { pk: 3, lat: null, lon: null },
      { pk: 4, lat: 45.07, lon: 5.55 },
    ];
    expect(orderResults(items, 7, { lat: 45.19, lon: 5.72 }).map((i) => i.pk)).toEqual([2, 4, 1, 3]);
    expect(orderResults(items, 7, null).map((i) => i.pk)).toEqual(orderResults(items, 7, null).map((i) => i.pk));
  });
});
