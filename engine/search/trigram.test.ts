import { describe, expect, it } from 'vitest';
import {
  minSharedTrigrams,
  setSimilarity,
  similarity,
  trigramText,
  trigramsOf,
  trigramsOfTrigramText,
} from './trigram';

describe('pg_trgm trigrams and similarity', () => {
  it("pads each word with two spaces before and one after, as pg_trgm's show_trgm does", () => {
    // show_trgm('cat') = {"  c"," ca","at ",cat}
    expect([...trigramsOf('cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat']);
    expect([...trigramsOf('a')].sort()).toEqual(['  a', ' a ']);
    expect(trigramsOf('  ').size).toBe(0);
  });

  it('is blind to case, accents and punctuation (words of a–z and 0–9)', () => {
    expect(trigramText('  Hélène-Marie d’ŒUVRE, 38000 ')).toBe('helene marie d oeuvre 38000');
    expect(similarity('Échirolles', 'echirolles')).toBe(1);
    expect(trigramText('Ελλάδα jean')).toBe('jean');
  });

  it('is shared / union as a float4, 0 when one side has no trigram', () => {
    // pg_trgm documentation: similarity('word', 'two words') = 0.36363637 (4 shared of 11).
    expect(similarity('word', 'two words')).toBe(Math.fround(4 / 11));
    expect(String(similarity('word', 'two words'))).not.toBe(String(4 / 11));
    expect(similarity('', 'abc')).toBe(0);
    expect(setSimilarity(new Set(), new Set())).toBe(0);
  });

  it('gives a shared-trigram bound no text reaching the threshold falls under', () => {
    expect(minSharedTrigrams(7, 0.5)).toBe(4);
    expect(minSharedTrigrams(6, 0.5)).toBe(3);
    expect(minSharedTrigrams(1, 0.1)).toBe(1);
    const query = trigramsOf('martin');
    for (const text of ['martin', 'martine', 'martins', 'marti', 'tin', 'martin dupont']) {
      const t = trigramsOf(text);
      const shared = [...t].filter((x) => query.has(x)).length;
      if (setSimilarity(query, t) >= 0.5) expect(shared).toBeGreaterThanOrEqual(minSharedTrigrams(query.size, 0.5));
    }
  });
});

describe('trigramsOfTrigramText', () => {
  it('gives the trigrams of a text already in trigram form without normalising it again', () => {
    for (const text of ['Hélène Martin', "12, rue de l'Œuvre", 'a', '', 'jean.martin@example.fr'])
      expect(trigramsOfTrigramText(trigramText(text))).toEqual(trigramsOf(text));
  });
});
