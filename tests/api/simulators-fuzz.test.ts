import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { translate } from '../../engine/validation/messages';

// Bad payloads to the three public compute endpoints, made by a seeded generator: every one must be
// answered 400 with French messages, never 500. A second batch mixes valid and invalid bodies at
// random and checks that nothing but 200 or 400 comes back.

/** mulberry32: small, seeded, reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Endpoint = 'thermix' | 'therminix' | 'ecorenover';

const PATHS: Record<Endpoint, string> = {
  thermix: '/thermix/compute_results',
  therminix: '/therminix/compute',
  ecorenover: '/ecorenover/compute',
};

function validBody(endpoint: Endpoint): Record<string, Json> {
  if (endpoint === 'thermix') {
    return {
      year: 2026,
      thermalSolarProdByM2: 450,
      needs: {
        heating: 15_000,
        hotWater: 3_000,
        housingCategory: 'individual',
        dwellingsNumber: null,
        renovationType: 'systems_renovation',
      },
      solutions: [
        {
          heatingSystems: [{ identifier: 'gaz_boiler_condensing', productionShare: 1, efficiency: 0.95 }],
          hotWaterSystems: [{ identifier: 'gaz_boiler_condensing' }],
          financialSupport: true,
          financialSupportAmount: 1000,
        },
        {
          heatingSystems: [{ productionSystem: 20 }, { identifier: 'gaz_boiler_condensing' }],
          hotWaterSystems: [
            { identifier: 'solar_water_heater', solarPanelsSurface: 4 },
            { identifier: 'gaz_boiler_condensing' },
          ],
          renewableElectricity: false,
        },
      ],
      metroGrenoble: { enabled: false, area: 'B', inseeCode: '38185' },
    };
  }
  if (endpoint === 'therminix') {
    return {
      housingType: 'individual',
      renovationType: 'systems_renovation',
      floorSurface: 110,
      heatingSystem: 'oil_boiler_standard',
      hotWaterSystem: 'oil_boiler_standard',
      heatingNeeds: 15_000,
      hotWaterNeeds: 3_000,
    };
  }
  return {
    annualInvoice: 2000,
    livingSpace: 110,
    costOfEnergyIncrease: 0.04,
    futureEnergyConsumption: 50,
    estimatedCostOfHouseWork: 55_000,
    estimatedAmountOfHelps: 10_000,
    regularLoanRate: 0.025,
    ecoLoanRate: 0,
    regularLoanLength: 15,
    ecoLoanLength: 20,
    ecoLoanAmount: 50_000,
  };
}

/** Fields whose JSON type is certain, with what a wrong value of each kind looks like. */
const NUMBER_FIELDS: Record<Endpoint, string[][]> = {
  thermix: [
    ['year'],
    ['thermalSolarProdByM2'],
    ['needs', 'heating'],
    ['needs', 'hotWater'],
    ['solutions', '0', 'heatingSystems', '0', 'productionShare'],
    ['solutions', '0', 'heatingSystems', '0', 'efficiency'],
    ['solutions', '0', 'financialSupportAmount'],
    ['solutions', '1', 'hotWaterSystems', '0', 'solarPanelsSurface'],
  ],
  therminix: [['floorSurface'], ['heatingNeeds'], ['hotWaterNeeds']],
  ecorenover: [
    ['annualInvoice'],
    ['costOfEnergyIncrease'],
    ['futureEnergyConsumption'],
    ['estimatedCostOfHouseWork'],
    ['estimatedAmountOfHelps'],
    ['regularLoanRate'],
    ['ecoLoanRate'],
    ['regularLoanLength'],
    ['ecoLoanLength'],
    ['ecoLoanAmount'],
  ],
};
const REQUIRED: Record<Endpoint, string[][]> = {
  thermix: [['year'], ['thermalSolarProdByM2'], ['needs'], ['solutions'], ['needs', 'heating'], ['needs', 'hotWater']],
  therminix: [], // every field is optional for the schema; the engine asks for them (invalid proposition)
  ecorenover: NUMBER_FIELDS.ecorenover,
};
const INTEGER_FIELDS: Record<Endpoint, string[][]> = {
  thermix: [['year'], ['solutions', '1', 'heatingSystems', '0', 'productionSystem'], ['needs', 'dwellingsNumber']],
  therminix: [],
  ecorenover: [['regularLoanLength'], ['ecoLoanLength']],
};
const OBJECT_FIELDS: Record<Endpoint, string[][]> = {
  thermix: [['needs'], ['solutions', '0'], ['solutions', '0', 'heatingSystems', '0'], ['metroGrenoble']],
  therminix: [],
  ecorenover: [],
};
const ARRAY_FIELDS: Record<Endpoint, string[][]> = {
  thermix: [['solutions'], ['solutions', '0', 'heatingSystems'], ['solutions', '1', 'hotWaterSystems']],
  therminix: [],
  ecorenover: [],
};
const CLOSED_OBJECTS: Record<Endpoint, string[][]> = {
  thermix: [[], ['needs'], ['solutions', '0'], ['solutions', '1', 'hotWaterSystems', '1']],
  therminix: [[]],
  ecorenover: [[]],
};
const ENUMS: Record<Endpoint, string[][]> = {
  thermix: [
    ['needs', 'housingCategory'],
    ['needs', 'renovationType'],
  ],
  therminix: [['housingType'], ['renovationType']],
  ecorenover: [],
};
const PATTERNS: Record<Endpoint, string[][]> = {
  thermix: [['solutions', '0', 'heatingSystems', '0', 'identifier']],
  therminix: [['heatingSystem'], ['hotWaterSystem']],
  ecorenover: [],
};

