// Statistics of a follow-up programme (`GET fac/statistics/1/`, issue 11 item 4) over 50,000
// actions on PostgreSQL (target ≤ 300 ms). The seeded « Programme SARE » gets 10,000 household
// folders of the two demo advisor structures with 5 actions each (70 % done, dated in 2020,
// valued 8 or 50 € or not at all) and a budget per structure; then the whole answer (selection
// checks, configuration, SQL aggregation, assembly) is timed in process for an administrator
// (both structures) and an advisor (one), with and without the period.
//
// Run: npm run bench -- follow-up-statistics   (or: npx tsx bench/follow-up-statistics.ts)
// Options: --actions=50000 --runs=30 --dialects=postgres,sqlite
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) creates and drops
// a fresh database.
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { createContext } from '../server/app';
import type { AppContext, RequestContext } from '../server/context';
import { seedDemo, seedWhiteLabels } from '../server/seed/seed-demo';
import { createTestDatabase } from '../tests/helpers/databases';
import { loadUser } from '../server/modules/auth/load-user';
import { resolveWhiteLabel } from '../server/modules/white-labels/resolve-white-label';
import { parseSelection } from '../server/modules/follow-up/statistics-query';
import { programmeStatisticsOf } from '../server/modules/follow-up/statistics';

type Dialect = 'sqlite' | 'postgres';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const ACTIONS = Number(option('actions', '50000'));
const RUNS = Number(option('runs', '30'));
const DIALECTS = option('dialects', 'postgres').split(',') as Dialect[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_MS = 300;
const PER_FOLDER = 5;

/** Deterministic pseudo-random numbers (mulberry32), so every run fills the same data. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function fill(app: AppContext): Promise<void> {
  const db = app.database.db;
  const rnd = random(42);
  const folders = Math.ceil(ACTIONS / PER_FOLDER);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < folders; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(folders, start + 1000); i++)
        rows.push({
          name: `Dossier de banc ${i}`,
          owning_group: i % 2 ? 3 : 2,
          model: 1,
          project: 1,
          valuation_type: 1,
          created_at: now,
          updated_at: now,
        });
      await trx.insertInto('fac_folder').values(rows).execute();
    }
    const ids = await trx
      .selectFrom('fac_folder')
      .select(['pk', 'owning_group'])
      .where('name', 'like', 'Dossier de banc %')
      .execute();
    const actions = [];
    for (const f of ids)
      for (let k = 0; k < PER_FOLDER; k++) {
        // A1, A2, A3, A4, A4 bis: the further acts are done less often.
        const model = k + 1;
        const done = rnd() < 0.9 - k * 0.15;
        const month = 1 + Math.floor(rnd() * 12);
        const day = 1 + Math.floor(rnd() * 28);
        const date = done ? `2020-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : null;
        const valuation = model <= 2 && rnd() < 0.9 ? model : null;
        actions.push({
          folder: f.pk,
          model,
          owning_group: f.owning_group,
          done: done ? 1 : 0,
          date,
          duration: 0,
          valuation: done ? valuation : null,
          cost: done && valuation ? (model === 1 ? 8 : 50) : 0,
          created_at: now,
          updated_at: now,
        });
      }
    for (let start = 0; start < actions.length; start += 1000)
      await trx
        .insertInto('fac_action')
        .values(actions.slice(start, start + 1000))
        .execute();
    for (const group of [2, 3])
      await trx
        .insertInto('fac_budget')
        .values({ project: 1, period: 1, group, total_envelope: 500000, created_at: now, updated_at: now })
        .execute();
  });
  if (app.database.dialect === 'postgres')
    for (const t of ['fac_folder', 'fac_action', 'fac_budget']) await sql.raw(`analyze ${t}`).execute(db);
}

async function contextOf(app: AppContext, email: string): Promise<RequestContext> {
  const user = await app.database.db
    .selectFrom('account_user')
    .select('pk')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const { info } = await resolveWhiteLabel(app, 'localhost');
  return { app, user: (await loadUser(app, user.pk))!.rule, whiteLabel: info };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function benchOne(dialect: Dialect): Promise<void> {
  const database = await createTestDatabase(dialect, { adminUrl: PG_ADMIN_URL, prefix: 'bench_stats' });
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
    await fill(app);
    const count = await app.database.db
      .selectFrom('fac_action')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `\n${dialect}: ${Number(count.n).toLocaleString('en-US')} actions filled in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    console.log(
      `caller         selection              p50 ms   p95 ms   CPU ms  (${RUNS} runs; target ≤ ${TARGET_MS} ms)`,
    );
    const cases: [string, string, Record<string, string>][] = [
      ['administrator', 'admin@demo.fr', { period: '1' }],
      ['administrator', 'admin@demo.fr', {}],
      ['advisor', 'conseiller@demo.fr', { period: '1' }],
      ['advisor', 'conseiller@demo.fr', { period: '1', dateStart: '2020-04-01', dateEnd: '2020-06-30' }],
    ];
    for (const [label, email, query] of cases) {
      const ctx = await contextOf(app, email);
      const run = async () => programmeStatisticsOf(ctx, await parseSelection(ctx, 1, query));
      for (let i = 0; i < 3; i++) await run();
      const times: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      const used = process.cpuUsage(cpu);
      times.sort((a, b) => a - b);
      const what = Object.keys(query).length ? Object.keys(query).join('+') : 'no period';
      console.log(
        `${label.padEnd(14)} ${what.padEnd(22)} ${percentile(times, 0.5).toFixed(1).padStart(7)} ` +
          `${percentile(times, 0.95).toFixed(1).padStart(8)} ` +
          `${((used.user + used.system) / 1000 / RUNS).toFixed(1).padStart(8)}`,
      );
    }
  } finally {
    await app.database.close();
    await database.drop();
  }
}

for (const dialect of DIALECTS) await benchOne(dialect);
