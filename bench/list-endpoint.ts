// The generic list endpoint against a hand-written route over the same table, at 1,000 and
// 100,000 places, for pages at the start, middle and end of the table (issue 2, item 11).
// Targets: generic throughput ≥ 0.8 × hand-written; a page of the 100,000-row table within
// 1.5 × the latency of the same page position in the 1,000-row table.
//
// Run: npm run bench -- list            (or: npx tsx bench/list-endpoint.ts)
// Options: --sizes=1000,100000 --seconds=3 --warm-up=1 --rounds=3 --concurrency=16
//          --loader=node|wrk --dialects=sqlite,postgres --json=<file>
//          --statement-cache (experiment: reuse SQLite prepared statements, see server.ts)
//          --background-writes=N (N inserts/s into an unrelated table while measuring)
// Each line is measured in several rounds, the generic and the hand-written route taking turns
// (alternating which goes first), and reports the medians: on a shared machine a background job
// then slows both sides alike instead of skewing the ratio.
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used to create
// and drop a fresh database per table size; it is skipped with a note when unreachable. The
// hand-written route runs there too (pg named statements), so PostgreSQL gets ratios as well.
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  fetchOnce,
  nodeLoad,
  requestOnce,
  wrkAvailable,
  wrkLoad,
  type LoadOptions,
  type LoadResult,
} from './list-endpoint/load';
import type { ServerReady } from './list-endpoint/server';
import type { BreakdownLine } from './list-endpoint/breakdown';
import { createTestDatabase } from '../tests/helpers/databases';

type Dialect = 'sqlite' | 'postgres';
type Position = 'start' | 'middle' | 'end';

interface Measure extends LoadResult {
  /** Every round's figures; the top-level ones are their medians (requests and errors: sums). */
  rounds: LoadResult[];
  dialect: Dialect;
  rows: number;
  user: string;
  position: Position;
  page: number;
  implementation: 'generic' | 'hand-written';
}

const TARGET_RATIO = 0.8;
const SERIAL_ONLY_MS = 200;
const TARGET_GROWTH = 1.5;
const PER_PAGE = 10;
// The administrator sees every place; the professional's view right ("staff, or an active
// place") becomes the row filter is_active = 1. (Advisors are staff: no filter on places.)
const USERS = [
  { label: 'administrator', email: 'admin@demo.fr' },
  { label: 'professional (filter)', email: 'pro@demo.fr' },
];

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const sizes = option('sizes', '1000,100000').split(',').map(Number);
const seconds = Number(option('seconds', '3'));
const warmUpSeconds = Number(option('warm-up', '1'));
const rounds = Number(option('rounds', '3'));
const concurrency = Number(option('concurrency', '16'));
const loader = option('loader', 'node');
const dialects = option('dialects', 'sqlite,postgres').split(',') as Dialect[];
const jsonFile = option('json', '');
const statementCache = process.argv.includes('--statement-cache');
const backgroundWrites = Number(option('background-writes', '0'));
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (loader === 'wrk' && !wrkAvailable()) {
  console.error('wrk is not installed (Debian: apt-get install wrk); use --loader=node');
  process.exit(1);
}

async function load(o: LoadOptions): Promise<LoadResult> {
  return loader === 'wrk' ? wrkLoad(o) : nodeLoad(o);
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return rows[0].v;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function startServer(databaseUrl: string, rows: number): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const child = fork(fileURLToPath(new URL('./list-endpoint/server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_ROWS: String(rows),
      BENCH_STATEMENT_CACHE: statementCache ? '1' : '0',
      BENCH_WRITES_PER_SECOND: String(backgroundWrites),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ready: m as ServerReady }));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.send({ type: 'stop' });
  await exited;
}

async function login(port: number, email: string): Promise<string> {
  const res = await requestOnce(
    port,
    'POST',
    '/api/v1/auth/obtain_token/',
    { 'content-type': 'application/json', host: 'localhost' },
    JSON.stringify({ email, password: 'renovation-demo' }),
  );
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { token: string }).token;
}

const listPath = (page: number, sort = 'name') =>
  `/api/v1/dialogwatt/place/?page=${page}&perPage=${PER_PAGE}&sort=${encodeURIComponent(sort)}`;

/** The hand-written route must give byte-identical answers, or its speed means nothing. */
async function assertSameAnswers(
  ready: ServerReady,
  headers: Record<string, string>,
  lastPage: number,
): Promise<number> {
  const pages = [...new Set([1, 2, Math.ceil(lastPage / 2), lastPage - 1, lastPage, lastPage + 1])].filter(
    (p) => p >= 1,
  );
  let compared = 0;
  for (const sort of ['name', '-name', 'postcode', '-updatedAt', 'isActive']) {
    for (const page of pages) {
      const [g, h] = await Promise.all([
        fetchOnce(ready.generic, listPath(page, sort), headers),
        fetchOnce(ready.handWritten, listPath(page, sort), headers),
      ]);
      if (g.status !== 200 || h.status !== 200 || g.total !== h.total || g.body !== h.body) {
        throw new Error(
          `answers differ for ${listPath(page, sort)}: ` +
            `generic ${g.status} total ${g.total} ${g.body.slice(0, 300)}\n` +
            `hand-written ${h.status} total ${h.total} ${h.body.slice(0, 300)}`,
        );
      }
      compared += 1;
    }
  }
  return compared;
}

