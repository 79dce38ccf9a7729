import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { globalSearchEntries } from '../../engine/schema/global-search-column';
import { similarity, trigramText } from '../../engine/search/trigram';

// The global search (docs/search.md) on a fixed data set: the same ordered hits on SQLite and
// PostgreSQL, equal to a brute-force computation of reference §8.1 over every record, filtered
// by rights and module flags, kept in step by writes.

const PLACES: { name: string; address?: string; postcode?: string; city?: string }[] = [
  { name: 'Maison de l’Énergie', address: '12 rue de la Paix', postcode: '38000', city: 'Grenoble' },
  { name: 'Maison de l’energie de Voiron', address: '3 place du Marché', postcode: '38500', city: 'Voiron' },
  { name: 'Permanence d’Échirolles', address: '1 avenue du Général de Gaulle', postcode: '38130', city: 'Échirolles' },
  { name: 'Permanence Echirolles Sud', postcode: '38130', city: 'Echirolles' },
  { name: 'Espace Info Énergie Martin', address: '5 rue Martin', city: 'Saint-Martin-d’Hères' },
  { name: 'Espace Martine', city: 'Saint-Martin-le-Vinoux' },
  { name: 'Agence Martins', city: 'Meylan' },
  { name: 'Guichet Dupont', address: '7 rue Dupont', city: 'Fontaine' },
  { name: 'Guichet Dupond', city: 'Sassenage' },
  { name: 'Lefèvre rénovation', city: 'Vif' },
  { name: 'Lefebvre conseil', city: 'Vizille' },
  { name: 'Müller & fils', city: 'Crolles' },
  { name: 'Muller', city: 'Crolles' },
  { name: 'Point rénovation Grésivaudan', city: 'Crolles' },
  { name: 'Point renovation', city: 'Domène' },
];

const QUERIES = [
  'energie',
  'Énergie',
  'maison energie',
  'echirolles',
  'martin',
  'dupont',
  'lefevre',
  'muller',
  'renovation',
  'grenoble paix',
  'crolles',
  'conseil',
  'claire',
  'demo',
  'xyzzy',
];

interface Hit {
  type: string;
  entity: string;
  pk: number;
  label: string;
  score: number;
}

const answers = new Map<string, Record<string, unknown>>();

/** Reference §8.1 by brute force over every record: no index, no SQL. */
function expected(records: { pk: number; values: unknown[] }[], query: string, threshold: number) {
  const entries = records.map((r) => ({ pk: r.pk, entries: globalSearchEntries(r.values) }));
  const score = (text: string) =>
    new Map(
      entries
        .map((r) => [r.pk, Math.max(0, ...r.entries.map((e) => similarity(e, text)))] as const)
        .filter(([, s]) => s >= threshold),
    );
  const ranked = [...score(trigramText(query))].map(([pk, s]) => ({ pk, score: s }));
  const words = query.split(/\s+/).map(trigramText).filter(Boolean);
  if (words.length > 1) {
    const perWord = words.map(score);
    for (const [pk] of perWord[0])
      if (perWord.every((m) => m.has(pk))) ranked.push({ pk, score: perWord.reduce((sum, m) => sum + m.get(pk)!, 0) });
  }
  ranked.sort((a, b) => b.score - a.score || a.pk - b.pk);
  const seen = new Set<number>();
  return ranked.filter((h) => !seen.has(h.pk) && seen.add(h.pk));
}

