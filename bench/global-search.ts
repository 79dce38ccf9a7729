// The global search (docs/search.md) at 100,000 client accounts, 100,000 contacts and 20,000
// organisations (the `clients`, `contacts`, `organizations` types): in process,
// no HTTP, `globalSearch()` as the endpoint calls it for an advisor — candidates from the
// trigram index (GIN pg_trgm on PostgreSQL, FTS5 trigram on SQLite), scoring in TypeScript,
// the view right as SQL, labels. Target: p95 ≤ 30 ms (issue 10, item 3). Prints wall-clock p50/p95
// and the mean CPU time of this process per search (on SQLite all the work; on PostgreSQL the
// scoring only), which a machine busy with other work disturbs less. Prints the load average too.
//
// Run: npm run bench -- global-search     (or: npx tsx bench/global-search.ts)
// Options: --rows=100000 --runs=100 --dialects=sqlite,postgres --types=clients,contacts,organizations
// --keep (keeps the databases, for EXPLAIN), --reuse=<url> (searches a database kept by --keep
// again, without filling it: one dialect, that of the URL)
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) must be allowed to
// create databases; skipped with a note when unreachable.
import { loadavg } from 'node:os';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { createContext } from '../server/app';
import type { AppContext, RequestContext } from '../server/context';
import { seedDemo, seedWhiteLabels } from '../server/seed/seed-demo';
import { seedReferenceData } from '../server/seed/seed-reference';
import { createTestDatabase } from '../tests/helpers/databases';
import { searchColumnValues } from '../server/operations/search-text';
import { globalSearch } from '../server/operations/global-search';
import { loadUser } from '../server/modules/auth/load-user';
import { resolveWhiteLabel } from '../server/modules/white-labels/resolve-white-label';
import { postgresCpuMs } from './postgres-cpu';