/** Five requests one after the other: enough to see a route is far too slow to load-test. */
async function serialTiming(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<LoadResult & { serial: true }> {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const answer = await fetchOnce(port, path, headers);
    times.push(performance.now() - started);
    if (answer.status !== 200) errors += 1;
    if (times[0] > 2000 && i >= 2) break;
  }
  times.sort((a, b) => a - b);
  const p50Ms = median(times);
  return {
    requests: times.length,
    requestsPerSecond: 1000 / p50Ms,
    p50Ms,
    p95Ms: times[times.length - 1],
    errors,
    serial: true,
  };
}

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function aggregate(all: LoadResult[]): LoadResult {
  return {
    requests: all.reduce((n, r) => n + r.requests, 0),
    requestsPerSecond: median(all.map((r) => r.requestsPerSecond)),
    p50Ms: median(all.map((r) => r.p50Ms)),
    p95Ms: median(all.map((r) => r.p95Ms)),
    errors: all.reduce((n, r) => n + r.errors, 0),
    cpuMicrosPerRequest: all.some((r) => r.cpuMicrosPerRequest !== undefined)
      ? median(all.map((r) => r.cpuMicrosPerRequest ?? NaN))
      : undefined,
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printMeasure(m: Measure): void {
  const perRound = m.rounds.map((r) => r.requestsPerSecond);
  const range = `${fmt(Math.min(...perRound))}–${fmt(Math.max(...perRound))}`;
  console.log(
    `${m.dialect.padEnd(8)} ${fmt(m.rows).padStart(7)}  ${m.user.padEnd(22)} ${m.position.padEnd(6)} ` +
      `p.${String(m.page).padEnd(6)} ${m.implementation.padEnd(12)} ` +
      (m.rounds.some((r) => 'serial' in r)
        ? `${fmt(m.requestsPerSecond, 1).padStart(6)} req/s (serial, too slow)`.padEnd(28)
        : `${fmt(m.requestsPerSecond).padStart(6)} req/s (${range})`.padEnd(28)) +
      `  p50 ${fmt(m.p50Ms, 2).padStart(6)} ms   p95 ${fmt(m.p95Ms, 2).padStart(6)} ms` +
      (m.cpuMicrosPerRequest !== undefined ? `   server CPU ${fmt(m.cpuMicrosPerRequest).padStart(6)} µs/req` : '') +
      (m.errors ? `   ${m.errors} ERRORS` : ''),
  );
}

async function benchOne(dialect: Dialect, rows: number, results: Measure[]): Promise<void> {
  const database = await createTestDatabase(dialect, { adminUrl: PG_ADMIN_URL, prefix: 'bench_list' });
  const { child, ready } = await startServer(database.url, rows);
  const serverCpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { micros: number }).micros));
      child.send({ type: 'cpu' });
    });
  try {
    console.log(`\n${dialect}, ${fmt(rows)} places (filled in ${ready.fillSeconds.toFixed(1)} s)`);
    for (const user of USERS) {
      const token = await login(ready.generic, user.email);
      const headers = { authorization: `JWT ${token}`, host: 'localhost' };
      const first = await fetchOnce(ready.generic, listPath(1), headers);
      if (first.status !== 200 || first.total === null)
        throw new Error(`list as ${user.email}: ${first.status} ${first.body.slice(0, 200)}`);
      const total = Number(first.total);
      if (user.email === 'admin@demo.fr' && total !== rows)
        throw new Error(`expected ${rows} places, the administrator sees ${total}`);
      const lastPage = Math.ceil(total / PER_PAGE);
      const compared = await assertSameAnswers(ready, headers, lastPage);
      console.log(
        `  ${user.label}: ${fmt(total)} visible places; ` +
          `${compared} pages identical (body and X-Total-Count) in both implementations`,
      );
      const positions: [Position, number][] = [
        ['start', 1],
        ['middle', Math.ceil(lastPage / 2)],
        ['end', lastPage],
      ];
      for (const [position, page] of positions) {
        const targets: [Measure['implementation'], number][] = [
          ['generic', ready.generic],
          ['hand-written', ready.handWritten],
        ];
        const byImplementation = new Map<Measure['implementation'], LoadResult[]>(targets.map(([impl]) => [impl, []]));
        // A route needing more than SERIAL_ONLY_MS per request would keep 16 requests queued
        // for many seconds after each window: it is timed serially instead (and said so).
        const loaded: typeof targets = [];
        for (const [implementation, port] of targets) {
          const serial = await serialTiming(port, listPath(page), headers);
          if (serial.p50Ms > SERIAL_ONLY_MS) byImplementation.get(implementation)!.push(serial);
          else loaded.push([implementation, port]);
        }
        for (let round = 0; round < rounds && loaded.length; round++) {
          for (const [implementation, port] of round % 2 ? [...loaded].reverse() : loaded) {
            byImplementation
              .get(implementation)!
              .push(
                await load({ port, path: listPath(page), headers, concurrency, warmUpSeconds, seconds, serverCpu }),
              );
          }
        }
        for (const [implementation] of targets) {
          const all = byImplementation.get(implementation)!;
          const m: Measure = {
            dialect,
            rows,
            user: user.label,
            position,
            page,
            implementation,
            ...aggregate(all),
            rounds: all,
          };
          results.push(m);
          printMeasure(m);
        }
      }
    }
    {
      const token = await login(ready.generic, USERS[0].email);
      const lines = await new Promise<BreakdownLine[]>((resolve) => {
        child.once('message', (m) => resolve((m as { lines: BreakdownLine[] }).lines));
        child.send({ type: 'breakdown', token });
      });
      breakdowns.push({ dialect, rows, lines });
      printBreakdown(dialect, rows, lines);
    }
  } finally {
    await stopServer(child);
    await database.drop();
  }
}

