import { describe, expect, it } from 'vitest';
import { duplicatePairs, type Scored } from './duplicate-pairs';
import { areDuplicates } from '../../../engine/file-area/contact-similarity';
import { organizationsAreDuplicates } from '../../../engine/file-area/organization-similarity';
import { quickRatio, quickRatioSorted, sortedCodePoints } from '../../../engine/file-area/sequence-ratio';

// The prepared pass must find exactly the pairs that the reference's rule finds pair by pair.

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const FIRST = ['Jean', 'Jeanne', 'Marie', 'Marié', 'Léa', 'Lea', 'Zoé', '', 'Jean-Luc', 'JEAN'];
const LAST = ['Martin', 'Martins', 'Dubois', 'Du Bois', 'Lefèvre', 'Lefevre', 'Petit', '', 'Robert', 'Roberts'];

function contacts(n: number, seed: number): Scored[] {
  const rnd = random(seed);
  const pick = (list: string[]) => list[Math.floor(rnd() * list.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const email = rnd() < 0.3 ? '' : `${first.toLowerCase()}.${last.toLowerCase()}${Math.floor(rnd() * 30)}@exemple.fr`;
    return { pk: i + 1, first_name: rnd() < 0.05 ? null : first, last_name: last, email } as unknown as Scored;
  });
}

function organisations(n: number, seed: number): Scored[] {
  const rnd = random(seed);
  const words = ['Mairie', 'mairie ', 'SCI', 'Atelier', 'Ateliers', 'Bâtir', 'Batir'];
  return Array.from({ length: n }, (_, i) => ({
    pk: i + 1,
    name: `${words[Math.floor(rnd() * words.length)]} ${LAST[Math.floor(rnd() * LAST.length)]}`,
    email: rnd() < 0.5 ? '' : `contact${Math.floor(rnd() * 5)}@exemple.fr`,
  })) as unknown as Scored[];
}

function naive(kind: 'contact' | 'organization', rows: Scored[], only?: number): [number, number][] {
  const same = (a: Scored, b: Scored) =>
    kind === 'contact'
      ? areDuplicates(
          { firstName: a.first_name, lastName: a.last_name, email: a.email },
          { firstName: b.first_name, lastName: b.last_name, email: b.email },
        )
      : organizationsAreDuplicates({ name: a.name, email: a.email }, { name: b.name, email: b.email });
  const out: [number, number][] = [];
  if (only !== undefined) {
    const me = rows.find((r) => r.pk === only)!;
    for (const other of rows) if (other.pk !== only && same(me, other)) out.push([me.pk, other.pk]);
    return out;
  }
  for (let i = 0; i < rows.length; i++)
    for (let j = i + 1; j < rows.length; j++) if (same(rows[i]!, rows[j]!)) out.push([rows[i]!.pk, rows[j]!.pk]);
  return out;
}

/** One saved record against the others (its own screen): the same pairs, for records with and without. */
async function expectSameOneRecordPairs(kind: 'contact' | 'organization', rows: Scored[]): Promise<void> {
  let withPairs = 0;
  for (let pk = 1; pk <= 60; pk++) {
    const mine = naive(kind, rows, pk);
    expect(await duplicatePairs(kind, rows, pk)).toEqual(mine);
    if (mine.length) withPairs++;
  }
  expect(withPairs).toBeGreaterThan(5);
}

describe('duplicatePairs', () => {
  it('gives the quick ratio of the texts from their sorted code points', () => {
    for (const [a, b] of [
      ['Martin', 'Martins'],
      ['', ''],
      ['élodie', 'Elodie'],
      ['😀a', 'a😀'],
      ['', 'x'],
    ] as const)
      expect(quickRatioSorted(sortedCodePoints(a), sortedCodePoints(b))).toBe(quickRatio(a, b));
  });

  it('finds the same contact pairs as the rule applied pair by pair', async () => {
    for (const seed of [1, 2, 3]) {
      const rows = contacts(300, seed);
      const found = await duplicatePairs('contact', rows);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(naive('contact', rows));
      await expectSameOneRecordPairs('contact', rows);
    }
  });

  it('finds the same organisation pairs as the rule applied pair by pair', async () => {
    const rows = organisations(200, 7);
    const found = await duplicatePairs('organization', rows);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(naive('organization', rows));
    await expectSameOneRecordPairs('organization', rows);
  });

  it('answers no pair for a record that is not among the rows', async () => {
    expect(await duplicatePairs('contact', contacts(10, 4), 999)).toEqual([]);
  });
});
