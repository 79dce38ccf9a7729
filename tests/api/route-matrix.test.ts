import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { mountedRoutes } from '../helpers/mounted-routes';
import {
  CALLERS,
  ENTITY_EXPECTATIONS,
  makeMatrixFixtures,
  owner,
  type MatrixFixtures,
} from '../helpers/matrix-fixtures';
import { loadConfig } from '../../server/config';
import { createApp, createContext } from '../../server/app';
import { makePdf } from '../helpers/pdf-file';

// Every route the server mounts, hand-written ones included, × anonymous and every kind of user ×
// (for a route that reads or changes a record) a record of the caller's own structure and one of
// another, against route-matrix.expectations.json, written by hand from the spec's rights (spec 01
// §2/§6, spec 02 §6, the reference's permission tables), not from the code. A mounted route without
// a row fails, and so does a row for a route that is no longer mounted. The generic entity routes
// (list/detail/create/update/delete of every entity) are rights-matrix.test.ts's.
//
// ROUTE_MATRIX_OBSERVE=<file> writes what each route answers instead of checking it: a help for
// writing a new row, never a source of expectations (docs/security.md, « Rights matrix »).

/**
 * - open: the caller gets past the rights (any answer but 401/403 — and, for a record's route, but 404);
 * - own: open on the caller's own structure's record, refused (401/403) or not found (404) on another's;
 * - denied: 401 when anonymous, 403 when signed in;
 * - hidden: 404 (the route does not say that the record or the feature exists to this caller);
 * - off: 403 to an anonymous caller: the white label keeps the feature closed (self-registration).
 */
type RouteOutcome = 'open' | 'own' | 'denied' | 'hidden' | 'off';
interface RouteCase {
  why: string;
  /** The path called, with placeholders (below); the route's own path when it has no parameter. */
  url?: string;
  body?: unknown;
  /** The Host the request is made on (a white label of the demo). */
  domain?: string;
  /** The route ends or changes the caller's session: each call signs in afresh. */
  freshToken?: boolean;
  expect: Record<string, RouteOutcome>;
}
/** A route's row: its first case, and further cases (another record, another body) when one is not enough. */
interface RouteExpectation extends RouteCase {
  cases?: RouteCase[];
}
const FILE = resolve(import.meta.dirname, 'route-matrix.expectations.json');
const DOC = JSON.parse(readFileSync(FILE, 'utf8')) as { roles: string[]; routes: Record<string, RouteExpectation> };
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

/** Placeholders of a row's url and body: `{entity:<name>}`, `{entity:<name>.<field>}`, `{$…}`, `{uuid}`. */
const PLACEHOLDER = /\{([^{}]+)\}/g;