describe.each(DIALECTS)('global search on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  const search = (q: string, token?: string, extra = '', domain?: string) =>
    t.call(`/search/?q=${encodeURIComponent(q)}${extra}`, { token, domain });

  it('finds records by trigram similarity, as reference §8.1 computed over every record says', async () => {
    const admin = await t.login('admin@demo.fr');
    for (const place of PLACES) {
      const res = await t.call('/dialogwatt/place/', { method: 'POST', token: admin, body: { ...place, groups: [2] } });
      expect(res.status).toBe(201);
    }
    const places = (await t.call('/dialogwatt/place/', { token: admin })).body as Record<string, unknown>[];
    const users = (await t.call('/accounts/user/', { token: admin })).body as Record<string, unknown>[];
    const records = {
      place: places.map((p) => ({ pk: p.pk as number, values: [p.name, p.address, p.postcode, p.city] })),
      clients: users.map((u) => ({ pk: u.pk as number, values: [u.firstName, u.lastName, u.email, u.phoneCache] })),
    };
    expect(records.clients.every((u) => u.values[3] !== undefined)).toBe(true);
    let found = 0;
    for (const q of QUERIES) {
      const res = await search(q, admin, '&limit=100');
      expect(res.status).toBe(200);
      answers.set(`${dialect}:${q}`, res.body);
      for (const type of ['place', 'clients'] as const) {
        const want = expected(records[type], q, 0.5);
        const got = (res.body.results[type] as Hit[]).map((h) => ({ pk: h.pk, score: h.score }));
        expect(got, `${type} for « ${q} »`).toEqual(want);
        found += got.length;
      }
    }
    expect(found).toBeGreaterThan(15);
    // The accents and case of the query do not matter; a word that matches nothing finds nothing.
    expect(answers.get(`${dialect}:Énergie`)).toEqual(answers.get(`${dialect}:energie`));
    expect((await search('xyzzy', admin)).body.hits).toEqual([]);
  });

  it('gives the first hits of the ranking when a frequent value holds more records than the limit', async () => {
    const admin = await t.login('admin@demo.fr');
    // A town many places share, read lazily a page at a time (the limit and 10): more than a page.
    for (let i = 0; i < 14; i++) {
      const body = { name: `Antenne Crolles ${i}`, city: i % 2 ? 'Crolles' : 'Crolle', groups: [2] };
      expect((await t.call('/dialogwatt/place/', { method: 'POST', token: admin, body })).status).toBe(201);
    }
    const places = (await t.call('/dialogwatt/place/', { token: admin })).body as Record<string, unknown>[];
    const records = places.map((p) => ({ pk: p.pk as number, values: [p.name, p.address, p.postcode, p.city] }));
    for (const q of ['crolles', 'antenne crolles', 'crolles martin'])
      for (const limit of [1, 3, 12, 100]) {
        const res = await search(q, admin, `&type=place&limit=${limit}`);
        answers.set(`${dialect}:${q}:${limit}`, res.body);
        const got = (res.body.results.place as Hit[]).map((h) => ({ pk: h.pk, score: h.score }));
        expect(got, `« ${q} », limit ${limit}`).toEqual(expected(records, q, 0.5).slice(0, limit));
      }
    expect((answers.get(`${dialect}:crolles:100`)!.hits as Hit[]).length).toBeGreaterThan(12);
  });

  it('merges the types by score × weight and labels each hit', async () => {
    const admin = await t.login('admin@demo.fr');
    const res = await search('claire', admin, '&threshold=0.3');
    expect(res.status).toBe(200);
    const hits = res.body.hits as (Hit & { path?: string })[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ type: 'clients', entity: 'user', label: 'Claire Conseillère' });
    const weight = (h: Hit) => (h.type === 'place' ? 0.9 : 1);
    for (let i = 1; i < hits.length; i++)
      expect(hits[i - 1].score * weight(hits[i - 1])).toBeGreaterThanOrEqual(hits[i].score * weight(hits[i]));
    const place = (await search('Guichet Dupont', admin, '&type=place')).body;
    expect(Object.keys(place.results)).toEqual(['place']);
    expect(place.hits[0]).toMatchObject({ label: 'Guichet Dupont', path: expect.stringMatching(/edition\/\d+$/) });
  });

  it("keeps the caller's view right and the white label's modules", async () => {
    const client = await t.login('client@demo.fr');
    const admin = await t.login('admin@demo.fr');
    const users = (await t.call('/accounts/user/', { token: admin })).body as { pk: number; email: string }[];
    const me = users.find((u) => u.email === 'client@demo.fr')!;
    const seen = (await search('demo', client, '&threshold=0.1&type=clients')).body.results.clients as
      Hit[] | undefined;
    // A client may see their own account only: no other user is ever offered.
    expect((seen ?? []).filter((h) => h.pk !== me.pk)).toEqual([]);
    expect((await search('demo', admin, '&threshold=0.1&type=clients')).body.results.clients.length).toBeGreaterThan(3);
    // The directory's white label has the booking module off: no places there.
    const directory = await search('crolles', admin, '', 'annuaire.localhost');
    expect(directory.status).toBe(200);
    expect(directory.body.results.place).toBeUndefined();
    expect((await search('crolles', admin)).body.results.place.length).toBeGreaterThan(0);
  });

  it('follows creations, renames and deletions', async () => {
    const admin = await t.login('admin@demo.fr');
    const created = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: admin,
      body: { name: 'Quintessence Ardoise', groups: [2] },
    });
    const pk = created.body.pk as number;
    const pks = async (q: string) =>
      ((await search(q, admin, '&type=place')).body.results.place as Hit[]).map((h) => h.pk);
    expect(await pks('quintessence')).toEqual([pk]);
    await t.call(`/dialogwatt/place/${pk}/`, { method: 'PATCH', token: admin, body: { name: 'Zéphyrine Ardoise' } });
    expect(await pks('quintessence')).toEqual([]);
    expect(await pks('zephyrine')).toEqual([pk]);
    expect((await t.call(`/dialogwatt/place/${pk}/`, { method: 'DELETE', token: admin })).status).toBeLessThan(300);
    expect(await pks('zephyrine')).toEqual([]);
  });

  it('answers bad input with French errors and anonymous callers with 401', async () => {
    const admin = await t.login('admin@demo.fr');
    expect((await search('energie')).status).toBe(401);
    const cases: [string, string][] = [
      ['/search/', 'Saisissez le texte à rechercher.'],
      [`/search/?q=${'a'.repeat(101)}`, 'La recherche ne doit pas dépasser 100 caractères.'],
      ['/search/?q=a&threshold=2', 'Le seuil de similarité doit être un nombre entre 0,1 et 1.'],
      ['/search/?q=a&threshold=abc', 'Le seuil de similarité doit être un nombre entre 0,1 et 1.'],
      ['/search/?q=a&limit=0', 'Le nombre de résultats doit être un entier entre 1 et 100.'],
      [
        '/search/?q=a&type=projets',
        'Type de recherche inconnu : projets. Types possibles : clients, contacts, organizations, place, tags.',
      ],
    ];
    for (const [path, text] of cases) {
      const res = await t.call(path, { token: admin });
      expect(res.status, path).toBe(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([text]);
    }
  });
});

describe.skipIf(DIALECTS.length < 2)('global search on both databases', () => {
  it('gives the same ordered hits on SQLite and PostgreSQL', () => {
    for (const q of QUERIES) expect(answers.get(`postgres:${q}`), q).toEqual(answers.get(`sqlite:${q}`));
    for (const q of ['crolles', 'antenne crolles', 'crolles martin'])
      for (const limit of [1, 3, 12, 100])
        expect(answers.get(`postgres:${q}:${limit}`), q).toEqual(answers.get(`sqlite:${q}:${limit}`));
  });
});
