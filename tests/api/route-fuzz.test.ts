import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { CALLERS, makeMatrixFixtures } from '../helpers/matrix-fixtures';
import { ROUTE_EXPECTATIONS, routeCalls, type RouteCalls } from '../helpers/route-calls';
import { anyJson, empty, hostile, huge, readableFrench, shorten } from '../helpers/fuzz-values';

// Security review (issue 25), « done when »: bad bodies to every mounted route that takes one
// (the hand-written routes too; the generic entity writes are write-fuzz.test.ts's), sent by a
// caller the route matrix lets through. No answer is a 5xx, every refusal speaks French, and a
// refused request writes nothing (the per-table change markers of server/db/table-changes.ts).

const RUNS = Number(process.env.FUZZ_ROUTE_BODIES ?? 12);
/** FUZZ_ROUTES=merge,import: only the routes whose key contains one of these (a quicker run). */
const ONLY = process.env.FUZZ_ROUTES?.split(',');

/** What a refusal may still write: a failed sign-in is recorded (docs/security.md, sign-in throttling). */
const WRITES_ON_REFUSAL: Record<string, string[]> = {
  'POST /api/v1/auth/obtain_token/': ['account_login_log'],
};

/** The names of a route's body fields in the API description (schemas/api), when it describes one. */
function describedFields(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const dir = resolve(import.meta.dirname, '../../schemas/api');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as {
      paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths ?? {}))
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema as
          { properties?: Record<string, unknown> } | undefined;
        if (schema?.properties) out.set(`${method.toUpperCase()} ${path}`, Object.keys(schema.properties));
      }
  }
  return out;
}

/** The described fields of a mounted route (`:pk` in Express, `{pk}` in the description). */
function fieldsOf(route: string, described: Map<string, string[]>): string[] {
  const shape = (key: string) => key.replace(/\{[^}]+\}/g, ':').replace(/:[A-Za-z_]+/g, ':');
  const wanted = shape(route);
  for (const [key, fields] of described) if (shape(key) === wanted) return fields;
  return [];
}

const COMMON = ['pk', 'email', 'password', 'group', 'contact', 'name', 'data', 'dates', 'slot', 'kind', 'choices'];

function bodyFor(fields: string[], sample: unknown): fc.Arbitrary<unknown> {
  const names = [...new Set([...fields, ...Object.keys((sample as object | undefined) ?? {}), ...COMMON])];
  const value = fc.oneof(
    { weight: 3, arbitrary: hostile },
    { weight: 2, arbitrary: empty },
    { weight: 2, arbitrary: anyJson },
    { weight: 1, arbitrary: huge },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 100_000 }) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], 'texte', 42, null, true, { __proto__: { a: 1 } }) },
  );
}

describe.each(DIALECTS)('bad bodies against every mounted route that takes one on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string | undefined> = {};
  let calls: RouteCalls;
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { env: { ACCESS_TOKEN_SECONDS: '7200' } },
  );
  beforeAll(async () => {
    for (const [role, c] of Object.entries(CALLERS)) tokens[role] = c.email ? await t.login(c.email) : undefined;
    calls = routeCalls(t, await makeMatrixFixtures(t, dialect), tokens);
  }, 300_000);

  async function markers(): Promise<Map<string, number>> {
    const { rows } = await sql<{ name: string; v: number | string }>`
      select table_name as name, sum(version) as v from table_change group by table_name`.execute(t.app.database.db);
    return new Map(rows.map((r) => [r.name, Number(r.v)]));
  }

  const described = describedFields();
  const routes = Object.entries(ROUTE_EXPECTATIONS.routes).filter(
    ([route]) => !route.startsWith('GET ') && (!ONLY || ONLY.some((o) => route.includes(o))),
  );

  it('takes bodies on every writing route', () => {
    expect(routes.length).toBeGreaterThan(ONLY ? 0 : 60);
  });

  for (const [route, row] of routes) {
    it(`${route}: no 5xx, French refusals, a refusal writes nothing`, async () => {
      const method = route.slice(0, route.indexOf(' '));
      const path = row.url ?? route.slice(route.indexOf(' ') + 1);
      // The most trusted caller the matrix lets through (else the administrator): the bodies then
      // reach the handler's own checks, past the rights.
      const through = (o: string | undefined) => o === 'open' || o === 'own';
      const role = through(row.expect.administrator)
        ? 'administrator'
        : (ROUTE_EXPECTATIONS.roles.find((r) => through(row.expect[r])) ?? 'administrator');
      const fields = fieldsOf(route, described);
      const statuses = new Map<number, number>();
      // The records the url names are made (and the url filled) once, before the first marker is read.
      const { url } = await calls.fill(row, path, role, true);
      await fc.assert(
        fc.asyncProperty(bodyFor(fields, row.body), async (body) => {
          const token = await calls.tokenFor(row, role);
          const before = await markers();
          const res = await calls.request(method, row, url, role, body, token);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const said = JSON.stringify({ route, role, status: res.status, answer: res.body, body: shorten(body) });
          expect(res.status, said).toBeLessThan(500);
          if (res.status < 400) return;
          expect(readableFrench(res.body?.message), said.slice(0, 600)).toBe(true);
          for (const e of (res.body?.errors ?? []) as { message: unknown }[])
            expect(readableFrench(e.message), JSON.stringify(e)).toBe(true);
          const after = await markers();
          const allowed = new Set(WRITES_ON_REFUSAL[route] ?? []);
          const changed = [...after].filter(([name, v]) => before.get(name) !== v && !allowed.has(name));
          expect(
            changed.map(([name]) => name),
            `${said.slice(0, 400)}: a refused request wrote`,
          ).toEqual([]);
        }),
        { numRuns: RUNS, seed: 20261129, endOnFailure: true },
      );
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
    }, 300_000);
  }
});