describe.each(DIALECTS)('route matrix on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string | undefined> = {};
  let fx: MatrixFixtures;
  let admin: string;
  const made = new Map<string, Record<string, unknown>>();
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
    admin = tokens.administrator!;
    fx = await makeMatrixFixtures(t, dialect);
  }, 300_000);

  /** A record of `entity` owned as the matrix's samples say, made once per owner (and read back whole). */
  async function recordOf(name: string, role: string, own: boolean): Promise<Record<string, unknown>> {
    const e = ENTITY_EXPECTATIONS.entities[name];
    if (!e) throw new Error(`no sample for entity ${name} in rights-matrix.expectations.json`);
    const key = `${name}:${JSON.stringify(owner(e.ownership, role, own))}`;
    let record = made.get(key);
    if (!record) {
      const entity = t.app.registry.entities.get(name)!;
      const pk = await fx.fixture(entity, e, role, own);
      record = (await t.app.database.db
        .selectFrom(entity.schema['x-entity'].table as never)
        .selectAll()
        .where('pk' as never, '=', pk as never)
        .executeTakeFirstOrThrow()) as Record<string, unknown>;
      made.set(key, record);
    }
    return record;
  }

  /** The first action of the structure's folder (made with its default actions). */
  async function actionOf(group: number): Promise<number> {
    const folder = fx.fill('$folder', group) as number;
    const row = await t.app.database.db
      .selectFrom('fac_action')
      .select('pk')
      .where('folder', '=', folder)
      .orderBy('pk')
      .executeTakeFirstOrThrow();
    return row.pk;
  }

  /** A document of the structure with a stored PDF, for the file routes. */
  async function documentWithFile(group: number): Promise<number> {
    const key = `document-with-file:${group}`;
    const done = made.get(key);
    if (done) return done.pk as number;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePdf('Matrice'))], { type: 'application/pdf' }), 'matrice.pdf');
    const up = await fetch(`${t.url}/api/v1/fac/file/file/file/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${admin}` },
      body: form,
    });
    if (up.status !== 201) throw new Error(`upload for the file routes: ${up.status} ${await up.text()}`);
    const ref = await up.json();
    const doc = await t.call('/fac/file/', {
      method: 'POST',
      token: admin,
      body: { organization: fx.fill('$organization', group), note: 'Matrice', file: ref },
    });
    if (doc.status !== 201) throw new Error(`document for the file routes: ${doc.status} ${JSON.stringify(doc.body)}`);
    made.set(key, doc.body);
    return doc.body.pk as number;
  }

  /** An entry of the print pages' temporary store (reached by its secret). */
  async function pdfStore(): Promise<string> {
    const stored = await t.call('/pdf_generator/pdf_temp_store/', { method: 'POST', body: { data: { x: 1 } } });
    if (stored.status !== 201) throw new Error(`print store: ${stored.status}`);
    return stored.body.uuid as string;
  }

  async function resolvePlaceholder(name: string, role: string, own: boolean): Promise<string> {
    const c = CALLERS[role]!;
    const group = own ? c.ownGroup : c.otherGroup;
    if (name === 'uuid') return randomUUID();
    if (name === '$user') return String(owner('user', role, own));
    if (name === '$group') return String(group);
    if (name === '$action') return String(await actionOf(group));
    if (name === '$documentWithFile') return String(await documentWithFile(group));
    if (name === '$pdfStore') return pdfStore();
    if (name.startsWith('$')) return String(fx.fill(name, group));
    if (name.startsWith('entity:')) {
      const [entity, field] = name.slice('entity:'.length).split('.');
      const record = await recordOf(entity!, role, own);
      return String(record[field ? field.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`) : 'pk']);
    }
    throw new Error(`unknown placeholder {${name}}`);
  }

  async function fillText(text: string, role: string, own: boolean): Promise<string> {
    let out = text;
    for (const m of text.matchAll(PLACEHOLDER)) out = out.replace(m[0], await resolvePlaceholder(m[1]!, role, own));
    return out;
  }

  async function fillBody(value: unknown, role: string, own: boolean): Promise<unknown> {
    if (typeof value === 'string') {
      const whole = /^\{([^{}]+)\}$/.exec(value);
      if (whole && (whole[1]!.startsWith('$') || whole[1]!.startsWith('entity:'))) {
        const v = await resolvePlaceholder(whole[1]!, role, own);
        return /^\d+$/.test(v) ? Number(v) : v;
      }
      return fillText(value, role, own);
    }
    if (Array.isArray(value)) return Promise.all(value.map((v) => fillBody(v, role, own)));
    if (value && typeof value === 'object')
      return Object.fromEntries(
        await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await fillBody(v, role, own)])),
      );
    return value;
  }

  /** Whether a row names a record of the caller's structure (then its other side is called too). */
  const sided = (e: RouteCase) =>
    /\{(\$(?!user\b)|\$user|entity:)/.test(`${e.url ?? ''}${JSON.stringify(e.body ?? null)}`);

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

  /** One request as the caller, on the caller's own structure's record or another's. */
  async function send(method: string, c: RouteCase, path: string, role: string, own: boolean) {
    const caller = CALLERS[role]!;
    const token = c.freshToken && caller.email ? await t.login(caller.email) : tokens[role];
    const url = await fillText(path, role, own);
    const body = c.body === undefined ? undefined : await fillBody(c.body, role, own);
    if (url.startsWith('/api'))
      return t.call(url, {
        method,
        token,
        body: method === 'GET' || method === 'HEAD' ? undefined : (body ?? {}),
        domain: c.domain,
      });
    // Routes outside the API (probes, metrics, an embeddable page) answer whoever asks.
    const res = await fetch(`${t.url}${url}`, { method, headers: token ? { Authorization: `JWT ${token}` } : {} });
    return { status: res.status, body: (await res.text()).slice(0, 200), headers: res.headers };
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
            const res = await send(method, c, path, role, own);
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