const NAN_LIKE = ['NaN', 'Infinity', '-Infinity', '1e999', '0x10', '', ' ', '12,5', 'null', 'undefined', '١٢'];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)];
}

function setAt(body: Record<string, Json>, path: string[], value: Json | undefined): void {
  let node: Json = body;
  for (const key of path.slice(0, -1)) {
    const next: Json | undefined =
      node !== null && typeof node === 'object' ? (node as Record<string, Json>)[key] : undefined;
    // An earlier mutation removed the way there: the body is already invalid; add an unknown key.
    if (next === null || next === undefined || typeof next !== 'object') {
      body.fuzz = value ?? null;
      return;
    }
    node = next;
  }
  const last = path[path.length - 1];
  if (value === undefined) delete (node as Record<string, Json>)[last];
  else (node as Record<string, Json>)[last] = value;
}

function getAt(body: Json, path: string[]): Json {
  let node = body;
  for (const key of path) node = (node as Record<string, Json>)[key];
  return node;
}

/** JSON text nested `depth` levels (written as text: serialising such a value would exhaust the stack). */
function deepText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"k":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The body as text with the placeholder replaced by raw JSON text. */
function withRaw(body: Record<string, Json>, raw: string): string {
  return JSON.stringify(body).replace('"__RAW__"', raw);
}

