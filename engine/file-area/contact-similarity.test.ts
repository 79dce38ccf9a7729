import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { areDuplicates, contactSimilarity, type SimilarityFields } from './contact-similarity';
import { lengthRatioBound, sequenceRatio } from './sequence-ratio';

// Vectors computed by Python's difflib (contact-similarity.vectors.py made them; not needed here).
const vectors = JSON.parse(readFileSync(new URL('./contact-similarity.vectors.json', import.meta.url), 'utf8')) as {
  contacts: { a: SimilarityFields; b: SimilarityFields; score: number }[];
  ratios: [string, string, number][];
};

describe('sequenceRatio (difflib SequenceMatcher.ratio)', () => {
  it('equals difflib on every vector, long values with autojunk included', () => {
    expect(vectors.ratios.length).toBeGreaterThan(1000);
    expect(vectors.ratios.some(([, b]) => [...b].length >= 200)).toBe(true);
    for (const [a, b, ratio] of vectors.ratios) expect(Math.abs(sequenceRatio(a, b) - ratio)).toBeLessThan(1e-9);
  });

  it("follows difflib's documented examples", () => {
    // difflib docs: SequenceMatcher(None, "abcd", "bcde").ratio() == 0.75; ("abxcd", "abcd") blocks 2 + 2.
    expect(sequenceRatio('abcd', 'bcde')).toBe(0.75);
    expect(sequenceRatio('abxcd', 'abcd')).toBeCloseTo(8 / 9, 12);
    expect(sequenceRatio('', '')).toBe(1);
    expect(sequenceRatio('a', '')).toBe(0);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(sequenceRatio('😀', '😀a')).toBeCloseTo(2 / 3, 12);
    expect(lengthRatioBound('😀', 'ab')).toBeCloseTo(2 / 3, 12);
  });
});

describe('contactSimilarity (reference §8.3)', () => {
  it("equals the reference's score computed with difflib to 1e-9", () => {
    expect(vectors.contacts.length).toBeGreaterThan(300);
    for (const { a, b, score } of vectors.contacts)
      expect(Math.abs(contactSimilarity(a, b) - score)).toBeLessThan(1e-9);
  });

  it('is case-sensitive and uses the length bounds when no field is close in length', () => {
    const a = { firstName: 'Jean', lastName: 'Martin', email: 'jean.martin@example.fr' };
    expect(contactSimilarity(a, a)).toBe(1);
    // Only the capital M is common to « Martin » and « MARTIN »: ratio 2·1/12.
    expect(contactSimilarity(a, { ...a, lastName: 'MARTIN' })).toBeCloseTo((1 + 1 / 6 + 1) / 3, 12);
    const far = { firstName: 'Jo', lastName: 'Li', email: 'x@y.z' };
    const bounds = [
      lengthRatioBound('Jean', 'Jo'),
      lengthRatioBound('Martin', 'Li'),
      lengthRatioBound(a.email, far.email),
    ];
    expect(contactSimilarity(a, far)).toBeCloseTo((bounds[0] + bounds[1] + bounds[2]) / 3, 12);
  });

  it('treats missing values as empty strings and calls a pair a duplicate strictly above 0.8', () => {
    expect(contactSimilarity({}, { firstName: '', lastName: null, email: undefined })).toBe(1);
    const a = { firstName: 'Hélène', lastName: 'Lefèvre', email: 'helene@orange.fr' };
    expect(areDuplicates(a, { ...a, lastName: 'Lefevre' })).toBe(true);
    expect(areDuplicates(a, { firstName: 'Éric', lastName: 'Dupont', email: 'eric@free.fr' })).toBe(false);
  });
});
