import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../helpers/databases';
import { similarity, trigramText, trigramsOf } from '../../engine/search/trigram';

// engine/search/trigram.ts against the real pg_trgm: the global search scores in TypeScript on
// both databases and lets pg_trgm's index choose the candidates on PostgreSQL, so both must agree.

const NAMES = ['Martin', 'Martine', 'MARTINS', 'Dupont', 'Dupond', 'Hélène', 'Helene', 'Éric', 'Eric', 'François'];
const MORE = ['Lefèvre', 'Lefebvre', 'Müller', 'Muller', 'Nguyễn', "O'Brien", 'Saint-Exupéry', 'Œdipe', 'Ægir'];
const TEXTS = [
  'jean.martin@example.fr',
  'j-martin@exemple.fr',
  '12 rue de la Paix',
  '12, rue de la paix',
  '38000 Grenoble',
  'Échirolles',
  'echirolles',
  "Permanence d'Échirolles",
  'Maison de l’Énergie',
  '04 76 00 00 00',
  '0476000000',
  'a',
  'ab',
  'x y z',
  '',
  '   ',
  '!!!',
  'Jean-Pierre de La Tour',
  'Delatour',
  'Ελλάδα Athènes',
  'Zoë & Chloé',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'Communauté de communes du Grésivaudan — Espace info énergie',
];

function randomText(seed: number): string {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const alphabet = 'abcdeéèfghijklmnoôpqrstuüvwxyz0123456789  -.@’';
  const n = 1 + Math.floor(next() * 30);
  return Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
}

const STRINGS = [...NAMES, ...MORE, ...TEXTS, ...Array.from({ length: 40 }, (_, i) => randomText(i + 1))];

const pgReachable = await postgresReachable();

describe.skipIf(!pgReachable)('trigram similarity against pg_trgm', () => {
  let db: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('create extension if not exists pg_trgm');
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('gives the trigrams show_trgm gives for the normalised text', async () => {
    const texts = STRINGS.map(trigramText);
    const { rows } = await client.query<{ t: string[] }>('select show_trgm(x) as t from unnest($1::text[]) x', [texts]);
    rows.forEach((row, i) => expect([...trigramsOf(STRINGS[i])].sort()).toEqual([...row.t].sort()));
  });

  it(`gives pg_trgm's similarity to the last bit for ${STRINGS.length ** 2} pairs`, async () => {
    const a: string[] = [];
    const b: string[] = [];
    for (const x of STRINGS) for (const y of STRINGS) (a.push(x), b.push(y));
    const { rows } = await client.query<{ s: number }>(
      'select similarity(x, y) as s from unnest($1::text[], $2::text[]) as p(x, y)',
      [a.map(trigramText), b.map(trigramText)],
    );
    expect(rows.length).toBe(a.length);
    const differing = rows.filter((row, i) => similarity(a[i], b[i]) !== Math.fround(Number(row.s)));
    expect(differing).toEqual([]);
  });

  it('equals pg_trgm on the raw text when it is plain ASCII (normalising only lower-cases it there)', async () => {
    const ascii = STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s));
    expect(ascii.length).toBeGreaterThan(20);
    const a: string[] = [];
    const b: string[] = [];
    for (const x of ascii) for (const y of ascii) (a.push(x), b.push(y));
    const { rows } = await client.query<{ s: number }>(
      'select similarity(x, y) as s from unnest($1::text[], $2::text[]) as p(x, y)',
      [a, b],
    );
    rows.forEach((row, i) => expect(similarity(a[i], b[i])).toBe(Math.fround(Number(row.s))));
  });

  it('is why the text is normalised first: on the raw text, pg_trgm is not accent-blind', async () => {
    const { rows } = await client.query<{ s: number }>(`select similarity('Hélène', 'Helene') as s`);
    expect(Number(rows[0].s)).toBeLessThan(1);
    expect(similarity('Hélène', 'Helene')).toBe(1);
  });
});
