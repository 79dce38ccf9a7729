import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg, cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import http from 'node:http';
import { NATIONAL_PASSWORD } from '../server/seed/national/seed-national';
import { FIRST_NAMES, LAST_NAMES } from '../server/seed/national/national-names';

// Mixed load on the national data set (issue 14 item 5): an open-loop generator (requests leave on
// a fixed schedule, whatever the answers' speed, so a slow server shows as long latencies rather
// than as a lower rate) of `--rate` reads per second shared between four kinds — the generic list
// (an advisor's contacts, a page of 25), the file-area search (the same list with `q=`), the public
// directory search, the booking availability search — and `--writes` writes per second in the
// background (a contact created, then updated, by advisors). Requests in flight are capped
// (`--max-in-flight`): a request that would pass the cap is counted as skipped, so a run never
// piles up without bound. Against 127.0.0.1 only: it starts the server (`server/main.ts`, one
// process) on `--database-url`, or loads `--url` (another server on this machine, e.g. several
// processes behind a balancer). p50/p95/p99 per kind over the timed window.

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const databaseUrl = option('database-url', 'postgres://postgres@127.0.0.1:5432/national');
const givenUrl = option('url', '');
const readRate = Number(option('rate', '200'));
const writeRate = Number(option('writes', '20'));
const seconds = Number(option('seconds', '60'));
const warmUp = Number(option('warm-up', '10'));
const maxInFlight = Number(option('max-in-flight', '400'));
const jsonFile = option('json', '');
const port = Number(option('port', '3990'));
const jobsWaitSeconds = Number(option('jobs-wait', '900'));

if (givenUrl && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(givenUrl))
  throw new Error('--url must be a server on this machine (http://127.0.0.1:<port>)');

type Kind = 'list' | 'fileSearch' | 'directory' | 'availability' | 'write';
const READ_KINDS: Kind[] = ['list', 'fileSearch', 'directory', 'availability'];

interface Advisor {
  email: string;
  token: string;
  contacts: number;
  lastNames: string[];
  towns: string[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A request that failed without an HTTP answer, with its kind (ECONNRESET, timeout…) for the counts. */
class NetworkError extends Error {
  constructor(readonly kind: string) {
    super(kind);
  }
}

const requestTimeoutMs = Number(option('timeout', '10000'));

function call(
  base: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; host?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `JWT ${options.token}`;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.host) headers.host = options.host;
  return new Promise((done, fail) => {
    let settled = false;
    // Every failure (refused, reset, timed out, cut mid-answer) rejects once, with its kind:
    // none may escape as an uncaught error that would end the run before its figures print.
    const failWith = (e: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      fail(e instanceof NetworkError ? e : new NetworkError(e.code ?? e.message));
    };
    const req = http.request(`${base}${path}`, { method: options.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        done({ status: res.statusCode ?? 0, body });
      });
      res.on('error', failWith);
      res.on('aborted', () => failWith(new NetworkError('aborted')));
    });
    req.setTimeout(requestTimeoutMs, () => req.destroy(new NetworkError('timeout')));
    req.on('error', failWith);
    req.end(payload);
  });
}

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../server/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-not-for-production',
      // The load comes from one address: the per-address limits of public searches would refuse it.
      BOOKING_SEARCH_RATE_LIMIT: '100000000',
      LOGIN_RATE_LIMIT: '100000',
      CLIENT_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await call(url, '/readyz')).status === 200) return { url, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become ready in 5 minutes');
}

