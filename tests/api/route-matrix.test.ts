import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { mountedRoutes } from '../helpers/mounted-routes';
import { CALLERS, ENTITY_EXPECTATIONS, makeMatrixFixtures } from '../helpers/matrix-fixtures';
import { loadConfig } from '../../server/config';
import { createApp, createContext } from '../../server/app';
import { ROUTE_EXPECTATIONS, routeCalls, sided, type RouteCalls } from '../helpers/route-calls';

// Every route the server mounts, hand-written ones included, × anonymous and every kind of user ×
// (for a route that reads or changes a record) a record of the caller's own structure and one of
// another, against route-matrix.expectations.json, written by hand from the spec's rights (spec 01
// §2/§6, spec 02 §6, the reference's permission tables), not from the code. A mounted route without
// a row fails, and so does a row for a route that is no longer mounted. The generic entity routes
// (list/detail/create/update/delete of every entity) are rights-matrix.test.ts's.
//
// ROUTE_MATRIX_OBSERVE=<file> writes what each route answers instead of checking it: a help for
// writing a new row, never a source of expectations (docs/security.md, « Rights matrix »).

const DOC = ROUTE_EXPECTATIONS;
const OBSERVE = process.env.ROUTE_MATRIX_OBSERVE;

describe('route matrix expectations', () => {
  it('has a row for every mounted route and every kind of user, and none for a route that is gone', async () => {
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'route-matrix-test-secret-0123456789',
      CLIENT_DIST: resolve(import.meta.dirname, 'no-client-build'),
    });
    const app = await createContext(config);
    try {
      const mounted = mountedRoutes(createApp(app)).sort();
      expect(Object.keys(DOC.routes).sort()).toEqual(mounted);
      expect([...DOC.roles].sort()).toEqual([...ENTITY_EXPECTATIONS.roles].sort());
      for (const [route, e] of Object.entries(DOC.routes))
        for (const c of [e, ...(e.cases ?? [])])
          expect(Object.keys(c.expect).sort(), route).toEqual([...DOC.roles].sort());
    } finally {
      await app.database.close();
    }
  });
});

describe.each(DIALECTS)('route matrix on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string | undefined> = {};
  let calls: RouteCalls;
  const observed: Record<string, Record<string, string>[]> = {};
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

  const refused = (role: string, status: number) => status === (role === 'anonymous' ? 401 : 403);

  function classify(role: string, statuses: number[], isSided: boolean): string {
    const [own, other] = statuses as [number, number | undefined];
    if (statuses.some((s) => s >= 500)) return `error ${statuses.join('/')}`;
    if (statuses.every((s) => refused(role, s))) return 'denied';
    if (statuses.every((s) => s === 404)) return 'hidden';
    if (role === 'anonymous' && statuses.every((s) => s === 403)) return 'off';
    if (!isSided) return refused(role, own) || own === 401 || own === 403 ? `status ${own}` : 'open';
    const passes = (s: number) => s !== 401 && s !== 403 && s !== 404;
    if (passes(own) && passes(other!)) return 'open';
    if (passes(own) && (refused(role, other!) || other === 404)) return 'own';
    return `own ${own} / other ${other}`;
  }

  for (const [route, row] of Object.entries(DOC.routes)) {
    it(`${route}: ${row.why.slice(0, 70)}`, async () => {
      const method = route.slice(0, route.indexOf(' '));
      const mismatches: unknown[] = [];
      const seen: Record<string, string>[] = [];
      for (const [i, c] of [row, ...(row.cases ?? [])].entries()) {
        const path = c.url ?? route.slice(route.indexOf(' ') + 1);
        const outcomes: Record<string, string> = {};
        for (const role of DOC.roles) {
          const statuses: number[] = [];
          const answers: unknown[] = [];
          for (const own of sided(c) ? [true, false] : [true]) {
            const res = await calls.send(method, c, path, role, own);
            statuses.push(res.status);
            answers.push(typeof res.body === 'object' ? res.body : String(res.body).slice(0, 200));
          }
          const outcome = classify(role, statuses, sided(c));
          outcomes[role] = outcome;
          if (outcome !== c.expect[role])
            mismatches.push({ case: i, role, expected: c.expect[role], got: outcome, statuses, answers });
        }
        seen.push(outcomes);
      }
      if (OBSERVE) {
        observed[route] = seen;
        writeFileSync(OBSERVE, `${JSON.stringify(observed, null, 1)}\n`);
      } else expect(mismatches, route).toEqual([]);
    }, 300_000);
  }
});