/** One mutation that the request schema certainly refuses. */
function breakBody(
  endpoint: Endpoint,
  body: Record<string, Json>,
  rnd: () => number,
): { body?: Record<string, Json> | Json; raw?: string } {
  const kinds = ['wrongType', 'nanLike', 'tooBig', 'unknownKey', 'deep'];
  if (REQUIRED[endpoint].length) kinds.push('missing');
  if (INTEGER_FIELDS[endpoint].length) kinds.push('fraction');
  if (OBJECT_FIELDS[endpoint].length) kinds.push('arrayForObject');
  if (ARRAY_FIELDS[endpoint].length) kinds.push('objectForArray', 'tooMany');
  if (ENUMS[endpoint].length) kinds.push('enum');
  if (PATTERNS[endpoint].length) kinds.push('pattern');
  const kind = pick(rnd, [...kinds, 'rawInfinity', 'rawGarbage', 'topLevel']);
  switch (kind) {
    case 'wrongType':
      setAt(
        body,
        pick(rnd, NUMBER_FIELDS[endpoint]),
        pick(rnd, [true, false, [], [1, 2], {}, { value: 3 }, 'trois'] as Json[]),
      );
      return { body };
    case 'nanLike':
      setAt(body, pick(rnd, NUMBER_FIELDS[endpoint]), pick(rnd, NAN_LIKE));
      return { body };
    case 'tooBig':
      setAt(
        body,
        pick(rnd, NUMBER_FIELDS[endpoint]),
        pick(rnd, [1e12, -1e12, 1e308, -1e308, Number.MAX_SAFE_INTEGER * 1000]),
      );
      return { body };
    case 'missing':
      setAt(body, pick(rnd, REQUIRED[endpoint]), undefined);
      return { body };
    case 'fraction':
      setAt(body, pick(rnd, INTEGER_FIELDS[endpoint]), 10.5);
      return { body };
    case 'unknownKey': {
      const target = getAt(body, pick(rnd, CLOSED_OBJECTS[endpoint])) as Record<string, Json>;
      target[pick(rnd, ['__proto__x', 'constructor', 'surprise', 'ÉNERGIE', '0', 'toString'])] = pick(rnd, [
        1,
        'x',
        null,
        [],
        {},
      ] as Json[]);
      return { body };
    }
    case 'deep':
      // A field the schema accepts anything in (the screen's extra metropole state) or a typed one.
      if (endpoint === 'thermix' && rnd() < 0.5) setAt(body, ['metroGrenoble', 'towns'], '__RAW__');
      else setAt(body, pick(rnd, NUMBER_FIELDS[endpoint]), '__RAW__');
      return { raw: withRaw(body, deepText(40 + Math.floor(rnd() * 3000), pick(rnd, ['array', 'object'] as const))) };
    case 'arrayForObject':
      setAt(body, pick(rnd, OBJECT_FIELDS[endpoint]), pick(rnd, [[], [1], [{ heating: 1 }], 'objet'] as Json[]));
      return { body };
    case 'objectForArray':
      setAt(body, pick(rnd, ARRAY_FIELDS[endpoint]), pick(rnd, [{}, { 0: { identifier: 'oil' } }, 7] as Json[]));
      return { body };
    case 'tooMany': {
      const path = pick(rnd, ARRAY_FIELDS[endpoint]);
      const list = getAt(body, path) as Json[];
      setAt(
        body,
        path,
        Array.from({ length: 5 + Math.floor(rnd() * 50) }, () => structuredClone(list[0] ?? {})),
      );
      return { body };
    }
    case 'enum':
      setAt(body, pick(rnd, ENUMS[endpoint]), pick(rnd, ['castle', 'INDIVIDUAL', 'multi-unit', 0, true] as Json[]));
      return { body };
    case 'pattern':
      setAt(body, pick(rnd, PATTERNS[endpoint]), pick(rnd, ['DROP TABLE', '../../etc', 'Gaz', 'é', 'x'.repeat(500)]));
      return { body };
    case 'rawInfinity': {
      // JSON numbers too large for a double parse to Infinity: above every maximum.
      const field = pick(rnd, NUMBER_FIELDS[endpoint]);
      setAt(body, field, '__BIG__');
      return { raw: JSON.stringify(body).replace('"__BIG__"', pick(rnd, ['1e999', '-1e999', '9'.repeat(400)])) };
    }
    case 'rawGarbage': {
      const text = JSON.stringify(body);
      const cut = Math.floor(rnd() * text.length);
      return {
        raw: pick(rnd, [
          text.slice(0, cut),
          `${text}}`,
          text.replace(/:/, '::'),
          '\u0000\u0001',
          '{"a":NaN}',
          "{'year': 2024}",
          '[1,2',
          'nul',
        ]),
      };
    }
    default:
      // A JSON value that is not an object.
      return { body: pick(rnd, [[], [body], 42, 'thermix', true, null] as Json[]) };
  }
}

/** Any JSON value, for the second batch. */
function randomJson(rnd: () => number, depth = 0): Json {
  const r = rnd();
  if (depth > 3 || r < 0.35)
    return pick(rnd, [0, -1, 1.5, 1e9, 1e300, -0.0001, 'x', '', 'NaN', true, false, null] as Json[]);
  if (r < 0.65) return Array.from({ length: Math.floor(rnd() * 4) }, () => randomJson(rnd, depth + 1));
  const object: Record<string, Json> = {};
  for (let i = Math.floor(rnd() * 5); i > 0; i--)
    object[pick(rnd, ['year', 'needs', 'solutions', 'heating', 'identifier', 'annualInvoice', 'housingType', 'k'])] =
      randomJson(rnd, depth + 1);
  return object;
}

