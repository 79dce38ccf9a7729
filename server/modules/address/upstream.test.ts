import { describe, expect, it } from 'vitest';
import { AddressUpstream } from './upstream';

const collection = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: { type: 'Point', coordinates: [5.7, 45.1] }, properties: { label: 'Grenoble' } },
  ],
};

function fakeFetch(answers: (() => Promise<Response>)[]) {
  const urls: string[] = [];
  const impl = (async (url: URL | RequestInfo) => {
    urls.push(String(url));
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next();
  }) as typeof fetch;
  return { impl, urls };
}

const ok = () =>
  Promise.resolve(
    new Response(JSON.stringify(collection), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
const down = () => Promise.reject(new TypeError('fetch failed'));
const status = (s: number) => () => Promise.resolve(new Response('{}', { status: s }));

describe('AddressUpstream', () => {
  it('builds the service URL from the base and the parameters, skipping empty ones', async () => {
    const f = fakeFetch([ok]);
    const upstream = new AddressUpstream({
      baseUrl: 'http://127.0.0.1:9/ban/',
      timeoutMs: 100,
      cooldownMs: 1000,
      fetchImpl: f.impl,
    });
    const result = await upstream.get('/search/', { q: '12 rue des Alpes', limit: 5, type: null });
    expect(result).toEqual({ ok: true, body: collection });
    expect(f.urls).toEqual(['http://127.0.0.1:9/ban/search/?q=12+rue+des+Alpes&limit=5']);
  });

  it('opens the circuit after a failure, skips calls during the cool-down, then lets one probe through', async () => {
    let now = 1000;
    const f = fakeFetch([down, ok, ok]);
    const upstream = new AddressUpstream({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 100,
      cooldownMs: 30_000,
      fetchImpl: f.impl,
      now: () => now,
    });
    expect(await upstream.get('/search/', { q: 'abc' })).toEqual({ ok: false, reason: 'network' });
    expect(upstream.open).toBe(true);
    now += 29_000;
    expect(await upstream.get('/search/', { q: 'abc' })).toEqual({ ok: false, reason: 'circuit_open' });
    expect(f.urls).toHaveLength(1);
    now += 2000;
    expect((await upstream.get('/search/', { q: 'abc' })).ok).toBe(true);
    expect(upstream.open).toBe(false);
    expect((await upstream.get('/search/', { q: 'abc' })).ok).toBe(true);
    expect(f.urls).toHaveLength(3);
  });

  it('during the probe, concurrent calls do not wait for it', async () => {
    let now = 0;
    let release: (r: Response) => void = () => undefined;
    const slow = () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      });
    const f = fakeFetch([down, slow]);
    const upstream = new AddressUpstream({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 100,
      cooldownMs: 10,
      fetchImpl: f.impl,
      now: () => now,
    });
    await upstream.get('/search/', { q: 'abc' });
    now = 20;
    const probe = upstream.get('/search/', { q: 'abc' });
    expect(await upstream.get('/search/', { q: 'abc' })).toEqual({ ok: false, reason: 'circuit_open' });
    release(new Response(JSON.stringify(collection), { status: 200 }));
    expect((await probe).ok).toBe(true);
  });

  it('trips on server errors and overload, not on refused queries; rejects answers that are not GeoJSON', async () => {
    const f = fakeFetch([status(400), status(503), () => Promise.resolve(new Response('<html>', { status: 200 }))]);
    let now = 0;
    const upstream = new AddressUpstream({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 100,
      cooldownMs: 10,
      fetchImpl: f.impl,
      now: () => now,
    });
    expect(await upstream.get('/search/', { q: 'abc' })).toEqual({ ok: false, reason: 'status' });
    expect(upstream.open).toBe(false);
    expect(await upstream.get('/search/', { q: 'abc' })).toEqual({ ok: false, reason: 'status' });
    expect(upstream.open).toBe(true);
    now = 100;
    expect(await upstream.get('/search/', { q: 'abc' })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('gives up after the timeout, and is never called when disabled', async () => {
    const hang = ((_u: unknown, init?: RequestInit) =>
      new Promise((_r, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as typeof fetch;
    const upstream = new AddressUpstream({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 50,
      cooldownMs: 1000,
      fetchImpl: hang,
    });
    const started = Date.now();
    expect(await upstream.get('/reverse/', { lon: 5.7, lat: 45.1 })).toEqual({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
    const off = new AddressUpstream({ baseUrl: '', timeoutMs: 50, cooldownMs: 1000, fetchImpl: hang });
    expect(await off.get('/search/', { q: 'abc' })).toEqual({ ok: false, reason: 'disabled' });
  });
});
