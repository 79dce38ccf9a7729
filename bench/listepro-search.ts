// The public directory's search (issue 13 item 2) and its PDF (item 3), in process, no HTTP: the
// calls the search endpoint makes (`matchingSheets` — one SQL query, the two JSON lists matched
// from their index —, the seeded shuffle, a page's cards, the first page's map points) over --pros
// generated valid, published professionals with their published presentations, for each of the
// 81 search-tree links in turn; then `directoryPdf` for a selection of --pdf-sheets of them.
// Targets: search p95 ≤ 30 ms at 10,000 professionals; a 200-sheet PDF ≤ 1.5 s. Prints the load
// average: the wall clock of a machine busy with other work is mostly that work's.
//
// Run: npm run bench -- listepro     (or: npx tsx bench/listepro-search.ts)
// Options: --pros=10000 --runs=200 --pdf-sheets=200 --pdf-runs=5 --dialects=sqlite,postgres
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) must be allowed to
// create databases.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { createContext } from '../server/app';
import type { AppContext, RequestContext } from '../server/context';
import { seedDemo, seedWhiteLabels } from '../server/seed/seed-demo';
import { seedReferenceData } from '../server/seed/seed-reference';
import { createTestDatabase } from '../tests/helpers/databases';
import { anonymous } from '../server/modules/auth/load-user';
import { resolveWhiteLabel } from '../server/modules/white-labels/resolve-white-label';
import { cardsFor, matchingSheets, ordered } from '../server/modules/listepro/public-search';
import { directoryPdf } from '../server/modules/listepro/report-request';
import { postgresCpuMs } from './postgres-cpu';

type Dialect = 'sqlite' | 'postgres';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}
const pros = Number(option('pros', '10000'));
const runs = Number(option('runs', '200'));
const pdfSheets = Number(option('pdf-sheets', '200'));
const pdfRuns = Number(option('pdf-runs', '5'));
const dialects = option('dialects', 'sqlite,postgres').split(',') as Dialect[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Link {
  activity: number;
  subMission: number;
}
const REFERENCE = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../shared/reference/data/directory-reference-data.json'), 'utf8'),
) as { segmentActivitySubMissionLinks: Link[] };
const LINKS = REFERENCE.segmentActivitySubMissionLinks;

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

/**
 * `count` sheets and their published presentations, from pk 1,000 on (above the demo's): each
 * offers one or two activities and three to eight of the sub-missions the tree links to them, so
 * that a search matches a few hundred of the 10,000 — a realistic directory, not one where every
 * sheet answers every search. Located around Grenoble.
 */
function generated(count: number): { sheets: Record<string, unknown>[]; presentations: Record<string, unknown>[] } {
  const rnd = random(20261126);
  const activities = [...new Set(LINKS.map((l) => l.activity))];
  const sheets: Record<string, unknown>[] = [];
  const presentations: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const pk = 1000 + i;
    const mine = activities.filter(() => rnd() < 0.35);
    if (mine.length === 0) mine.push(activities[Math.floor(rnd() * activities.length)]);
    const offered = LINKS.filter((l) => mine.includes(l.activity));
    const subMissions = [...new Set(offered.filter(() => rnd() < 0.3).map((l) => l.subMission))];
    if (subMissions.length === 0) subMissions.push(offered[0].subMission);
    sheets.push({
      pk,
      name: `Entreprise de rénovation n° ${pk}`,
      job: 1 + Math.floor(rnd() * 4),
      email: `pro${pk}@exemple.fr`,
      phoneNumber: '04 76 00 00 00',
      url: `https://pro${pk}.exemple.fr`,
      address: `${1 + Math.floor(rnd() * 120)} rue de la Paix`,
      postcode: '38000',
      town: 'Grenoble',
      lat: 45.0 + rnd() * 0.5,
      lon: 5.5 + rnd() * 0.5,
      proIsValid: true,
      transitionState: 'published',
      isMonAccompagnateurRenov: rnd() < 0.05,
    });
    presentations.push({
      pk,
      professional: pk,
      version: 'published',
      transitionState: 'published',
      segments: [1],
      activities: mine,
      subMissions,
      description: '<p>Rénovation globale de maisons et de petits immeubles.</p>',
      primaryKeyWords: [1, 2],
    });
  }
  return { sheets, presentations };
}

