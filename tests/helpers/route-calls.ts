import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_PASSWORD, type TestApp } from './test-app';
import { CALLERS, ENTITY_EXPECTATIONS, owner, type MatrixFixtures } from './matrix-fixtures';
import { makePdf } from './pdf-file';

// Calling a mounted route as one of the matrix's callers, on a record of the caller's own
// structure or of another (tests/api/route-matrix.expectations.json): the route matrix checks who
// gets through, the route fuzz sends bad bodies to the same calls.

/**
 * - open: the caller gets past the rights (any answer but 401/403 — and, for a record's route, but 404);
 * - own: open on the caller's own structure's record, refused (401/403) or not found (404) on another's;
 * - denied: 401 when anonymous, 403 when signed in;
 * - hidden: 404 (the route does not say that the record or the feature exists to this caller);
 * - off: 403 to an anonymous caller: the white label keeps the feature closed (self-registration).
 */
export type RouteOutcome = 'open' | 'own' | 'denied' | 'hidden' | 'off';
export interface RouteCase {
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
export interface RouteExpectation extends RouteCase {
  cases?: RouteCase[];
}
export const ROUTE_EXPECTATIONS = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../api/route-matrix.expectations.json'), 'utf8'),
) as { roles: string[]; routes: Record<string, RouteExpectation> };

/** Placeholders of a row's url and body: `{entity:<name>}`, `{entity:<name>.<field>}`, `{$…}`, `{uuid}`. */
const PLACEHOLDER = /\{([^{}]+)\}/g;

/** Whether a case names a record of the caller's structure (then its other side is called too). */
export const sided = (c: RouteCase): boolean =>
  /\{(\$|entity:)/.test(`${c.url ?? ''}${JSON.stringify(c.body ?? null)}`);

type Answer = { status: number; body: any; headers: Headers };

export interface RouteCalls {
  /** The case's url and body with their placeholders filled for the caller's own structure or another's. */
  fill(c: RouteCase, path: string, role: string, own: boolean): Promise<{ url: string; body: unknown }>;
  /**
   * The token `role` calls the case with: the suite's own, or a session of its own when the route ends or
   * changes the session (`freshToken`: signing in writes, so a caller that watches writes takes it first).
   */
  tokenFor(c: RouteCase, role: string): Promise<string | undefined>;
  /** One request as `role` to a filled url (with `token` when given: see `tokenFor`). */
  request(method: string, c: RouteCase, url: string, role: string, body: unknown, token?: string): Promise<Answer>;
  /** `fill`, then `request`. */
  send(method: string, c: RouteCase, path: string, role: string, own: boolean): Promise<Answer>;
}

export function routeCalls(t: TestApp, fx: MatrixFixtures, tokens: Record<string, string | undefined>): RouteCalls {
  const made = new Map<string, Record<string, unknown>>();

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
      headers: { Authorization: `JWT ${tokens.administrator}` },
      body: form,
    });
    if (up.status !== 201) throw new Error(`upload for the file routes: ${up.status} ${await up.text()}`);
    const ref = await up.json();
    const doc = await t.call('/fac/file/', {
      method: 'POST',
      token: tokens.administrator,
      body: { organization: fx.fill('$organization', group), note: 'Matrice', file: ref },
    });
    if (doc.status !== 201) throw new Error(`document for the file routes: ${doc.status} ${JSON.stringify(doc.body)}`);
    made.set(key, doc.body);
    return doc.body.pk as number;
  }

  /** An entry of the print pages' temporary store (reached by its secret). */
  async function pdfStore(): Promise<string> {
    const done = made.get('pdf-store');
    if (done) return done.uuid as string;
    const stored = await t.call('/pdf_generator/pdf_temp_store/', { method: 'POST', body: { data: { x: 1 } } });
    if (stored.status !== 201) throw new Error(`print store: ${stored.status}`);
    made.set('pdf-store', stored.body);
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

  async function fill(c: RouteCase, path: string, role: string, own: boolean) {
    const url = await fillText(path, role, own);
    const body = c.body === undefined ? undefined : await fillBody(c.body, role, own);
    return { url, body };
  }

  /**
   * A session of its own (t.login hands out the suite's one token per account): a route that ends
   * the session must not end the one every other call uses.
   */
  async function freshSignIn(email: string): Promise<string> {
    const res = await t.call('/auth/obtain_token/', { method: 'POST', body: { email, password: DEMO_PASSWORD } });
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
    return res.body.token as string;
  }

  async function tokenFor(c: RouteCase, role: string): Promise<string | undefined> {
    const caller = CALLERS[role]!;
    return c.freshToken && caller.email ? freshSignIn(caller.email) : tokens[role];
  }

  async function request(
    method: string,
    c: RouteCase,
    url: string,
    role: string,
    body: unknown,
    given?: string,
  ): Promise<Answer> {
    const token = given ?? (await tokenFor(c, role));
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

  async function send(method: string, c: RouteCase, path: string, role: string, own: boolean) {
    const { url, body } = await fill(c, path, role, own);
    return request(method, c, url, role, body);
  }

  return { fill, tokenFor, request, send };
}