/** What the requests ask for: national advisors of 20 structures, directory links, booking reasons. */
async function prepare(base: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const advisors = (
      await db.query<{ email: string; group: number }>(
        `select distinct on (u."group") u.email, u."group" from account_user u
          where u.user_type in ('advisor', 'superadvisor') and u.email like '%@reseau-national.fr'
          order by u."group", u.pk limit 20`,
      )
    ).rows;
    if (!advisors.length) throw new Error('no national advisor: seed the database with npm run seed:national');
    const out: Advisor[] = [];
    for (const a of advisors) {
      const login = await call(base, '/api/v1/auth/obtain_token/', {
        method: 'POST',
        body: { email: a.email, password: NATIONAL_PASSWORD },
      });
      if (login.status !== 200) throw new Error(`sign-in ${a.email}: ${login.status}`);
      const people = (
        await db.query<{ last_name: string; town: string }>(
          `select last_name, town from fac_contact where owning_group = $1 order by pk limit 200`,
          [a.group],
        )
      ).rows;
      const total = (
        await db.query<{ n: number }>(`select count(*)::int as n from fac_contact where owning_group = $1`, [a.group])
      ).rows[0]!.n;
      out.push({
        email: a.email,
        token: (login.body as { token: string }).token,
        contacts: total,
        lastNames: people.map((p) => p.last_name),
        towns: people.map((p) => p.town),
      });
    }
    const links = (
      await db.query<{ activity: number; sub_mission: number }>(`select activity, sub_mission from listepro_link`)
    ).rows;
    const booking = (
      await db.query<{ reason: number; insee: string }>(
        `select r.pk as reason, a.territories::jsonb->>0 as insee
           from dialogwatt_reason r join dialogwatt_catchment_area a on a."group" = r."group"
          where r."group" in (select "group" from account_user where email = any($1)) order by r.pk`,
        [advisors.map((a) => a.email)],
      )
    ).rows;
    const { rows: size } = await db.query<{ size: string }>(
      `select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    return { advisors: out, links, booking, databaseSize: size[0]!.size };
  } finally {
    await db.end();
  }
}

/**
 * Waits until no scheduled job is due or running: on a database seen for the first time that day,
 * the server starts the daily passes (the file area's duplicate pass reads every structure), and a
 * window timed during them would measure them rather than the requests.
 */
async function waitForDueJobs(): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const started = performance.now();
    for (;;) {
      const { rows } = await db.query<{ kind: string }>(
        `select kind from scheduled_job
          where (status = 'pending' and run_at <= $1) or status = 'running'`,
        [new Date().toISOString()],
      );
      if (!rows.length) return;
      const waited = (performance.now() - started) / 1000;
      if (waited > jobsWaitSeconds) throw new Error(`scheduled jobs still due after ${jobsWaitSeconds} s`);
      console.error(`waiting for ${rows.length} due scheduled job(s): ${[...new Set(rows.map((r) => r.kind))]}`);
      await new Promise((r) => setTimeout(r, 5000));
    }
  } finally {
    await db.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;

async function main(): Promise<void> {
  const server = givenUrl ? null : await startServer();
  const base = givenUrl || server!.url;
  try {
    await waitForDueJobs();
    const plan = await prepare(base);
    let n = 0;
    const pick = <T>(list: T[]) => list[n++ % list.length]!;
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const created: { token: string; pk: number }[] = [];
    const requests: Record<Kind, () => Promise<{ status: number; body: unknown }>> = {
      list: () => {
        const a = pick(plan.advisors);
        const page = 1 + (n % Math.max(1, Math.min(40, Math.floor(a.contacts / 25))));
        return call(base, `/api/v1/fac/contact/?page=${page}&perPage=25&sort=lastName`, { token: a.token });
      },
      fileSearch: () => {
        const a = pick(plan.advisors);
        const k = n % a.lastNames.length;
        const q = n % 2 ? a.lastNames[k]! : `${a.lastNames[k]} ${a.towns[k]}`;
        return call(base, `/api/v1/fac/contact/?q=${encodeURIComponent(q)}&perPage=25`, { token: a.token });
      },
      directory: () => {
        const l = pick(plan.links);
        return call(base, `/api/v1/listepro/public/search/?activity=${l.activity}&subMission=${l.sub_mission}`, {
          host: 'annuaire.localhost',
        });
      },
      availability: () => {
        const b = pick(plan.booking);
        return call(
          base,
          `/api/v1/dialogwatt/find-appointment/?reason=${b.reason}&inseecode=${b.insee}` +
            `&startDate=${day(1)}&endDate=${day(8)}`,
        );
      },
      write: async () => {
        const a = pick(plan.advisors);
        // Every other write updates a contact this run created (a create, then its change).
        const previous = n % 2 ? created[created.length - 1] : undefined;
        if (previous)
          return call(base, `/api/v1/fac/contact/${previous.pk}/`, {
            method: 'PATCH',
            token: previous.token,
            body: { town: `Ville ${n}` },
          });
        const res = await call(base, '/api/v1/fac/contact/', {
          method: 'POST',
          token: a.token,
          // Names as the seed's households have them (a fixed name for every write made each new
          // contact a duplicate of all the previous ones, and its save then rewrote a growing group).
          body: {
            civility: 'Mme',
            firstName: FIRST_NAMES[(n * 7) % FIRST_NAMES.length],
            lastName: LAST_NAMES[(n * 13) % LAST_NAMES.length],
            email: `charge.${n}@exemple.fr`,
          },
        });
        if (res.status === 201) created.push({ token: a.token, pk: (res.body as { pk: number }).pk });
        return res;
      },
    };
    // Each kind answered once before timing: an error in the plan fails here, not as a 4xx rate.
    for (const kind of [...READ_KINDS, 'write'] as Kind[]) {
      const res = await requests[kind]();
      if (res.status >= 400) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    const times: Record<Kind, number[]> = { list: [], fileSearch: [], directory: [], availability: [], write: [] };
    const errors: Record<Kind, number> = { list: 0, fileSearch: 0, directory: 0, availability: 0, write: 0 };
    // Per kind, why: `HTTP 503`, `ECONNRESET`, `timeout`…
    const why: Record<Kind, Record<string, number>> = {
      list: {},
      fileSearch: {},
      directory: {},
      availability: {},
      write: {},
    };
    const failed = (kind: Kind, reason: string) => {
      errors[kind] += 1;
      why[kind][reason] = (why[kind][reason] ?? 0) + 1;
    };
    let skipped = 0;
    let inFlight = 0;
    let timing = false;
    const load = [loadavg()[0]!];
    const fire = (kind: Kind) => {
      if (inFlight >= maxInFlight) {
        if (timing) skipped += 1;
        return;
      }
      inFlight += 1;
      const counted = timing;
      const t0 = performance.now();
      requests[kind]()
        .then((res) => {
          if (!counted) return;
          if (res.status >= 400) failed(kind, `HTTP ${res.status}`);
          else times[kind].push(performance.now() - t0);
        })
        .catch((e: Error) => {
          if (counted) failed(kind, e instanceof NetworkError ? e.kind : e.message);
        })
        .finally(() => (inFlight -= 1));
    };
    const started = performance.now();
    let reads = 0;
    let writes = 0;
    // Ctrl-C (or SIGTERM) ends the timed window early: the figures of what was sent still print.
    let interrupted = false;
    const interrupt = () => (interrupted = true);
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    let timedSeconds = 0;
    await new Promise<void>((done) => {
      const tick = setInterval(() => {
        const elapsed = (performance.now() - started) / 1000;
        timing = elapsed >= warmUp;
        if (elapsed >= warmUp + seconds || interrupted) {
          timedSeconds = Math.max(0, Math.min(seconds, elapsed - warmUp));
          timing = false;
          clearInterval(tick);
          done();
          return;
        }
        // Catch up with the schedule: the timer's own jitter must not lower the rate.
        while (reads < elapsed * readRate) fire(READ_KINDS[reads++ % READ_KINDS.length]!);
        while (writes < elapsed * writeRate) {
          writes += 1;
          fire('write');
        }
        if (Math.floor(elapsed) % 10 === 0) load.push(loadavg()[0]!);
      }, 2);
    });
    // Requests still out end by their timeout at the latest.
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 50));
    const rows = (Object.keys(times) as Kind[]).map((kind) => {
      const sorted = times[kind].sort((a, b) => a - b);
      return {
        kind,
        answered: sorted.length,
        perSecond: timedSeconds ? sorted.length / timedSeconds : 0,
        errors: errors[kind],
        errorKinds: why[kind],
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
      };
    });
    const conditions = {
      target: givenUrl || `one server process on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`,
      readRate,
      writeRate,
      seconds: Math.round(timedSeconds * 10) / 10,
      interrupted,
      warmUp,
      skipped,
      databaseSize: plan.databaseSize,
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      loadAverage: { min: Math.min(...load), max: Math.max(...load) },
    };
    console.log(JSON.stringify(conditions, null, 2));
    console.log('kind           answered   req/s  errors   p50 ms   p95 ms   p99 ms');
    for (const r of rows)
      console.log(
        `${r.kind.padEnd(14)} ${String(r.answered).padStart(8)} ${r.perSecond.toFixed(1).padStart(7)} ` +
          `${String(r.errors).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ` +
          `${r.p99.toFixed(1).padStart(8)}` +
          (r.errors ? `  ${JSON.stringify(r.errorKinds)}` : ''),
      );
    if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ conditions, rows }, null, 2));
  } finally {
    agent.destroy();
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }
}

await main();
