import { describe, expect, it } from 'vitest';
import { createConnection } from 'node:net';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { httpRequest } from '../helpers/http-request';
import { observability } from '../../server/observability';

// Issue 14, item 6: probes for a balancer and an orchestrator, Prometheus metrics, request ids.

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const REDIS_UP = await redisReachable();

async function get(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, t.url), { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, any> };
}

describe.each(DIALECTS)('operations on %s', (dialect) => {
  let t!: TestApp;
  appOn(dialect, (a) => (t = a), { seed: false });

  it('/healthz answers while the process lives; every answer carries a request id', async () => {
    const res = await get(t, '/healthz');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const api = await t.call('/dialogwatt/place/999999/', { headers: { 'x-request-id': 'lb-7f3a9c2e' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('x-request-id')).toBe('lb-7f3a9c2e');
  });

  it('keeps an idle connection open longer than a proxy in front does, and tells the client', async () => {
    // nginx's upstream pool keeps idle connections 60 s: the server must not close one first.
    const res = await httpRequest(new URL('/healthz', t.url), { method: 'GET', headers: { Connection: 'keep-alive' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('/readyz checks the database and says Redis is not configured; 503 once a shutdown began', async () => {
    const ready = await get(t, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not configured', shutdown: 'no' },
    });
    const readiness = observability(t.app).readiness;
    readiness.accepting = false;
    try {
      const draining = await get(t, '/readyz');
      expect(draining.status).toBe(503);
      expect(draining.json().checks.shutdown).toBe('in progress');
      // Liveness is another question: the process is still alive while it drains.
      expect((await get(t, '/healthz')).status).toBe(200);
    } finally {
      readiness.accepting = true;
    }
  });

  it('/metrics: request durations by route pattern, the job queue, and the pool on PostgreSQL', async () => {
    for (const pk of [1, 2, 3]) await t.call(`/dialogwatt/place/${pk}/`);
    await t.call('/dialogwatt/place/');
    await get(t, '/healthz');
    const res = await get(t, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const ITEM_ROUTE = 'route="/api/v1/dialogwatt/place/:pk/"';
    const item = new RegExp(
      `http_request_duration_seconds_count\\{method="GET",${ITEM_ROUTE},status="\\d{3}"\\} (\\d+)`,
    ).exec(res.text);
    expect(
      Number(item?.[1]),
      res.text
        .split('\n')
        .filter((l) => l.includes('count{'))
        .join('\n'),
    ).toBeGreaterThanOrEqual(3);
    // The raw addresses never become labels (one series per pattern, not per record).
    expect(res.text).not.toContain('route="/api/v1/dialogwatt/place/2/"');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\}/);
    expect(res.text).toMatch(/^job_queue_oldest_due_seconds \d/m);
    expect(res.text).toContain('# TYPE job_queue_jobs gauge');
    expect(res.text).toContain('process_cpu_seconds_total');
    if (dialect === 'postgres') expect(res.text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
  });

  it('/metrics is not served through a reverse proxy without a token', async () => {
    const proxied = await get(t, '/metrics', { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(404);
    expect(proxied.text).not.toContain('http_request');
  });
});

describe('operations with settings', () => {
  const dialect = DIALECTS[0];

  it('METRICS_TOKEN: only a scraper that sends it reads the metrics', async () => {
    const t = await startTestApp(dialect, { seed: false, env: { METRICS_TOKEN: 'scrape-secret-1234' } });
    try {
      expect((await get(t, '/metrics')).status).toBe(404);
      expect((await get(t, '/metrics', { authorization: 'Bearer wrong-secret-1234' })).status).toBe(404);
      const ok = await get(t, '/metrics', { authorization: 'Bearer scrape-secret-1234' });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });

  it('/readyz is 503 while the configured Redis does not answer', async () => {
    const t = await startTestApp(dialect, { seed: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await get(t, '/readyz');
      expect(res.status).toBe(503);
      expect(res.json().checks).toEqual({ database: 'ok', redis: 'unreachable', shutdown: 'no' });
    } finally {
      await t.close();
    }
  });

  it.runIf(REDIS_UP)('/readyz pings the configured Redis', async () => {
    const t = await startTestApp(dialect, { seed: false, env: { REDIS_URL: REDIS } });
    try {
      const res = await get(t, '/readyz');
      expect(res.json().checks.redis).toBe('ok');
      expect(res.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
