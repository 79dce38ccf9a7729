import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { create, remove } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';
import type { EntityRuntime } from '../../engine/schema/registry';
import { recordToRow } from '../../server/db/row-mapper';

// Every entity × every action × every kind of user (anonymous and each user type of roles.json;
// the derived roles staff, signedIn and authenticated are unions of them) × a record of the
// caller's own structure and one of another, against the expectations written by hand in
// rights-matrix.expectations.json. An entity without a row there fails.

type Outcome = 'all' | 'own' | 'none' | 'denied' | 'n/a';
type Action = 'list' | 'detail' | 'create' | 'update' | 'delete';
interface Expectation {
  why: string;
  ownership: 'group' | 'groups' | 'user' | 'adminGroup' | 'none';
  createOther?: boolean;
  sample: Record<string, unknown>;
  expect: Record<Action, Record<string, Outcome>>;
}
const DOC = JSON.parse(readFileSync(resolve(import.meta.dirname, 'rights-matrix.expectations.json'), 'utf8')) as {
  roles: string[];
  entities: Record<string, Expectation>;
};
const ACTIONS: Action[] = ['list', 'detail', 'create', 'update', 'delete'];

/** The demo account of each kind of user (README), and which structures are its own and another's. */
const CALLERS: Record<string, { email?: string; pk?: number; ownGroup: number; otherGroup: number }> = {
  anonymous: { ownGroup: 2, otherGroup: 3 },
  client: { email: 'client@demo.fr', pk: 7, ownGroup: 2, otherGroup: 3 },
  professional: { email: 'pro@demo.fr', pk: 6, ownGroup: 4, otherGroup: 2 },
  advisor: { email: 'conseiller@demo.fr', pk: 3, ownGroup: 2, otherGroup: 3 },
  superadvisor: { email: 'superconseiller@demo.fr', pk: 4, ownGroup: 2, otherGroup: 3 },
  listeproadmin: { email: 'listepro@demo.fr', pk: 5, ownGroup: 2, otherGroup: 3 },
  manager: { email: 'manager@demo.fr', pk: 2, ownGroup: 2, otherGroup: 5 },
  administrator: { email: 'admin@demo.fr', pk: 1, ownGroup: 2, otherGroup: 3 },
};