/** Replaces values at random places of a valid body with random JSON, at `rate` per value (may stay valid). */
function scramble(body: Json, rnd: () => number, rate: number): Json {
  if (body === null || typeof body !== 'object') return rnd() < rate ? randomJson(rnd, 2) : body;
  if (Array.isArray(body)) return body.map((item) => scramble(item, rnd, rate));
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, scramble(v, rnd, rate)]));
}

const ENGLISH = /\b(must|should|required|invalid|expected|cannot|undefined|NaN|null|error)\b/i;

describe.each(DIALECTS)('simulator compute endpoints under fuzzing on %s', (dialect) => {
  let t: TestApp;
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { seed: false },
  );

  const send = (endpoint: Endpoint, payload: { body?: Json; raw?: string }) =>
    t.call(
      PATHS[endpoint],
      payload.raw !== undefined
        ? { method: 'POST', rawBody: payload.raw, headers: { 'Content-Type': 'application/json' } }
        : { method: 'POST', body: payload.body },
    );

  /** A French answer: the top message and every field message in French, catalogue texts for catalogue codes. */
  function expectFrench(
    body: {
      message?: unknown;
      errors?: { path: string; code: string; params: Record<string, unknown>; message: string }[];
    },
    context: string,
  ): void {
    expect(typeof body.message, context).toBe('string');
    expect(body.message, context).toMatch(/[a-zà-ÿ]{3,}/);
    expect(body.message, context).not.toMatch(ENGLISH);
    for (const e of body.errors ?? []) {
      expect(typeof e.path, context).toBe('string');
      expect(e.message, context).not.toMatch(ENGLISH);
      // Schema and body errors come with the catalogue's summary and its texts; the engines' own
      // errors (unknown system, incomplete proposition) with their French sentences.
      if (body.message === t.app.catalogue['validation.summary'])
        expect(e.message, context).toBe(
          translate(t.app.catalogue, [`simulators.${e.code}`, `validation.${e.code}`], e.params),
        );
      else expect(e.message, context).toMatch(/^[A-ZÀ-Ý][^]*\.$/);
    }
  }

  for (const endpoint of ['thermix', 'therminix', 'ecorenover'] as const) {
    it(`${endpoint}: 200 broken payloads are each a 400 with French messages`, async () => {
      const rnd = random(0x5eed + endpoint.length);
      const statuses = new Map<number, number>();
      for (let i = 0; i < 200; i++) {
        let payload = breakBody(endpoint, validBody(endpoint), rnd);
        // Two faults at once, now and then: errors must still be reported field by field.
        if (rnd() < 0.3 && payload.body && typeof payload.body === 'object' && !Array.isArray(payload.body))
          payload = breakBody(endpoint, structuredClone(payload.body) as Record<string, Json>, rnd);
        const res = await send(endpoint, payload);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const sent = (payload.raw ?? JSON.stringify(payload.body) ?? '').slice(0, 300);
        const context = `${endpoint} case ${i}: ${sent} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, context).toBe(400);
        expectFrench(res.body, context);
      }
      expect([...statuses.keys()]).toEqual([400]);
    });

    it(`${endpoint}: 120 scrambled payloads answer 200 or 400, never 500`, async () => {
      const rnd = random(0xf022 + endpoint.length);
      let ok = 0;
      for (let i = 0; i < 120; i++) {
        const body =
          i % 3 === 0 ? randomJson(rnd) : scramble(validBody(endpoint), rnd, pick(rnd, [0, 0.02, 0.05, 0.2]));
        const res = await send(endpoint, { body });
        const context =
          `${endpoint} scrambled ${i}: ${JSON.stringify(body).slice(0, 300)} → ` +
          `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect([200, 400], context).toContain(res.status);
        if (res.status === 400) expectFrench(res.body, context);
        else ok += 1;
      }
      // Some scrambles keep the body valid: the batch exercises both answers.
      expect(ok).toBeGreaterThan(0);
    });
  }

  it('a body nested thousands of levels deep is refused at once', async () => {
    const res = await send('thermix', {
      raw: withRaw({ ...validBody('thermix'), user: '__RAW__' }, deepText(5000, 'array')),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        path: '',
        code: 'too_deep',
        params: { max: 32 },
        message: 'Le contenu envoyé est trop imbriqué (au plus 32 niveaux).',
      },
    ]);
  });
});
