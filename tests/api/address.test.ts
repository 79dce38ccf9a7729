import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { localSearch } from '../../server/modules/address/local-geocoder';

/**
 * The address proxy against a fake national address service on this machine. No database is
 * involved beyond the server's start, so SQLite is enough.
 */

interface FakeService {
  url: string;
  requests: URL[];
  mode: 'ok' | 'error' | 'hang';
  close(): Promise<void>;
}

async function fakeService(): Promise<FakeService> {
  const state: FakeService = { url: '', requests: [], mode: 'ok', close: async () => undefined };
  const hanging: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    state.requests.push(url);
    if (state.mode === 'hang') {
      hanging.push(req);
      return;
    }
    if (state.mode === 'error') {
      res.writeHead(502).end('bad gateway');
      return;
    }
    const label =
      url.pathname === '/reverse/'
        ? '1 Place de Verdun 38000 Grenoble'
        : `${url.searchParams.get('q')} (service national)`;
    const features = Array.from({ length: 20 }, (_, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.7326, 45.1896] },
      properties: {
        label,
        name: `${i + 1} Place de Verdun`,
        postcode: '38000',
        city: 'Grenoble',
        citycode: '38185',
        context: '38, Isère, Auvergne-Rhône-Alpes',
        type: 'housenumber',
        score: 0.9,
      },
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        type: 'FeatureCollection',
        version: 'draft',
        features,
        attribution: 'BAN',
        licence: 'ETALAB-2.0',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const req of hanging) req.socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

