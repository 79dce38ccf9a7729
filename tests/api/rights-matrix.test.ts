import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import type { EntityRuntime } from '../../engine/schema/registry';
import {
  CALLERS,
  ENTITY_EXPECTATIONS as DOC,
  makeMatrixFixtures,
  type Action,
  type EntityExpectation as Expectation,
  type MatrixFixtures,
  type Outcome,
} from '../helpers/matrix-fixtures';

// Every entity × every action × every kind of user (anonymous and each user type of roles.json;
// the derived roles staff, signedIn and authenticated are unions of them) × a record of the
// caller's own structure and one of another, against the expectations written by hand in
// rights-matrix.expectations.json. An entity without a row there fails.

const ACTIONS: Action[] = ['list', 'detail', 'create', 'update', 'delete'];

describe('rights matrix expectations', () => {
  it('has a row for every entity of schemas/entities, every action and every kind of user', async () => {
    const { loadDeclarations } = await import('../../server/schema/load-declarations');
    const names = loadDeclarations()
      .entities.map((e) => e['x-entity'].name)
      .sort();
    expect(Object.keys(DOC.entities).sort()).toEqual(names);
    const roles = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../schemas/roles.json'), 'utf8')) as {
      userTypes: Record<string, unknown>;
    };
    expect([...DOC.roles].sort()).toEqual(['anonymous', ...Object.keys(roles.userTypes)].sort());
    for (const [name, e] of Object.entries(DOC.entities)) {
      for (const a of ACTIONS)
        expect(Object.keys(e.expect[a] ?? {}).sort(), `${name}.${a}`).toEqual([...DOC.roles].sort());
    }
  });
});

