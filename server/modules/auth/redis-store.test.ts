import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createClient } from 'redis';
import type { Options } from 'express-rate-limit';
import { RedisCounterStore } from './redis-store';

// Against the local Redis (TEST_REDIS_URL, 127.0.0.1:6379 by default); skipped when none answers.
const URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `renovation:test-${process.pid}:`;
const WINDOW_MS = 60_000;

const probe = createClient({ url: URL, socket: { connectTimeout: 1000, reconnectStrategy: false } });
probe.on('error', () => undefined);
const reachable = await probe.connect().then(
  () => true,
  () => false,
);

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function storeOn(url: string, prefix = PREFIX): Promise<RedisCounterStore> {
  const store = new RedisCounterStore(url, prefix, () => undefined);
  await store.init({ windowMs: WINDOW_MS } as Options);
  return store;
}

describe.skipIf(!reachable)('sign-in counters in Redis (rate-limit-redis)', () => {
  const clean = async () => {
    const keys = await probe.keys(`${PREFIX}*`);
    if (keys.length) await probe.del(keys);
  };
  beforeAll(clean);
  afterAll(async () => {
    await clean();
    await probe.quit();
  });

  it('counts the attempts of two processes together (each with its own connection)', async () => {
    const a = await storeOn(URL);
    // The same server through another URL spelling: a second client, as in another process.
    const b = await storeOn(`${URL}/0`);
    expect((await a.increment('ip-1')).totalHits).toBe(1);
    expect((await b.increment('ip-1')).totalHits).toBe(2);
    const third = await a.increment('ip-1');
    expect(third.totalHits).toBe(3);
    expect(third.resetTime!.getTime()).toBeGreaterThan(Date.now());
    await b.resetKey('ip-1');
    expect((await a.increment('ip-1')).totalHits).toBe(1);
  });

  it('gives a counter left without expiry a window again (the old store kept it: a lock-out for good)', async () => {
    await probe.set(`${PREFIX}stuck@demo.fr`, '50');
    const store = await storeOn(URL);
    expect((await store.increment('stuck@demo.fr')).totalHits).toBe(1);
    const ttl = await probe.pTTL(`${PREFIX}stuck@demo.fr`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('counts the attempts made while the connection opens (raw commands are refused until it is ready)', async () => {
    // A URL no other test used: a new client, still connecting when the store is used.
    const store = new RedisCounterStore(`${URL}/0?fresh=${Date.now()}`, PREFIX, () => undefined);
    void store.init({ windowMs: WINDOW_MS } as Options);
    expect((await store.increment('early')).totalHits).toBe(1);
    expect((await store.increment('early')).totalHits).toBe(2);
  });

  it.skipIf(!hasRedisServer)(
    'fails while Redis is down (requests go through), counts again once back',
    async () => {
      const port = await freePort();
      const errors: unknown[] = [];
      const store = new RedisCounterStore(`redis://127.0.0.1:${port}`, PREFIX, (e) => errors.push(e));
      await expect(store.init({ windowMs: WINDOW_MS } as Options)).rejects.toThrow();
      await expect(store.increment('ip-2')).rejects.toThrow();
      expect(errors.length).toBeGreaterThan(0);
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      const server = spawn('redis-server', args, { stdio: 'ignore' });
      try {
        // The client reconnects by itself; the scripts that failed to load at start load now.
        const hits = () =>
          store.increment('ip-2').then(
            (r) => r.totalHits,
            () => 0,
          );
        await expect.poll(hits, { timeout: 15_000, interval: 300 }).toBe(1);
        expect((await store.increment('ip-2')).totalHits).toBe(2);
      } finally {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill();
        await exited;
      }
    },
    30_000,
  );
});