const breakdowns: { dialect: Dialect; rows: number; lines: BreakdownLine[] }[] = [];

function printBreakdown(dialect: Dialect, rows: number, lines: BreakdownLine[]): void {
  console.log(`  In process, administrator, page 1 (µs per call, medians; generic | hand-written):`);
  let g = 0;
  let h = 0;
  for (const l of lines) {
    if (!l.step.startsWith('(')) {
      g += l.genericMicros;
      h += l.handWrittenMicros ?? 0;
    }
    const handWritten = l.handWrittenMicros === null ? '      –' : fmt(l.handWrittenMicros, 1).padStart(7);
    console.log(`    ${l.step.padEnd(42)} ${fmt(l.genericMicros, 1).padStart(7)} | ${handWritten}`);
  }
  console.log(
    `    ${'sum (page 1)'.padEnd(42)} ${fmt(g, 1).padStart(7)} | ${fmt(h, 1).padStart(7)}   ` +
      `(${dialect}, ${fmt(rows)} rows)`,
  );
}

function summary(results: Measure[]): string[] {
  const lines: string[] = [];
  const find = (d: Dialect, rows: number, user: string, position: Position, impl: Measure['implementation']) =>
    results.find(
      (m) =>
        m.dialect === d && m.rows === rows && m.user === user && m.position === position && m.implementation === impl,
    );
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  let worstRatio = Infinity;
  let worstGrowth = 0;
  let worstCpuRatio = Infinity;
  lines.push(
    '',
    `Throughput generic / hand-written (target ≥ ${TARGET_RATIO}); ` +
      'in brackets the same ratio from server CPU per request (hand-written / generic), ' +
      "which a busy machine disturbs less (on PostgreSQL it leaves out the database's own CPU):",
  );
  for (const dialect of dialects) {
    for (const rows of sizes) {
      for (const user of USERS) {
        const cells = (['start', 'middle', 'end'] as Position[]).map((p) => {
          const g = find(dialect, rows, user.label, p, 'generic');
          const h = find(dialect, rows, user.label, p, 'hand-written');
          if (!g || !h) return null;
          const ratio = g.requestsPerSecond / h.requestsPerSecond;
          worstRatio = Math.min(worstRatio, ratio);
          const serial = [g, h].some((m) => m.rounds.some((r) => 'serial' in r));
          const cpu =
            !serial && g.cpuMicrosPerRequest && h.cpuMicrosPerRequest
              ? h.cpuMicrosPerRequest / g.cpuMicrosPerRequest
              : undefined;
          if (cpu !== undefined && dialect === 'sqlite') worstCpuRatio = Math.min(worstCpuRatio, cpu);
          return `${p} ${ratio.toFixed(2)}${cpu !== undefined ? ` [${cpu.toFixed(2)}]` : ''}`;
        });
        if (cells.every((c) => c === null)) continue;
        lines.push(
          `  ${dialect.padEnd(8)} ${fmt(rows).padStart(7)}  ${user.label.padEnd(22)} ` +
            cells.map((c) => c ?? '–').join('   '),
        );
      }
    }
  }
  if (small !== large) {
    lines.push(
      '',
      `Latency growth ${fmt(small)} → ${fmt(large)} rows, ` +
        `p50 (p95) ratio (target ≤ ${TARGET_GROWTH} for the generic endpoint):`,
    );
    for (const dialect of dialects) {
      for (const impl of ['generic', 'hand-written'] as const) {
        for (const user of USERS) {
          const cells = (['start', 'middle', 'end'] as Position[]).map((p) => {
            const a = find(dialect, small, user.label, p, impl);
            const b = find(dialect, large, user.label, p, impl);
            if (!a || !b) return null;
            const growth = b.p50Ms / a.p50Ms;
            if (impl === 'generic') worstGrowth = Math.max(worstGrowth, growth);
            return `${p} ${growth.toFixed(2)} (${(b.p95Ms / a.p95Ms).toFixed(2)})`;
          });
          if (cells.every((c) => c === null)) continue;
          lines.push(
            `  ${dialect.padEnd(8)} ${impl.padEnd(12)} ${user.label.padEnd(22)} ` +
              cells.map((c) => c ?? '–').join('   '),
          );
        }
      }
    }
  }
  if (small !== large) {
    lines.push(
      '',
      'In process (no HTTP, no queueing), administrator: ' +
        `the list operation's time at ${fmt(large)} / at ${fmt(small)} rows, generic (hand-written):`,
    );
    for (const dialect of dialects) {
      const a = breakdowns.find((b) => b.dialect === dialect && b.rows === small);
      const b = breakdowns.find((x) => x.dialect === dialect && x.rows === large);
      if (!a || !b) continue;
      const cells = a.lines
        .filter((l) => l.step.includes(' and total'))
        .map((l, i) => {
          const m = b.lines.filter((x) => x.step.includes(' and total'))[i];
          const name = ['start', 'middle', 'end'][i];
          const hand = l.handWrittenMicros && m.handWrittenMicros ? m.handWrittenMicros / l.handWrittenMicros : NaN;
          return `${name} ${(m.genericMicros / l.genericMicros).toFixed(2)} (${hand.toFixed(2)})`;
        });
      lines.push(`  ${dialect.padEnd(8)} ${cells.join('   ')}`);
    }
  }
  lines.push('');
  const verdict = (met: boolean) => (met ? 'target met' : 'TARGET MISSED');
  if (Number.isFinite(worstRatio))
    lines.push(`Worst throughput ratio: ${worstRatio.toFixed(2)} → ${verdict(worstRatio >= TARGET_RATIO)}`);
  if (Number.isFinite(worstCpuRatio))
    lines.push(
      `Worst CPU-based ratio on SQLite: ${worstCpuRatio.toFixed(2)} → ${verdict(worstCpuRatio >= TARGET_RATIO)}`,
    );
  if (worstGrowth > 0)
    lines.push(`Worst p50 growth (generic): ${worstGrowth.toFixed(2)} → ${verdict(worstGrowth <= TARGET_GROWTH)}`);
  return lines;
}

