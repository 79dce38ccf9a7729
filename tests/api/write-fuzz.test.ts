import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import type { EntityRuntime } from '../../engine/schema/registry';
import type { PropertySchema } from '../../engine/schema/types';
import { remove } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';
import { anyJson, empty, hostile, huge, readableFrench, shorten } from '../helpers/fuzz-values';

// Security review, "done when": generated writes (from each entity's JSON Schema, plus hostile
// strings, wrong types, huge and empty values) against every generic write endpoint. No answer
// is a 5xx, every refusal speaks French, and a refused write changes nothing (table digest).

const WRITES = Number(process.env.FUZZ_WRITES ?? 10_000);
/** FUZZ_ENTITIES=contact,note: only these entities (a quicker run while working on them). */
const ONLY = process.env.FUZZ_ENTITIES ? new Set(process.env.FUZZ_ENTITIES.split(',')) : null;

/** Records the suite signs in with (their accounts, the advisor's structure): changing them would end the run early. */
const KEEP: Record<string, number[]> = { user: [1, 3], group: [2] };

function typeOf(p: PropertySchema): string {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return t ?? 'string';
}

/** Values that the field's own schema would mostly accept: the paths past validation get exercised too. */
function plausible(p: PropertySchema): fc.Arbitrary<unknown> {
  if (p.enum?.length) return fc.constantFrom(...p.enum);
  if (p['x-relation']) {
    const pk = fc.integer({ min: 1, max: 12 });
    return typeOf(p) === 'array' ? fc.array(pk, { maxLength: 3 }) : pk;
  }
  switch (typeOf(p)) {
    case 'integer':
      return fc.integer({
        min: typeof p.minimum === 'number' ? p.minimum : -1000,
        max: typeof p.maximum === 'number' ? p.maximum : 100_000,
      });
    case 'number':
      return fc.double({
        min: typeof p.minimum === 'number' ? p.minimum : -1000,
        max: typeof p.maximum === 'number' ? p.maximum : 100_000,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(p.items && typeof p.items === 'object' ? plausible(p.items as PropertySchema) : anyJson, {
        maxLength: 4,
      });
    case 'object':
      // A file reference of the right shape that was never uploaded: refused (file_unknown), or null.
      if (p.format === 'file')
        return fc.option(
          fc.record({
            key: fc.uuid({ version: 4 }),
            name: fc.string({ maxLength: 20 }),
            size: fc.nat(),
            contentType: fc.constant('application/pdf'),
          }),
        );
      return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
    default:
      switch (p.format) {
        case 'email':
          return fc.emailAddress();
        case 'url':
          return fc.webUrl();
        case 'date':
          return fc
            .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
        case 'date-time':
          return fc
            .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString());
        case 'color':
          return fc.constantFrom('#123456', '#abc', '#FFFFFF');
        case 'time':
          return fc.constantFrom('08:30', '23:59');
        case 'insee-code':
          return fc.constantFrom('38185', '38421', '2A004', '99999');
        case 'phone':
          return fc.constantFrom('04 76 00 00 00', '+33 6 12 34 56 78', '0612345678');
        default:
          return fc.string({ maxLength: typeof p.maxLength === 'number' ? Math.min(p.maxLength, 60) : 60 });
      }
  }
}

function valueFor(p: PropertySchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: plausible(p) },
    { weight: 2, arbitrary: hostile },
    { weight: 2, arbitrary: empty },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: huge },
  );
}

function bodyFor(entity: EntityRuntime): fc.Arbitrary<unknown> {
  const fields = Object.entries(entity.schema.properties).filter(([, p]) => !p['x-storage']?.virtual);
  const record = fc.record(Object.fromEntries(fields.map(([name, p]) => [name, valueFor(p)])), { requiredKeys: [] });
  const extra = fc.dictionary(
    fc.constantFrom('pk', 'id', 'unknown', '__proto__', 'constructor', 'extra', 'passwordHash'),
    anyJson,
    { maxKeys: 2 },
  );
  return fc.oneof(
    { weight: 12, arbitrary: fc.tuple(record, extra).map(([r, x]) => ({ ...x, ...r })) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], 'texte', 42, null, true) },
  );
}

