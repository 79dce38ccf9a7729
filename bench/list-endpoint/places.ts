// Realistic advice places, inserted straight into dialogwatt_place (no API, no hooks): the
// benchmark needs 100,000 rows in seconds, and what it measures is reading them back.
import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { searchTextOf } from '../../engine/search/normalise';

interface Commune {
  code: string;
  nom: string;
  codesPostaux?: string[];
  type: string;
  population?: number;
}

const require = createRequire(import.meta.url);

/** Deterministic pseudo-random numbers (mulberry32): two runs fill identical tables. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = [
  'Espace Conseil France Rénov’',
  'Permanence info-énergie',
  'Maison de l’habitat',
  'Point rénovation',
  'Guichet unique de l’habitat',
  'Antenne',
  'Espace France Services',
];
const STREETS = [
  'rue de la République',
  'place de la Mairie',
  'avenue Jean Jaurès',
  'rue Victor Hugo',
  'boulevard Gambetta',
  'rue du Général de Gaulle',
  'allée des Tilleuls',
  'rue Pasteur',
  'chemin des Vignes',
  'cours Berriat',
];
const COLORS = ['#1f5c99', '#2e7d32', '#8e24aa', '#c62828', '#ef6c00', '#00838f', '#5d4037', '#888888'];

export const PLACE_COLUMNS = [
  'pk',
  'name',
  'slug',
  'is_active',
  'color',
  'groups',
  'selected_advisors',
  'address',
  'postcode',
  'city',
  'inseecode',
  'lat',
  'lon',
  'phone',
  'email',
  'url',
  'presentation',
  'internal_presentation',
  'created_at',
  'updated_at',
  'extra',
] as const;

type PlaceRow = (string | number | null)[];

/** The columns inserted: the place's, then its search text, as the generic write fills it. */
const INSERTED = [...PLACE_COLUMNS, 'search_text'];
const at = (name: string) => PLACE_COLUMNS.indexOf(name as (typeof PLACE_COLUMNS)[number]);

function withSearchText(row: PlaceRow): PlaceRow {
  return [...row, searchTextOf([row[at('name')], row[at('address')], row[at('postcode')], row[at('city')]])];
}

/** `count` places with pks from `firstPk`: French communes, about 85 % active, some duplicate names. */
export function generatePlaces(firstPk: number, count: number): PlaceRow[] {
  const communes = (require('@etalab/decoupage-administratif/data/communes.json') as Commune[]).filter(
    (c) => c.type === 'commune-actuelle' && c.codesPostaux?.length,
  );
  const rnd = random(20240611);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const rows: PlaceRow[] = [];
  const start = Date.parse('2021-01-04T08:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const pk = firstPk + i;
    const commune = pick(communes);
    const postcode = commune.codesPostaux![0];
    // Several places share a name in big towns, so ordering by name needs the pk tie-breaker.
    const name = `${pick(KINDS)} ${commune.nom}`;
    const slug = `${name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-${pk}`;
    const created = new Date(start + Math.floor(rnd() * 3 * 365 * 86_400_000));
    const updated = new Date(created.getTime() + Math.floor(rnd() * 200 * 86_400_000));
    const group = rnd() < 0.6 ? 2 : 3;
    rows.push([
      pk,
      name,
      slug,
      rnd() < 0.85 ? 1 : 0,
      pick(COLORS),
      JSON.stringify(rnd() < 0.1 ? [2, 3] : [group]),
      JSON.stringify(group === 2 ? [3, 4] : [8]),
      `${1 + Math.floor(rnd() * 120)} ${pick(STREETS)}`,
      postcode,
      commune.nom,
      commune.code,
      Math.round((42.5 + rnd() * 8.5) * 1e6) / 1e6,
      Math.round((-4.5 + rnd() * 12.5) * 1e6) / 1e6,
      `0${1 + Math.floor(rnd() * 5)} ${String(Math.floor(rnd() * 1e8))
        .padStart(8, '0')
        .replace(/(\d\d)(?=\d)/g, '$1 ')}`,
      `contact.${pk}@demo.fr`,
      rnd() < 0.5 ? `https://renovation.example.fr/lieux/${pk}` : null,
      `<p>Accueil sur rendez-vous à ${commune.nom}, du lundi au vendredi.</p>`,
      rnd() < 0.3 ? 'Clé à demander à l’accueil de la mairie.' : '',
      created.toISOString(),
      updated.toISOString(),
      null,
    ]);
  }
  return rows;
}

/** Adds places to a SQLite file until the table holds `total` rows, in one transaction. */
export function fillSqlite(file: string, total: number): void {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const { n, max } = db.prepare('select count(*) as n, coalesce(max(pk), 0) as max from dialogwatt_place').get() as {
    n: number;
    max: number;
  };
  const insert = db.prepare(
    `insert into dialogwatt_place (${INSERTED.join(', ')}) values (${INSERTED.map(() => '?').join(', ')})`,
  );
  const rows = generatePlaces(max + 1, Math.max(0, total - n)).map(withSearchText);
  db.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
  // A server that has run for a while has long checkpointed its WAL; do not measure reads
  // through 50 MB of freshly written WAL.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** Same on PostgreSQL: multi-row inserts in one transaction, then ANALYZE as autovacuum would. */
export async function fillPostgres(url: string, total: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [{ n, max }],
    } = await client.query<{ n: string; max: number }>(
      'select count(*) as n, coalesce(max(pk), 0) as max from dialogwatt_place',
    );
    const rows = generatePlaces(max + 1, Math.max(0, total - Number(n))).map(withSearchText);
    await client.query('begin');
    const batch = 1000;
    for (let i = 0; i < rows.length; i += batch) {
      const slice = rows.slice(i, i + batch);
      const values = slice.map((_, r) => `(${INSERTED.map((_c, c) => `$${r * INSERTED.length + c + 1}`).join(', ')})`);
      await client.query(
        `insert into dialogwatt_place (${INSERTED.join(', ')}) values ${values.join(', ')}`,
        slice.flat(),
      );
    }
    await client.query(
      "select setval(pg_get_serial_sequence('dialogwatt_place', 'pk'), " +
        '(select max(pk) from dialogwatt_place) + 1, false)',
    );
    await client.query('commit');
    await client.query('analyze dialogwatt_place');
  } finally {
    await client.end();
  }
}