async function main(): Promise<void> {
  const pgVersion = dialects.includes('postgres') ? await postgresReachable() : null;
  const sqliteVersion = (() => {
    const db = new SQLite(':memory:');
    const v = (db.prepare('select sqlite_version() as v').get() as { v: string }).v;
    db.close();
    return v;
  })();
  console.log(
    `Generic list endpoint benchmark — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ` +
      `SQLite ${sqliteVersion}${pgVersion ? `, PostgreSQL ${pgVersion}` : ''}`,
  );
  console.log(
    `GET ${listPath(0).replace('page=0', 'page=N')}; ` +
      `${concurrency} requests in flight (${loader === 'wrk' ? 'wrk' : 'Node http, keep-alive'}); ` +
      `per line ${rounds} rounds of ${warmUpSeconds} s warm-up + ${seconds} s timed, medians (min–max req/s)`,
  );
  if (statementCache)
    console.log(
      'EXPERIMENT --statement-cache: SQLite statements reused by SQL text in the server process ' +
        '(not what the shipped server does)',
    );
  if (backgroundWrites)
    console.log(`Background writes: ${backgroundWrites} inserts per second into login_log during the whole run`);
  console.log(
    `Load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results: Measure[] = [];
  for (const dialect of dialects) {
    if (dialect === 'postgres' && !pgVersion) {
      console.log(`\nPostgreSQL not reachable at ${PG_ADMIN_URL}: skipped`);
      continue;
    }
    for (const rows of sizes) await benchOne(dialect, rows, results);
  }
  const lines = summary(results);
  console.log(lines.join('\n'));
  console.log(
    `Load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (jsonFile)
    writeFileSync(
      jsonFile,
      JSON.stringify(
        {
          node: process.version,
          cpus: cpus().length,
          sqliteVersion,
          pgVersion,
          concurrency,
          seconds,
          warmUpSeconds,
          rounds,
          loader,
          statementCache,
          backgroundWrites,
          results,
          breakdowns,
        },
        null,
        2,
      ),
    );
}

await main();
