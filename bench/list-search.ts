// The list search (issue 16, item 7) at 100,000 places: the SQL the list endpoint runs for a
// search (the COUNT and the first page by name), with the former predicate (lower(column) like
// '%word%' on each searched column: a scan, and accent-sensitive) against the normalised search
// column and its index (pg_trgm GIN on PostgreSQL, FTS5 trigram on SQLite). In process, no HTTP:
// what changes is the query. Prints the query plans, so one sees the index is used.
//
// Run: npm run bench -- search     (or: npx tsx bench/list-search.ts)
// Options: --rows=100000 --runs=15 --dialects=sqlite,postgres
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) must be allowed to
// create databases; skipped with a note when unreachable.
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { createContext } from '../server/app';
import { seedDemo, seedWhiteLabels } from '../server/seed/seed-demo';
import { createTestDatabase } from '../tests/helpers/databases';
import { whereSearchMatches } from '../server/operations/search-text';
import { searchWords } from '../engine/search/normalise';
import { fillPostgres, fillSqlite } from './list-endpoint/places';

type Dialect = 'sqlite' | 'postgres';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const rowsWanted = Number(option('rows', '100000'));
const runs = Number(option('runs', '15'));
const dialects = option('dialects', 'sqlite,postgres').split(',') as Dialect[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// A rare word, a frequent one, a word typed without its accent, two words, a 2-letter word.
const QUERIES = ['echirolles', 'Échirolles', 'saint', 'maison vienne', 'ec'];
const SEARCHED = ['name', 'address', 'postcode', 'city'];

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

type QB = SelectQueryBuilder<any, any, object>;

/** The former search: each word in any searched column, lower(column) like '%word%'. */
function before(qb: QB, q: string): QB {
  let out = qb;
  for (const word of q.trim().split(/\s+/).filter(Boolean)) {
    const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out = out.where((eb) => eb.or(SEARCHED.map((c) => sql<boolean>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`)));
  }
  return out;
}

/** The database's plan of a query, with its parameters (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite). */
async function plan(db: Kysely<any>, dialect: Dialect, query: QB): Promise<string> {
  const compiled = query.compile();
  const prefix = dialect === 'postgres' ? 'explain ' : 'explain query plan ';
  const { rows } = await db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  return (rows as Record<string, string>[]).map((r) => `    ${r['QUERY PLAN'] ?? r.detail}`).join('\n');
}

async function benchOne(dialect: Dialect): Promise<void> {
  const database = await createTestDatabase(dialect, { adminUrl: PG_ADMIN_URL, prefix: 'bench_search' });
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
    await seedDemo(app);
    const started = performance.now();
    if (dialect === 'sqlite') fillSqlite(database.url.slice('sqlite:'.length), rowsWanted);
    else await fillPostgres(database.url, rowsWanted);
    const db = app.database.db as unknown as Kysely<any>;
    const place = app.registry.entities.get('place')!;
    const total = Number(
      (
        await db
          .selectFrom('dialogwatt_place')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    const fillSeconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\n${dialect}: ${total.toLocaleString('en-US')} places (filled in ${fillSeconds} s); median of ${runs} runs, ms`,
    );
    console.log('query            matches   before: count  page   after: count  page   (found before)');
    const base = () => db.selectFrom('dialogwatt_place') as QB;
    for (const q of QUERIES) {
      const variants = {
        before: before(base(), q),
        after: whereSearchMatches(base(), place, dialect, searchWords(q)),
      };
      const figures: Record<string, { count: number; page: number; n: number }> = {};
      for (const [name, qb] of Object.entries(variants)) {
        const count = () => qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
        const page = () => qb.select(['pk', 'name']).orderBy('name').orderBy('pk').limit(10).execute();
        const n = Number(((await count()) as { n: number }).n);
        figures[name] = { count: await time(count), page: await time(page), n };
      }
      const [was, now] = [figures.before, figures.after];
      console.log(
        `${JSON.stringify(q).padEnd(16)} ${String(now.n).padStart(7)}   ` +
          `${was.count.toFixed(2).padStart(12)} ${was.page.toFixed(2).padStart(6)}   ` +
          `${now.count.toFixed(2).padStart(11)} ${now.page.toFixed(2).padStart(6)}   (${was.n})`,
      );
    }
    for (const q of ['echirolles', 'ec']) {
      const qb = whereSearchMatches(base(), place, dialect, searchWords(q));
      console.log(
        `\nplan of the count, after, q=${JSON.stringify(q)}:\n${await plan(
          db,
          dialect,
          qb.select((eb) => eb.fn.countAll().as('n')),
        )}`,
      );
      const firstPage = await plan(db, dialect, qb.select(['pk', 'name']).orderBy('name').orderBy('pk').limit(10));
      console.log(`plan of the first page, after, q=${JSON.stringify(q)}:\n${firstPage}`);
    }
    console.log(
      `\nplan of the count, before, q="echirolles":\n${await plan(
        db,
        dialect,
        before(base(), 'echirolles').select((eb) => eb.fn.countAll().as('n')),
      )}`,
    );
  } finally {
    await app.database.close();
    await database.drop();
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

for (const dialect of dialects) {
  if (dialect === 'postgres' && !(await postgresReachable())) {
    console.log(`\npostgres: ${PG_ADMIN_URL} unreachable, skipped`);
    continue;
  }
  await benchOne(dialect);
}
