// First paint of the public pages on a slow phone (issue 16, item 15): Largest Contentful Paint
// and bytes on the wire, in Chromium with Lighthouse's mobile conditions applied through the
// DevTools protocol — 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4×, a
// 412 × 823 phone screen — with a cold cache (a new browser context per load). Target: LCP ≤ 2.0 s.
//
// Run: npm run bench -- first-paint        (or: npx tsx bench/first-paint.ts)
// Options: --runs=5 --pages=/,/ecorenover,/thermix,/therminix --json=<file> --latency=150
//          --root=<checkout>      start the server of another checkout instead of this one
//          --compare=<checkout>   also start that checkout's server and take turns with it, load by
//                                 load (before/after a change on a shared machine: both see the
//                                 same background load)
//          --url=<base>           measure a server that is already running instead
//          --no-throttle          the same loads without network and CPU throttling
//          --host=<name>          load the pages under another host name of the started server, e.g.
//                                 annuaire.localhost for the directory's white label (Chromium sends
//                                 every *.localhost name to the loopback)
// Each server is `server/main.ts` of its checkout on a fresh SQLite file (demo data seeded),
// serving the client already built there (`npm run build`). Loads are one at a time.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser';

const TARGET_MS = 2000;
const CPU_SLOWDOWN = 4;
const PHONE = { width: 412, height: 823 };
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/130.0.0.0 Mobile Safari/537.36';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const runs = Number(option('runs', '5'));
const pages = option('pages', '/,/ecorenover,/thermix,/therminix').split(',');
const compare = option('compare', '');
const roots = [option('root', resolve(import.meta.dirname, '..')), ...(compare ? [compare] : [])].map((r) =>
  resolve(r),
);
const givenUrl = option('url', '');
const host = option('host', 'localhost');
const jsonFile = option('json', '');
const throttled = !process.argv.includes('--no-throttle');
// Lighthouse's mobile preset, its "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes
// per second here). Lighthouse's own DevTools mode multiplies the latency by 3.75 (562.5 ms) to
// stand for its simulated connection set-up: --latency=562.5 reproduces that harsher setting.
const NETWORK = {
  offline: false,
  latency: Number(option('latency', '150')),
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

interface Load {
  lcpMs: number | null;
  fcpMs: number | null;
  lcpElement: string | null;
  /** Bytes received for the whole load (headers and bodies as sent, i.e. compressed when they were). */
  wireBytes: number;
  requests: number;
  /** API calls the page started before its largest paint: the round trips the first paint waited on. */
  apiBeforeLcp: string[];
  /** Largest body on the wire, to see what dominates. */
  largest: { url: string; bytes: number };
}

interface PageResult {
  path: string;
  loads: Load[];
  medianLcpMs: number | null;
  medianFcpMs: number | null;
  medianWireBytes: number;
}

interface Target {
  label: string;
  url: string;
  server: { child: ChildProcess; dir: string } | null;
  results: PageResult[];
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(port));
    });
  });
}

/** `server/main.ts` of a checkout, on a fresh SQLite file; resolves once it answers. */
async function startServer(root: string): Promise<{ url: string; child: ChildProcess; dir: string }> {
  if (!existsSync(join(root, 'client/dist/index.html'))) {
    throw new Error(`${root}/client/dist is missing: run npm run build there`);
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-first-paint-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/v1/app_infos`)).ok) return { url, child, dir };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the server did not answer within 2 minutes');
}

// Runs in the page before any of its scripts: keeps the latest LCP candidate (the LCP is the
// last one reported before the user acts) and describes its element.
const OBSERVE_LCP = `
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      const text = el && el.textContent ? el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40) : '';
      const cls = el && el.className ? '.' + String(el.className).split(' ')[0] : '';
      const name = el ? el.tagName.toLowerCase() + cls : null;
      window.__lcp = { time: e.startTime, element: name && text ? name + ' « ' + text + ' »' : name };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  // A new context has an empty HTTP cache, storage and service workers: a first visit.
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
    userAgent: PHONE_UA,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) await throttle(cdp);
    const urls = new Map<string, string>();
    let wireBytes = 0;
    let requests = 0;
    let largest = { url: '', bytes: 0 };
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
      urls.set(e.requestId, e.request.url);
      requests += 1;
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      wireBytes += e.encodedDataLength;
      if (e.encodedDataLength > largest.bytes) {
        largest = { url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength };
      }
    });
    await page.addInitScript(OBSERVE_LCP);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // The network may be idle while the slowed CPU runs the scripts: wait for the page's own
    // content (no « Chargement… » placeholder left), then for a quiet network, then check again.
    for (let settled = 0; settled < 2;) {
      const ready = () => document.querySelector('#root > *') && !document.querySelector('.loading');
      await page.waitForFunction(ready, null, { timeout: 120_000 });
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      await page.waitForTimeout(500);
      settled = (await page.evaluate(() => !document.querySelector('.loading'))) ? settled + 1 : 0;
    }
    const measured = await page.evaluate(() => {
      const w = window as unknown as { __lcp: { time: number; element: string | null } | null };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const lcp = w.__lcp;
      const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => new URL(r.name).pathname.startsWith('/api/') && lcp && r.startTime < lcp.time)
        .map((r) => new URL(r.name).pathname);
      return { lcp, fcp, api };
    });
    return {
      lcpMs: measured.lcp ? Math.round(measured.lcp.time) : null,
      fcpMs: measured.fcp === null ? null : Math.round(measured.fcp),
      lcpElement: measured.lcp?.element ?? null,
      wireBytes,
      requests,
      apiBeforeLcp: measured.api,
      largest: { url: largest.url ? new URL(largest.url).pathname : '', bytes: largest.bytes },
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);

