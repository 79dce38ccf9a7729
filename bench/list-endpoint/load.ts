// Load generators: Node's http client with a keep-alive agent (always available), or wrk when
// it is installed and asked for. Both keep a fixed number of requests in flight, warm up, then
// count what completes in a timed window.
import http from 'node:http';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoadOptions {
  port: number;
  path: string;
  headers: Record<string, string>;
  concurrency: number;
  warmUpSeconds: number;
  seconds: number;
  /** CPU time (µs) the server process has used so far: read at both ends of the timed window. */
  serverCpu?: () => Promise<number>;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
  /** Server CPU time per request in the timed window (µs), when the server process reports it. */
  cpuMicrosPerRequest?: number;
}

export interface Answer {
  status: number;
  total: string | null;
  body: string;
}

/** One request on a fresh connection: status, X-Total-Count and body text. */
export function requestOnce(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          total: (res.headers['x-total-count'] as string | undefined) ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const fetchOnce = (port: number, path: string, headers: Record<string, string>) =>
  requestOnce(port, 'GET', path, headers);

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

export async function nodeLoad(o: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let completedInWindow = 0;
  let phase: 'warm-up' | 'timed' | 'done' = 'warm-up';
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const measured = phase === 'timed';
      const req = http.get({ host: '127.0.0.1', port: o.port, path: o.path, headers: o.headers, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode !== 200) errors += 1;
          if (phase === 'timed') completedInWindow += 1;
          // Only requests started and finished inside the window count (no warm-up leftovers).
          if (measured && phase === 'timed') latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const worker = async () => {
    while (phase !== 'done') await one();
  };
  const workers = Array.from({ length: o.concurrency }, worker);
  await new Promise((r) => setTimeout(r, o.warmUpSeconds * 1000));
  const cpuBefore = await o.serverCpu?.();
  phase = 'timed';
  const start = performance.now();
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  const elapsed = (performance.now() - start) / 1000;
  phase = 'done';
  const cpuAfter = await o.serverCpu?.();
  await Promise.all(workers);
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  // The server's CPU in the window went to every request finishing in it, wherever it started.
  const cpuMicrosPerRequest =
    cpuBefore !== undefined && cpuAfter !== undefined && completedInWindow
      ? (cpuAfter - cpuBefore) / completedInWindow
      : undefined;
  return {
    requests: sorted.length,
    requestsPerSecond: sorted.length / elapsed,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    errors,
    cpuMicrosPerRequest,
  };
}

let wrkPath: string | null | undefined;

export function wrkAvailable(): string | null {
  if (wrkPath === undefined) {
    const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
    wrkPath = found.status === 0 ? found.stdout.trim() : null;
  }
  return wrkPath;
}

// wrk reports p50/p95 and non-2xx counts through its Lua `done` hook, as one JSON line.
const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format('{"requests":%d,"micros":%d,"p50":%f,"p95":%f,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), errors))
end
`;

export async function wrkLoad(o: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'report.lua');
    writeFileSync(script, WRK_SCRIPT);
    const url = `http://127.0.0.1:${o.port}${o.path}`;
    const headers = Object.entries(o.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const run = (seconds: number) =>
      execFileSync(wrkAvailable()!, ['-t1', `-c${o.concurrency}`, `-d${seconds}s`, ...headers, '-s', script, url], {
        encoding: 'utf8',
      });
    run(o.warmUpSeconds);
    const cpuBefore = await o.serverCpu?.();
    const line = run(o.seconds)
      .split('\n')
      .find((l) => l.startsWith('{"requests"'));
    const cpuAfter = await o.serverCpu?.();
    if (!line) throw new Error('wrk gave no report');
    const r = JSON.parse(line) as { requests: number; micros: number; p50: number; p95: number; errors: number };
    const cpuMicrosPerRequest =
      cpuBefore !== undefined && cpuAfter !== undefined && r.requests ? (cpuAfter - cpuBefore) / r.requests : undefined;
    return {
      requests: r.requests,
      requestsPerSecond: r.requests / (r.micros / 1e6),
      p50Ms: r.p50 / 1000,
      p95Ms: r.p95 / 1000,
      errors: r.errors,
      cpuMicrosPerRequest,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