describe.each(DIALECTS)('rights matrix on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string | undefined> = {};
  let fx: MatrixFixtures;
  // The suite signs in once and runs for minutes (longer on a loaded machine): access tokens
  // must outlive it, or refusals would come from an expired token instead of the rights.
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { env: { ACCESS_TOKEN_SECONDS: '7200' } },
  );

  beforeAll(async () => {
    for (const [role, c] of Object.entries(CALLERS)) tokens[role] = c.email ? await t.login(c.email) : undefined;
    fx = await makeMatrixFixtures(t, dialect);
  });

  const fixture = (entity: EntityRuntime, e: Expectation, role: string, own: boolean) =>
    fx.fixture(entity, e, role, own);
  const owned = (entity: EntityRuntime, e: Expectation, role: string, own: boolean) => fx.owned(entity, e, role, own);
  const discard = (entity: EntityRuntime, pk: number | undefined) => fx.discard(entity, pk);

  const refusal = (role: string) => (role === 'anonymous' ? 401 : 403);
  const base = (entity: EntityRuntime) => `/${entity.schema['x-entity'].api?.path ?? 'no-such-endpoint'}/`;

  /** The status a single-record action must answer for this outcome and record. */
  function statusFor(outcome: Outcome, own: boolean, role: string, ok: number): number {
    if (outcome === 'n/a') return 404;
    if (outcome === 'all' || (outcome === 'own' && own)) return ok;
    return refusal(role);
  }

  for (const [name, e] of Object.entries(DOC.entities)) {
    it(`${name}: ${e.why.slice(0, 80)}`, async () => {
      const entity = t.app.registry.entities.get(name)!;
      // Every membership saved or removed by the rows before recomputes whom the published project
      // reaches (from real memberships, which the matrix's samples are not): set it again.
      if (name.startsWith('bap-')) await fx.reachProfessional6();
      for (const role of DOC.roles) {
        const token = tokens[role];
        const problems: string[] = [];
        const own = await fixture(entity, e, role, true).catch((err: Error & { errors?: unknown }) => {
          problems.push(`${err.message} ${JSON.stringify(err.errors ?? [])}`);
          return undefined;
        });
        const other = await fixture(entity, e, role, false).catch((err: Error & { errors?: unknown }) => {
          problems.push(`${err.message} ${JSON.stringify(err.errors ?? [])}`);
          return undefined;
        });
        const usable =
          e.expect.list[role] !== 'n/a' ||
          e.expect.detail[role] !== 'n/a' ||
          e.expect.update[role] !== 'n/a' ||
          e.expect.delete[role] !== 'n/a';
        if (usable && entity.schema['x-entity'].api)
          expect({ name, role, own, other, problems }).toEqual({
            name,
            role,
            own: expect.any(Number),
            other: expect.any(Number),
            problems: [],
          });
        try {
          // list
          /** Which of the two records an answer enumerates, as an outcome. */
          const outcomeOf = (status: number, pks: Set<number>): Outcome =>
            status === 404
              ? 'n/a'
              : status === refusal(role)
                ? 'denied'
                : status !== 200
                  ? (`status ${status}` as Outcome)
                  : pks.has(own!) && pks.has(other!)
                    ? 'all'
                    : pks.has(own!)
                      ? 'own'
                      : pks.has(other!)
                        ? ('other only' as Outcome)
                        : 'none';
          const list = await t.call(`${base(entity)}?perPage=200&sort=-pk`, { token });
          const listed = new Set(Array.isArray(list.body) ? (list.body as { pk: number }[]).map((r) => r.pk) : []);
          const listOutcome = e.expect.list[role];
          expect({ name, role, action: 'list', outcome: outcomeOf(list.status, listed) }).toEqual({
            name,
            role,
            action: 'list',
            outcome: listOutcome,
          });
          // The choices of a relation field (meta/options), asked for both records by pk, offer
          // exactly what the list shows: same rights, row filters, module flag, no secret-link entity.
          const asked = [own, other].filter((pk) => pk !== undefined).join(',');
          const options = await t.call(`/meta/options/${name}?ids=${asked}`, { token });
          const offered = new Set(
            Array.isArray(options.body) ? (options.body as { value: number }[]).map((o) => o.value) : [],
          );
          expect({ name, role, action: 'options', outcome: outcomeOf(options.status, offered) }).toEqual({
            name,
            role,
            action: 'options',
            outcome: listOutcome,
          });
          // detail, update (an empty change), delete — own record, then the other
          for (const [action, method, ok] of [
            ['detail', 'GET', 200],
            ['update', 'PATCH', 200],
            ['delete', 'DELETE', 200],
          ] as const) {
            for (const [isOwn, pk] of [
              [true, own],
              [false, other],
            ] as const) {
              const res = await t.call(`${base(entity)}${pk}/`, {
                method,
                token,
                body: method === 'PATCH' ? {} : undefined,
              });
              const wanted = statusFor(e.expect[action][role], isOwn, role, ok);
              expect({ name, role, action, own: isOwn, status: res.status }).toEqual({
                name,
                role,
                action,
                own: isOwn,
                status: wanted,
              });
            }
          }
        } finally {
          await discard(entity, own);
          await discard(entity, other);
        }
        // create: the caller sends a record of their own structure, then one of another
        for (const isOwn of [true, false]) {
          if (!isOwn && e.createOther === false) continue;
          const res = await t.call(base(entity), { method: 'POST', token, body: owned(entity, e, role, isOwn) });
          let wanted = statusFor(e.expect.create[role], isOwn, role, 201);
          // Pointing at a record the caller may not see is refused before the rights, as if it did
          // not exist (security review finding 18): a refusal too.
          const errors = (res.body?.errors ?? []) as { code: string }[];
          if (
            wanted === refusal(role) &&
            res.status === 400 &&
            errors.length &&
            errors.every((x) => x.code === 'relation_missing')
          )
            wanted = 400;
          await discard(entity, res.status === 201 ? (res.body as { pk: number }).pk : undefined);
          expect({
            name,
            role,
            action: 'create',
            own: isOwn,
            status: res.status,
            body: res.status === wanted ? undefined : res.body,
          }).toEqual({ name, role, action: 'create', own: isOwn, status: wanted, body: undefined });
        }
      }
      // Eight callers, two records each and a dozen requests per caller: a minute is too short on a
      // loaded machine (a folder creates its default actions).
    }, 300_000);
  }
});