interface Filled {
  table: string;
  columns: string[];
  values: unknown[][];
}
function rowsOf(app: AppContext, entityName: string, records: Record<string, unknown>[]): Filled {
  const entity = app.registry.entities.get(entityName)!;
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const names = columns.map((p) => entity.columnByProperty.get(p)?.column ?? p);
  const cell = (v: unknown) => (typeof v === 'boolean' ? Number(v) : Array.isArray(v) ? JSON.stringify(v) : v);
  return {
    table: entity.schema['x-entity'].table,
    columns: names,
    values: records.map((r) => columns.map((c) => cell(r[c] ?? null))),
  };
}
function fillSqlite(file: string, filled: Filled): void {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const { table, columns, values } = filled;
  const insert = db.prepare(
    `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?')})`,
  );
  db.transaction(() => {
    for (const row of values) insert.run(row);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
async function fillPostgres(url: string, filled: Filled): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { table, columns, values } = filled;
  try {
    await client.query('begin');
    for (let i = 0; i < values.length; i += 1000) {
      const slice = values.slice(i, i + 1000);
      const params = slice.map((_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
      await client.query(
        `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${params.join(', ')}`,
        slice.flat(),
      );
    }
    await client.query('commit');
    await client.query(`analyze ${table}`);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const cpuMs = (used: NodeJS.CpuUsage) => Math.round((used.user + used.system) / 1000);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * What GET /api/v1/listepro/public/search/ computes: the matches, the draw, one page's cards and,
 * on the first page (`points=1`, what the results screen asks once per search), the map's points;
 * a later page reads the matches' pks alone.
 * Answers the number of matches (and checks the page is whole).
 */
async function search(ctx: RequestContext, link: Link, seed: number, page: number): Promise<number> {
  const order = ordered(await matchingSheets(ctx, link, page === 1 ? 'positions' : 'keys'), seed);
  const cards = await cardsFor(
    ctx,
    order.slice((page - 1) * 10, page * 10).map((c) => c.pk),
  );
  const points =
    page === 1 ? order.filter((c) => c.lat !== null && c.lon !== null).map((c) => [c.pk, c.lat, c.lon]) : [];
  if (cards.length !== Math.max(0, Math.min(10, order.length - (page - 1) * 10)))
    throw new Error(`search ${link.activity}/${link.subMission}: a card is missing`);
  if (page === 1 && points.length !== order.length)
    throw new Error(`search ${link.activity}/${link.subMission}: a point is missing`);
  return order.length;
}

/** p50, p95, max, this process's CPU and (PostgreSQL) the server's CPU of `runs` searches of one kind. */
async function timed(app: AppContext, ctx: RequestContext, label: string, page: number): Promise<void> {
  const times: number[] = [];
  let matched = 0;
  const server = await postgresCpuMs(app);
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const link = LINKS[i % LINKS.length];
    const t0 = performance.now();
    matched += await search(ctx, link, 1 + i, page);
    times.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  const serverAfter = server === null ? null : await postgresCpuMs(app);
  times.sort((a, b) => a - b);
  const serverPart =
    app.database.dialect !== 'postgres'
      ? ''
      : serverAfter === null || server === null
        ? ', PostgreSQL server CPU not readable'
        : `, PostgreSQL server CPU ${((serverAfter - server) / runs).toFixed(1)} ms/search`;
  console.log(
    `search, ${label} (${runs} runs over the ${LINKS.length} links, ` +
      `${Math.round(matched / runs)} matches on average): ` +
      `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, ` +
      `max ${times[times.length - 1].toFixed(1)} ms, ` +
      `CPU of this process ${((used.user + used.system) / 1000 / runs).toFixed(1)} ms/search${serverPart} ` +
      `(target p95 ≤ 30 ms); load average ${load()}`,
  );
}

async function benchOne(dialect: Dialect): Promise<void> {
  const database = await createTestDatabase(dialect, { adminUrl: PG_ADMIN_URL, prefix: 'bench_listepro' });
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database.url,
    JWT_SECRET: 'bench-secret-not-for-production',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '/nonexistent',
  });
  const app = await createContext(config);
  try {
    await seedWhiteLabels(app);
    await seedReferenceData(app);
    await seedDemo(app);
    const started = performance.now();
    const { sheets, presentations } = generated(pros);
    for (const [entity, records] of [
      ['listepro-professional', sheets],
      ['listepro-presentation', presentations],
    ] as const) {
      const filled = rowsOf(app, entity, records);
      if (dialect === 'sqlite') fillSqlite(database.url.slice('sqlite:'.length), filled);
      else await fillPostgres(database.url, filled);
    }
    const { info } = await resolveWhiteLabel(app, 'annuaire.localhost');
    const ctx: RequestContext = { app, user: anonymous(app), whiteLabel: info };
    console.log(
      `\n${dialect}: ${pros.toLocaleString('en-US')} professionals added in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()}`,
    );
    // Warm-up: a pass over every link (the statement caches, the JIT).
    for (const link of LINKS) await search(ctx, link, 1, 1);
    await timed(app, ctx, 'first page with the map points', 1);
    await timed(app, ctx, 'second page', 2);

    // The PDF: the visitor's selection of pdfSheets professionals among a search's matches (the
    // widest search, so that there are enough of them; else all the sheets' pks).
    const widest = (await Promise.all(LINKS.map(async (l) => ({ l, m: await matchingSheets(ctx, l) })))).sort(
      (a, b) => b.m.length - a.m.length,
    )[0];
    const favourites = widest.m.slice(0, pdfSheets).map((c) => c.pk);
    const body = {
      domain: 'annuaire.localhost',
      data: {
        activity: widest.l.activity,
        subMission: widest.l.subMission,
        mission: 1,
        seed: 7,
        downloadAll: 'selection',
        favoritePro: favourites,
        commentPdf: 'Projet de rénovation de notre maison, devis avant juin.',
      },
    };
    await directoryPdf(ctx, body);
    const pdfTimes: number[] = [];
    let bytes = 0;
    const pdfCpu = process.cpuUsage();
    for (let i = 0; i < pdfRuns; i++) {
      const t0 = performance.now();
      bytes = (await directoryPdf(ctx, body)).length;
      pdfTimes.push(performance.now() - t0);
    }
    pdfTimes.sort((a, b) => a - b);
    console.log(
      `PDF of ${favourites.length} sheets (${Math.round(bytes / 1024)} KiB): ` +
        `median ${percentile(pdfTimes, 0.5).toFixed(0)} ms, max ${pdfTimes[pdfTimes.length - 1].toFixed(0)} ms ` +
        `over ${pdfRuns} runs, CPU of this process ${cpuMs(process.cpuUsage(pdfCpu)) / pdfRuns} ms/PDF ` +
        `(target ≤ 1,500 ms); load average ${load()}`,
    );
  } finally {
    await app.database.close();
    await database.drop();
  }
}

for (const dialect of dialects) await benchOne(dialect);