/** Ordered rows of a table, hashed: equal digests mean nothing in it changed. */
async function digest(t: TestApp, table: string): Promise<string> {
  const rows = await t.app.database.db
    .selectFrom(table as never)
    .selectAll()
    .orderBy('pk' as never)
    .execute();
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

describe.each(DIALECTS)('generated writes against every generic write endpoint on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let advisor: string;
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
    admin = await t.login('admin@demo.fr');
    advisor = await t.login('conseiller@demo.fr');
  });

  it(`sends ${WRITES} writes: no 5xx, French refusals, refused writes change nothing`, async () => {
    const entities = [...t.app.registry.entities.values()].filter((e) => {
      const actions = e.schema['x-entity'].api?.actions ?? [];
      if (ONLY && !ONLY.has(e.name)) return false;
      return e.schema['x-entity'].api && (actions.includes('create') || actions.includes('update'));
    });
    expect(entities.length).toBeGreaterThan(ONLY ? 0 : 15);
    const perEntity = Math.ceil(WRITES / entities.length);
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const entity of entities) {
      const x = entity.schema['x-entity'];
      const path = `/${x.api!.path}/`;
      const actions = x.api!.actions ?? ['list', 'detail', 'create', 'update', 'delete'];
      await fc.assert(
        fc.asyncProperty(
          bodyFor(entity),
          fc.boolean(),
          fc.integer({ min: 0, max: 9 }),
          async (body, asAdvisor, pick) => {
            const existing = (
              (await t.app.database.db
                .selectFrom(x.table as never)
                .select('pk' as never)
                .orderBy('pk' as never)
                .limit(12)
                .execute()) as { pk: number }[]
            ).filter((r) => !(KEEP[entity.name] ?? []).includes(r.pk));
            const patch =
              actions.includes('update') && (!actions.includes('create') || pick % 2 === 1) && existing.length > 0;
            const target = patch ? existing[pick % existing.length].pk : undefined;
            const before = await digest(t, x.table);
            const res = await t.call(patch ? `${path}${target}/` : path, {
              method: patch ? 'PATCH' : 'POST',
              token: asAdvisor ? advisor : admin,
              body,
            });
            sent += 1;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            expect(
              res.status,
              JSON.stringify({
                entity: entity.name,
                method: patch ? `PATCH ${target}` : 'POST',
                answer: res.body,
                body: shorten(body),
              }),
            ).toBeLessThan(500);
            // Both callers are signed in for the whole run: a 401 would mean the writes were refused
            // for an expired session, not for what they sent.
            expect(res.status, `${entity.name}: refused as not signed in`).not.toBe(401);
            if (res.status >= 400) {
              expect(readableFrench(res.body?.message), JSON.stringify(res.body).slice(0, 500)).toBe(true);
              for (const e of (res.body?.errors ?? []) as { message: unknown }[])
                expect(readableFrench(e.message), JSON.stringify(e)).toBe(true);
              expect(await digest(t, x.table), `${entity.name}: a refused write changed the table`).toBe(before);
            } else if (!patch && res.status === 201) {
              // Keep the tables small: what a generated body created goes again.
              await remove(systemContext(t.app), entity.name, res.body.pk).catch(() => undefined);
            }
          },
        ),
        { numRuns: perEntity, seed: 20261123, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(WRITES);
    // The generator must reach both sides of validation: some writes pass, most are refused.
    expect([...statuses.keys()].filter((s) => s < 300).length).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(WRITES / 4);
    // A volume test, not a speed test: 10,000 round trips take 30 s on a quiet machine and over ten minutes on a
    // busy one.
  }, 1_800_000);
});