const COOLDOWN_MS = 2000;
const SAVED = {
  url: process.env.ADDRESS_API_URL,
  timeout: process.env.ADDRESS_API_TIMEOUT_MS,
  cooldown: process.env.ADDRESS_API_COOLDOWN_MS,
};
function restoreEnv() {
  for (const [k, v] of [
    ['ADDRESS_API_URL', SAVED.url],
    ['ADDRESS_API_TIMEOUT_MS', SAVED.timeout],
    ['ADDRESS_API_COOLDOWN_MS', SAVED.cooldown],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

describe('address search proxy with a reachable national service', () => {
  let t: TestApp;
  let service: FakeService;
  beforeAll(async () => {
    service = await fakeService();
    // The router reads its configuration when the server is built.
    process.env.ADDRESS_API_URL = service.url;
    process.env.ADDRESS_API_TIMEOUT_MS = '400';
    process.env.ADDRESS_API_COOLDOWN_MS = String(COOLDOWN_MS);
    t = await startTestApp('sqlite');
    // Load the commune data now (the server shares this process), so that the first local
    // answer is not slower than the cool-down the test measures.
    localSearch('Grenoble', 1, 'municipality');
  });
  afterAll(async () => {
    restoreEnv();
    await t?.close();
    await service?.close();
  });
  afterEach(() => {
    service.mode = 'ok';
  });

  it("forwards q, limit and type, and answers the service's GeoJSON cut to the limit", async () => {
    const res = await t.call('/api/v1/api-ban/search/?q=1%20place%20de%20Verdun%20Grenoble&limit=15&type=housenumber');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-address-source')).toBe('upstream');
    expect(res.body.features).toHaveLength(15);
    expect(res.body.features[0].properties).toMatchObject({
      label: '1 place de Verdun Grenoble (service national)',
      citycode: '38185',
      type: 'housenumber',
    });
    const sent = service.requests.at(-1)!;
    expect(sent.pathname).toBe('/search/');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: '1 place de Verdun Grenoble',
      limit: '15',
      type: 'housenumber',
    });
  });

  it('forwards reverse lookups', async () => {
    const res = await t.call('/api/v1/api-ban/reverse/?lon=5.7326&lat=45.1896');
    expect(res.status).toBe(200);
    expect(res.body.features[0].properties.label).toBe('1 Place de Verdun 38000 Grenoble');
    expect(Object.fromEntries(service.requests.at(-1)!.searchParams)).toEqual({ lon: '5.7326', lat: '45.1896' });
  });

  it('answers from local data when the service fails, then skips it during the cool-down', async () => {
    service.mode = 'error';
    const before = service.requests.length;
    const first = await t.call('/api/v1/api-ban/search/?q=Grenoble%2038000&type=municipality');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-address-source')).toBe('local');
    expect(first.body.features[0].properties).toMatchObject({
      label: 'Grenoble',
      citycode: '38185',
      postcode: '38000',
      fallback: true,
    });
    expect(service.requests.length).toBe(before + 1);
    service.mode = 'ok';
    const second = await t.call('/api/v1/api-ban/search/?q=Grenoble%2038000&type=municipality');
    expect(second.headers.get('x-address-source')).toBe('local');
    expect(service.requests.length).toBe(before + 1);
    await new Promise((r) => setTimeout(r, COOLDOWN_MS + 100));
    const third = await t.call('/api/v1/api-ban/search/?q=Grenoble%2038000&type=municipality');
    expect(third.headers.get('x-address-source')).toBe('upstream');
  });

  it('does not wait for a hanging service longer than the timeout', async () => {
    await new Promise((r) => setTimeout(r, COOLDOWN_MS + 100));
    service.mode = 'hang';
    const started = Date.now();
    const res = await t.call('/api/v1/api-ban/reverse/?lon=5.7326&lat=45.1896');
    const took = Date.now() - started;
    expect(res.headers.get('x-address-source')).toBe('local');
    expect(res.body.features[0].properties).toMatchObject({ citycode: '38185', type: 'municipality', fallback: true });
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(2000);
  });
});

describe('address search proxy without a national service (offline)', () => {
  let t: TestApp;
  let service: FakeService;
  beforeAll(async () => {
    // A service that existed and is gone: connections to its port are refused.
    service = await fakeService();
    await service.close();
    process.env.ADDRESS_API_URL = service.url;
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    restoreEnv();
    await t?.close();
  });

  it(
    'answers municipality searches from the communes: name or postcode, ' + "GeoJSON with the service's properties",
    async () => {
      const res = await t.call('/api/v1/api-ban/search/?q=Grenoble%2038000&limit=15&type=municipality');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ type: 'FeatureCollection', fallback: true });
      expect(res.body.features).toHaveLength(1);
      const [f] = res.body.features;
      expect(f.properties).toMatchObject({
        label: 'Grenoble',
        name: 'Grenoble',
        postcode: '38000',
        city: 'Grenoble',
        citycode: '38185',
        context: '38, Isère, Auvergne-Rhône-Alpes',
        type: 'municipality',
        fallback: true,
      });
      expect(f.geometry.type).toBe('Point');
      expect(f.geometry.coordinates[0]).toBeCloseTo(5.72, 1);
      expect(f.geometry.coordinates[1]).toBeCloseTo(45.18, 1);
      const byPostcode = await t.call('/api/v1/api-ban/search/?q=38100&type=municipality');
      // 38100 is Grenoble's second postcode and the INSEE code of Le Cheylas: the postcode ranks first.
      expect(
        byPostcode.body.features.map((x: { properties: { citycode: string; postcode: string } }) => [
          x.properties.citycode,
          x.properties.postcode,
        ]),
      ).toEqual([
        ['38185', '38100'],
        ['38100', '38570'],
      ]);
    },
  );

  it('answers street-address searches with the commune named in the address', async () => {
    const q = encodeURIComponent("12 rue des Alpes 38400 Saint-Martin-d'Hères");
    const res = await t.call(`/api/v1/api-ban/search/?q=${q}&limit=15&type=housenumber`);
    expect(res.body.features.map((f: { properties: { citycode: string } }) => f.properties.citycode)).toEqual([
      '38421',
    ]);
    expect(res.body.features[0].properties).toMatchObject({ type: 'municipality', fallback: true });
  });

  it('keeps municipal districts as such, flagged, and honours the limit', async () => {
    const res = await t.call('/api/v1/api-ban/search/?q=Lyon&limit=3&type=municipality');
    expect(res.body.features).toHaveLength(3);
    expect(res.body.features[0].properties).toMatchObject({ label: 'Lyon', citycode: '69123' });
    expect(res.body.features[1].properties).toMatchObject({ district: true });
    expect(res.body.features[1].properties.label).toMatch(/^Lyon \d+e Arrondissement$/);
  });

  it('answers reverse lookups with the nearest commune centre, and nothing far from France', async () => {
    const res = await t.call('/api/v1/api-ban/reverse/?lon=5.7245&lat=45.1885');
    expect(res.body.features).toHaveLength(1);
    expect(res.body.features[0].properties).toMatchObject({ citycode: '38185', city: 'Grenoble', fallback: true });
    expect(res.body.features[0].properties.distance).toBeLessThan(3000);
    expect((await t.call('/api/v1/api-ban/reverse/?lon=-30&lat=45')).body.features).toEqual([]);
  });

  it('validates the parameters with French messages', async () => {
    const cases: [string, string, string][] = [
      ['/api/v1/api-ban/search/?q=ab', 'q', "La recherche d'adresse doit contenir entre 3 et 200 caractères."],
      [
        `/api/v1/api-ban/search/?q=${'a'.repeat(201)}`,
        'q',
        "La recherche d'adresse doit contenir entre 3 et 200 caractères.",
      ],
      [
        '/api/v1/api-ban/search/?q=Grenoble&limit=16',
        'limit',
        'Le nombre de résultats (limit) doit être un entier entre 1 et 15.',
      ],
      [
        '/api/v1/api-ban/search/?q=Grenoble&limit=0',
        'limit',
        'Le nombre de résultats (limit) doit être un entier entre 1 et 15.',
      ],
      [
        '/api/v1/api-ban/search/?q=Grenoble&type=street',
        'type',
        'Le type doit valoir « housenumber » (adresse) ou « municipality » (commune).',
      ],
      ['/api/v1/api-ban/reverse/?lon=181&lat=45', 'lon', 'La longitude (lon) doit être un nombre entre -180 et 180.'],
      ['/api/v1/api-ban/reverse/?lon=5.7&lat=abc', 'lat', 'La latitude (lat) doit être un nombre entre -90 et 90.'],
    ];
    for (const [path, field, text] of cases) {
      const res = await t.call(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('Erreur de validation. Au moins un champ est incorrect.');
      expect(res.body.errors, path).toEqual([{ path: field, code: expect.any(String), params: {}, message: text }]);
    }
    const both = await t.call('/api/v1/api-ban/reverse/');
    expect(both.body.errors.map((e: { path: string }) => e.path)).toEqual(['lon', 'lat']);
  });
});