type Dialect = 'sqlite' | 'postgres';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const rowsWanted = Number(option('rows', '100000'));
const runs = Number(option('runs', '100'));
const dialects = option('dialects', 'sqlite,postgres').split(',') as Dialect[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// A frequent surname, a typo, an accented first name typed without its accent, first and last
// name (the per-word pass), an e-mail, a phone number, a word nobody has; for contacts a town and a
// street too, for organisations a name.
const PEOPLE = ['martin', 'dupon', 'helene', 'jean martin', 'claire.fabre17@exemple.fr', '0476123456', 'xylophone'];
const QUERIES: Record<string, string[]> = {
  clients: PEOPLE,
  contacts: [...PEOPLE, 'grenoble', 'rue de la paix'],
  organizations: ['mairie grenoble', 'syndic martin', 'copropriete dupont', 'contact12@dupont.free.fr'],
};
/** Records per type: --rows client accounts and contacts, a fifth as many organisations. */
const TYPES: [string, number][] = option('types', 'clients,contacts,organizations')
  .split(',')
  .map((key) => [key, key === 'organizations' ? Math.round(rowsWanted / 5) : rowsWanted]);
const entityOfType = new Map([
  ['clients', 'user'],
  ['contacts', 'contact'],
  ['organizations', 'organization'],
]);
/** The demo advisor's structure (fixtures/demo): the records are theirs, so the view right keeps them. */
const ADVISOR_GROUP = 2;

const FIRST = (
  'Jean Marie Pierre Michel André Philippe Alain Bernard Jacques Daniel Nicolas Christophe Patrick Stéphane ' +
  'Julien Laurent Frédéric Éric Sébastien David Thomas Olivier François Pascal Vincent Antoine Hugo Lucas Léo ' +
  'Nathalie Isabelle Sylvie Catherine Françoise Christine Monique Valérie Sandrine Sophie Hélène Claire Camille ' +
  'Élodie Céline Aurélie Julie Léa Chloé Manon Emma Inès Zoé Anaïs Maëlle Noémie Agnès Brigitte Josiane Gaëlle'
).split(' ');
const LAST = (
  'Martin Bernard Thomas Petit Robert Richard Durand Dubois Moreau Laurent Simon Michel Lefebvre Leroy Roux ' +
  'David Bertrand Morel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Lefèvre Faure ' +
  'André Mercier Blanc Guérin Boyer Garnier Chevalier François Legrand Gauthier Garcia Perrin Robin Clément ' +
  'Morin Nicolas Henry Roussel Mathieu Gautier Masson Marchand Duval Denis Dumont Marie Lemaire Noël Meyer ' +
  'Dufour Meunier Brun Blanchard Giraud Joly Rivière Lucas Brunet Gaillard Barbier Arnaud Martinez Gérard ' +
  'Roche Renard Schmitt Roy Leroux Colin Vidal Caron Picard Roger Fabre Aubert Lemoine Renaud Dumas Lacroix ' +
  'Olivier Philippe Bourgeois Pierre Benoît Rey Leclerc Payet Rolland Leclercq Guillaume Lecomte Lopez Jean ' +
  'Dupuis Guillot Hubert Berger Carpentier Sanchez Dupuis Moulin Louis Deschamps Huet Vasseur Perez Boucher'
).split(' ');

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

const CITIES = [
  ['Grenoble', '38000'],
  ['Échirolles', '38130'],
  ['Saint-Martin-d’Hères', '38400'],
  ['Fontaine', '38600'],
  ['Meylan', '38240'],
  ['Voiron', '38500'],
  ['Vif', '38450'],
  ['Crolles', '38920'],
];
const STREETS = ['rue de la Paix', 'avenue Jean Jaurès', 'place du Marché', 'chemin des Écoles', 'rue Hélène Boucher'];
const ORGANISATION_WORDS = ['Syndic', 'Copropriété', 'Mairie', 'Agence', 'Cabinet', 'Association', 'SCI', 'Résidence'];

/** A phone number as it is stored (national form) and its digits. */
function phoneOf(rnd: () => number, prefix?: string): { phone: string; digits: string } {
  const digits = `0${prefix ?? 1 + Math.floor(rnd() * 7)}${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;
  return { phone: digits.replace(/(\d\d)(?=\d)/g, '$1 '), digits };
}

/**
 * `count` records of one entity, as property → value: client accounts (French names from short
 * lists, « Martin » ≈ 1 %, unique e-mails and phone numbers), contacts (the same, with an address,
 * a mobile phone for two in three), organisations (a type word and a surname or a town, an address).
 */
function recordsOf(entityName: string, count: number, ownerGroup: number): Record<string, unknown>[] {
  const rnd = random(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const now = new Date('2026-01-05T08:00:00.000Z').toISOString();
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const domain = pick(['exemple.fr', 'orange.fr', 'free.fr']);
    const email = `${plain(firstName)}.${plain(lastName)}${i}@${domain}`;
    const { phone, digits } = phoneOf(rnd);
    const [town, zipcode] = pick(CITIES);
    const address = `${1 + Math.floor(rnd() * 120)} ${pick(STREETS)}`;
    const stamps = { createdAt: now, updatedAt: now };
    if (entityName === 'user')
      out.push({
        email,
        firstName,
        lastName,
        userType: 'client',
        phone,
        phoneCache: digits,
        isActive: true,
        ...stamps,
      });
    else if (entityName === 'contact')
      out.push({
        owningGroup: ownerGroup,
        civility: pick(['M.', 'Mme']),
        firstName,
        lastName,
        email,
        address,
        zipcode,
        town,
        phone,
        ...(i % 3 ? { mobilePhone: phoneOf(rnd, '6').phone } : {}),
        ...stamps,
      });
    else if (entityName === 'organization')
      out.push({
        owningGroup: ownerGroup,
        typeOfOrganization: 'syndic',
        name: `${pick(ORGANISATION_WORDS)} ${i % 2 ? lastName : town} ${i}`,
        email: `contact${i}@${plain(lastName)}.${domain}`,
        reference: `REF-${digits.slice(2, 8)}`,
        address,
        zipcode,
        town,
        phone,
        ...stamps,
      });
    else out.push({ owningGroup: ownerGroup, name: `${pick(ORGANISATION_WORDS)} ${lastName} ${i}`, ...stamps });
  }
  return out;
}

interface Filled {
  table: string;
  columns: string[];
  values: unknown[][];
}

/** The table rows of records, with their search columns as the generic write computes them. */
function rowsOf(app: AppContext, entityName: string, records: Record<string, unknown>[]): Filled {
  const entity = app.registry.entities.get(entityName)!;
  const columns = new Set<string>();
  const rows = records.map((record) => {
    const row: Record<string, unknown> = {};
    for (const [property, value] of Object.entries(record)) {
      const column =
        entity.columnByProperty.get(property)?.column ??
        ({ createdAt: 'created_at', updatedAt: 'updated_at' } as Record<string, string>)[property];
      if (column) row[column] = value;
    }
    Object.assign(row, searchColumnValues(entity, record));
    Object.keys(row).forEach((c) => columns.add(c));
    return row;
  });
  const list = [...columns];
  return {
    table: entity.schema['x-entity'].table,
    columns: list,
    values: rows.map((r) => list.map((c) => r[c] ?? null)),
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
    for (const row of values) insert.run(row.map((v) => (typeof v === 'boolean' ? Number(v) : v)));
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
    const batch = 1000;
    for (let i = 0; i < values.length; i += batch) {
      const slice = values.slice(i, i + batch);
      const params = slice.map((_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
      await client.query(
        `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${params.join(', ')}`,
        slice.flat().map((v) => (typeof v === 'boolean' ? Number(v) : v)),
      );
    }
    await client.query('commit');
    // Vacuumed as well as analysed, as autovacuum leaves a table of a running server (this test
    // server runs without it): the visibility map lets the per-word intersection read the postings'
    // primary key alone (index-only scans; 30.7 → 5.8 ms for « jean martin » at load 12).
    for (const t of [table, `${table}_gsearch_value`, `${table}_gsearch_posting`])
      await client.query(`vacuum (analyze) ${t}`);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

const reuse = option('reuse', '');

async function benchOne(dialect: Dialect): Promise<void> {
  const database = reuse
    ? { url: reuse, drop: async () => undefined }
    : await createTestDatabase(dialect, { adminUrl: PG_ADMIN_URL, prefix: 'bench_gsearch' });
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database.url,
    JWT_SECRET: 'bench-secret-not-for-production',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '/nonexistent',
  });
  const app = await createContext(config);
  try {
    if (!reuse) {
      await seedWhiteLabels(app);
      // The demo refers to reference rows (jobs…), as the server's start seeds them.
      await seedReferenceData(app);
      await seedDemo(app);
    }
    const fillTimes: string[] = [];
    for (const [key, count] of reuse ? [] : TYPES) {
      const entityName = entityOfType.get(key)!;
      const started = performance.now();
      const filled = rowsOf(app, entityName, recordsOf(entityName, count, ADVISOR_GROUP));
      if (dialect === 'sqlite') fillSqlite(database.url.slice('sqlite:'.length), filled);
      else await fillPostgres(database.url, filled);
      fillTimes.push(
        `${count.toLocaleString('en-US')} ${key} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const advisor = await app.database.db
      .selectFrom('account_user')
      .select('pk')
      .where('email', '=', 'conseiller@demo.fr')
      .executeTakeFirstOrThrow();
    const { info } = await resolveWhiteLabel(app, 'localhost');
    const ctx: RequestContext = { app, user: (await loadUser(app, advisor.pk))!.rule, whiteLabel: info };
    console.log(
      `\n${dialect}: added ${fillTimes.join(', ')}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `type           query                          hits   p50 ms   p95 ms   CPU ms` +
        `${dialect === 'postgres' ? '  PG CPU ms' : ''} (${runs} runs, advisor)`,
    );
    const all: number[] = [];
    const cases: [string[] | undefined, string][] = [
      ...TYPES.flatMap(([key]) => (QUERIES[key] ?? []).map((q) => [[key], q] as [string[], string])),
      // What the search box asks by default: every type at once.
      ...['martin', 'jean martin'].map((q) => [undefined, q] as [undefined, string]),
    ];
    for (const [types, q] of cases) {
      const run = () => globalSearch(ctx, { q, types, threshold: 0.5, limit: 20 });
      for (let i = 0; i < 5; i++) await run();
      const times: number[] = [];
      let hits = 0;
      const server = dialect === 'postgres' ? await postgresCpuMs(app) : null;
      const cpu = process.cpuUsage();
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        hits = (await run()).hits.length;
        times.push(performance.now() - t0);
      }
      const used = process.cpuUsage(cpu);
      const serverAfter = server === null ? null : await postgresCpuMs(app);
      const serverMs = server === null || serverAfter === null ? '' : ((serverAfter - server) / runs).toFixed(2);
      const cpuMs = (used.user + used.system) / 1000 / runs;
      all.push(...times);
      times.sort((a, b) => a - b);
      console.log(
        `${(types?.join(',') ?? 'all').padEnd(14)} ${JSON.stringify(q).padEnd(30)} ${String(hits).padStart(4)} ` +
          `${percentile(times, 0.5).toFixed(2).padStart(8)} ${percentile(times, 0.95).toFixed(2).padStart(8)} ` +
          `${cpuMs.toFixed(2).padStart(8)}${dialect === 'postgres' ? serverMs.padStart(11) : ''}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `${'all queries'.padEnd(50)} ${percentile(all, 0.5).toFixed(2).padStart(8)} ` +
        `${percentile(all, 0.95).toFixed(2).padStart(8)}; load average at the end ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
  } finally {
    await app.database.close();
    if (process.argv.includes('--keep') || reuse) console.log(`kept: ${database.url}`);
    else await database.drop();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

for (const dialect of reuse ? [(reuse.startsWith('sqlite:') ? 'sqlite' : 'postgres') as Dialect] : dialects) {
  if (dialect === 'postgres' && !(await postgresReachable())) {
    console.log(`\npostgres: ${PG_ADMIN_URL} unreachable, skipped`);
    continue;
  }
  await benchOne(dialect);
}