function summary(path: string, loads: Load[]): PageResult {
  const lcps = loads.map((l) => l.lcpMs).filter((v): v is number => v !== null);
  const fcps = loads.map((l) => l.fcpMs).filter((v): v is number => v !== null);
  return {
    path,
    loads,
    medianLcpMs: lcps.length ? median(lcps) : null,
    medianFcpMs: fcps.length ? median(fcps) : null,
    medianWireBytes: median(loads.map((l) => l.wireBytes)),
  };
}

function table(target: Target): void {
  console.log(`\n${target.label}\n`);
  console.log(
    '| Page | LCP (median) | FCP (median) | Bytes on the wire | Requests | Largest file ' +
      '| API calls before LCP | Target ≤ 2.0 s |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of target.results) {
    const first = r.loads[0];
    const met = r.medianLcpMs !== null && r.medianLcpMs <= TARGET_MS ? 'met' : 'missed';
    const largest = `${first.largest.url.replace(/^.*\//, '')} ${kb(first.largest.bytes)}`;
    console.log(
      `| \`${r.path}\` | ${seconds(r.medianLcpMs)} | ${seconds(r.medianFcpMs)} | ${kb(r.medianWireBytes)} ` +
        `| ${first.requests} | ${largest} | ${first.apiBeforeLcp.length} | ${met} |`,
    );
  }
}

async function main(): Promise<void> {
  const conditions = `${NETWORK.latency} ms, 1.6 Mbit/s down, 750 kbit/s up, CPU ${CPU_SLOWDOWN}×`;
  const how = throttled ? `Lighthouse mobile throttling (${conditions})` : 'no throttling';
  console.log(`first-paint: ${runs} cold loads per page, ${how}`);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const cpu = `${cpus().length} × ${cpus()[0]?.model ?? '?'}`;
  console.log(`machine: ${cpu}, Node ${process.version}, load average ${load()}`);
  const targets: Target[] = [];
  try {
    if (givenUrl) targets.push({ label: givenUrl, url: givenUrl, server: null, results: [] });
    else {
      for (const root of roots) {
        const server = await startServer(root);
        targets.push({ label: `${root} (${server.url})`, url: server.url, server, results: [] });
      }
    }
    const browser = await launchBrowser();
    try {
      // One unthrottled load first: the server's own first-request work (caches, lazy modules) is
      // not what a visitor of a running site waits for.
      for (const t of targets) {
        for (const path of pages) await fetch(`${t.url}${path}`).then((r) => r.text());
      }
      for (const path of pages) {
        const loads = targets.map(() => [] as Load[]);
        for (let i = 0; i < runs; i += 1) {
          // Take turns, and change who goes first at each run.
          const order = targets.map((_t, k) => k);
          if (i % 2) order.reverse();
          for (const k of order) {
            const l = await loadOnce(browser, `${targets[k].url.replace('//localhost:', `//${host}:`)}${path}`);
            loads[k].push(l);
            const api = l.apiBeforeLcp.length ? l.apiBeforeLcp.join(' ') : 'none';
            const who = targets.length > 1 ? `[${k + 1}] ` : '';
            console.log(
              `  ${who}${path.padEnd(12)} run ${i + 1}: LCP ${seconds(l.lcpMs)} ` +
                `(FCP ${seconds(l.fcpMs)}), ${kb(l.wireBytes)} in ${l.requests} requests, API before LCP: ${api}; ` +
                `LCP element ${l.lcpElement ?? '—'}`,
            );
          }
        }
        targets.forEach((t, k) => t.results.push(summary(path, loads[k])));
      }
    } finally {
      await browser.close();
    }
  } finally {
    for (const t of targets) {
      if (!t.server) continue;
      const { child, dir } = t.server;
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  }
  targets.forEach((t, k) => table({ ...t, label: `[${k + 1}] ${t.label}` }));
  console.log(`\nload average at the end: ${load()}`);
  if (jsonFile) {
    const results = targets.map(({ label, results: r }) => ({ label, results: r }));
    const out = { throttled, runs, network: NETWORK, cpuSlowdown: CPU_SLOWDOWN, targets: results };
    writeFileSync(jsonFile, JSON.stringify(out, null, 2));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