function owner(kind: Expectation['ownership'], role: string, own: boolean): unknown {
  const c = CALLERS[role];
  switch (kind) {
    case 'group':
    case 'groups':
      return own ? c.ownGroup : c.otherGroup;
    // Anonymous callers own nothing: their "own" and "other" records belong to two other users.
    case 'user':
      return c.pk === undefined ? (own ? 3 : 7) : own ? c.pk : c.pk === 7 ? 3 : 7;
    case 'adminGroup':
      return own ? 1 : null;
    default:
      return null;
  }
}

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
  let counter = 0;
  const advisorOf = new Map<number, number>([
    [2, 3],
    [3, 8],
  ]);
  let freeDepartments: string[] = [];
  /** A client account per structure, for records that belong to a client too (an appointment). */
  const clientOf = new Map<number, number>([[2, 7]]);
  /** An exchange per structure, for records attached to one (an exchange's attachment). */
  const exchangeOf = new Map<number, number>();
  /** A funding body (experience tag of the sponsor family) per structure, for its funding programmes. */
  const sponsorTagOf = new Map<number, number>();
  /** File-area records per structure, for records attached to them (a note's contact, a reminder's note). */
  const facOf: Record<string, Map<number, number>> = {
    $contact: new Map(),
    $contact2: new Map(),
    $organization: new Map(),
    $organization2: new Map(),
    $note: new Map(),
    $folder: new Map(),
    $newsletterGroup: new Map(),
    $housing: new Map(),
  };
  /** A directory sheet and one of its references per account, for what belongs to a sheet ($sheet, $reference). */
  const sheetOf = new Map<number, number>();
  const referenceOf = new Map<number, number>();
  /** A published project of the projects exchange reaching the demo professional (6): its interests, contacts. */
  let bapProject: number | undefined;
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
    const system = systemContext(t.app);
    // Structures 4 and 5 get an advisor, so that every structure has records that need one.
    for (const group of [4, 5]) {
      const u = await create(system, 'user', {
        email: `conseil-${group}-${dialect}@example.org`,
        lastName: 'Matrice',
        userType: 'advisor',
        group,
        nomail: true,
      });
      advisorOf.set(group, u.pk as number);
    }
    // The demo client goes with structure 2: a client's own appointments are those of structure 2.
    for (const group of [3, 4, 5]) {
      const u = await create(system, 'user', {
        email: `client-${group}-${dialect}@example.org`,
        lastName: 'Matrice',
        userType: 'client',
        nomail: true,
      });
      clientOf.set(group, u.pk as number);
    }
    for (const group of [2, 3, 4, 5]) {
      const x = await create(system, 'exchange', {
        group,
        schedule: '2031-02-03T08:00:00.000Z',
        messageType: 'mail',
        subject: 'Matrice',
      });
      exchangeOf.set(group, x.pk as number);
    }
    for (const group of [2, 3, 4, 5]) {
      for (const key of ['$contact', '$contact2']) {
        const c = await create(system, 'contact', {
          owningGroup: group,
          firstName: 'Camille',
          lastName: `Matrice ${key} ${group}`,
          email: `matrice-${key.slice(1)}-${group}-${dialect}@example.org`,
        });
        facOf[key].set(group, c.pk as number);
      }
      for (const key of ['$organization', '$organization2']) {
        const o = await create(system, 'organization', { owningGroup: group, name: `Matrice ${key} ${group}` });
        facOf[key].set(group, o.pk as number);
      }
      const n = await create(system, 'note', { contact: facOf.$contact.get(group), note: 'Matrice' });
      facOf.$note.set(group, n.pk as number);
      // A household folder of the seeded national programme (fixtures/demo), with its default actions.
      const f = await create(system, 'folder', { contact: facOf.$contact.get(group), model: 1 });
      facOf.$folder.set(group, f.pk as number);
      // A contact's housing attached to the structure, for the visit reports written on it.
      const h = await create(system, 'housing', { contact: facOf.$contact.get(group), groups: [group], area: 90 });
      facOf.$housing.set(group, h.pk as number);
      // A group of newsletters of the structure, for its newsletters ($newsletterGroup).
      const gon = await create(system, 'newsletter-group', { title: 'Matrice', group, slug: `matrice-${group}` });
      facOf.$newsletterGroup.set(group, gon.pk as number);
    }
    for (const group of [2, 3, 4, 5]) {
      const tag = await create(system, 'experience-tag', { owningGroup: group, family: 'sponsor', name: 'Matrice' });
      sponsorTagOf.set(group, tag.pk as number);
    }
    // The demo professional (6) has a sheet; every other account gets one, as its "own" sheet.
    for (const user of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const existing = (await t.app.database.db
        .selectFrom('listepro_professional' as never)
        .select('pk' as never)
        .where('user' as never, '=', user as never)
        .executeTakeFirst()) as { pk: number } | undefined;
      const sheet =
        existing?.pk ??
        ((await create(system, 'listepro-professional', { user, name: `Matrice ${user}` })).pk as number);
      sheetOf.set(user, sheet);
      const r = await create(system, 'listepro-reference', {
        professional: sheet,
        productionName: 'Matrice',
        place: 'Grenoble',
        year: 2020,
      });
      referenceOf.set(user, r.pk as number);
    }
    const project = await create(system, 'bap-project', {
      title: 'Matrice',
      activity: 1,
      subMission: 9,
      commune: '38185',
    });
    bapProject = project.pk as number;
    await reachProfessional6();
    await sql`delete from thermix_settings`.execute(t.app.database.db).catch(() => undefined);
    const used = new Set(
      (
        (await t.app.database.db
          .selectFrom('actimmo_department' as never)
          .select('department' as never)
          .execute()) as { department: string }[]
      ).map((r) => r.department),
    );
    const all = t.app.registry.entities.get('actimmo-department')!.schema.properties.department.enum as string[];
    freeDepartments = all.filter((d) => !used.has(d));
  });

  /** The project every BAP row points at, published and reaching the demo professional (user 6). */
  async function reachProfessional6(): Promise<void> {
    await t.app.database.db
      .updateTable('bap_project' as never)
      .set({ state: 'published', matched_users: '[6]' } as never)
      .where('pk' as never, '=', bapProject as never)
      .execute();
  }

  function fill(value: unknown, ownerValue: unknown): unknown {
    if (value === '$own') return ownerValue;
    if (value === '$advisor') return advisorOf.get(ownerValue as number);
    if (value === '$client') return clientOf.get(ownerValue as number);
    if (value === '$exchange') return exchangeOf.get(ownerValue as number);
    if (value === '$sponsorTag') return sponsorTagOf.get(ownerValue as number);
    if (value === '$sheet') return sheetOf.get(ownerValue as number);
    if (value === '$reference') return referenceOf.get(ownerValue as number);
    if (value === '$bapProject') return bapProject;
    if (typeof value === 'string' && facOf[value]) return facOf[value].get(ownerValue as number);
    if (value === '$year') return 2100 + (counter++ % 100);
    if (value === '$department') return freeDepartments.shift();
    if (typeof value === 'string') return value.replace('$n', `${dialect}${counter++}`);
    if (Array.isArray(value)) return value.map((v) => fill(v, ownerValue));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, ownerValue)]));
    return value;
  }

  function owned(entity: EntityRuntime, e: Expectation, role: string, own: boolean): Record<string, unknown> {
    const value = owner(e.ownership, role, own);
    const record = fill(e.sample, value) as Record<string, unknown>;
    if (e.ownership === 'groups' && !Array.isArray(record.groups)) record.groups = [value];
    return record;
  }

  /** A record made by the platform itself; owner fields that users cannot set are written as given. */
  async function fixture(entity: EntityRuntime, e: Expectation, role: string, own: boolean): Promise<number> {
    const input = owned(entity, e, role, own);
    const pk = await create(systemContext(t.app), entity.name, input).then(
      (r) => r.pk as number,
      async (err: { status?: number }) => {
        // Records that not even the platform's administrator may create (a structure's mail
        // account): written straight into the table, defaults first.
        if (err.status !== 403) throw err;
        const record: Record<string, unknown> = {};
        for (const [name, p] of Object.entries(entity.schema.properties))
          if (p.default !== undefined) record[name] = p.default;
        Object.assign(record, input, { createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
        const row = recordToRow(
          entity,
          record,
          entity.columns.filter((c) => !c.primaryKey && c.property !== '$extra').map((c) => c.property),
        );
        const inserted = await t.app.database.db
          .insertInto(entity.schema['x-entity'].table as never)
          .values(row as never)
          .returning('pk' as never)
          .executeTakeFirstOrThrow();
        return (inserted as { pk: number }).pk;
      },
    );
    for (const [field, v] of Object.entries(input)) {
      const prop = entity.schema.properties[field];
      if (!prop?.readOnly || v === undefined) continue;
      // Stored as the platform stores it (a list as JSON text, a yes/no as 0/1).
      await t.app.database.db
        .updateTable(entity.schema['x-entity'].table as never)
        .set(recordToRow(entity, { [field]: v }, [field]) as never)
        .where('pk' as never, '=', pk as never)
        .execute();
    }
    return pk;
  }

  async function discard(entity: EntityRuntime, pk: number | undefined): Promise<void> {
    if (pk === undefined) return;
    await remove(systemContext(t.app), entity.name, pk).catch(async () => {
      await t.app.database.db
        .deleteFrom(entity.schema['x-entity'].table as never)
        .where('pk' as never, '=', pk as never)
        .execute();
    });
  }

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
      if (name.startsWith('bap-')) await reachProfessional6();
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
