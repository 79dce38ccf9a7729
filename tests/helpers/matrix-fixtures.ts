import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from './test-app';
import { create, remove } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';
import type { EntityRuntime } from '../../engine/schema/registry';
import { recordToRow } from '../../server/db/row-mapper';

// The records both rights matrices (entities: rights-matrix.test.ts, routes: route-matrix.test.ts)
// stand on: one caller per kind of user, which structure is its own and which another's, and
// records of each entity made for a given owner from the samples of rights-matrix.expectations.json.

export type Outcome = 'all' | 'own' | 'none' | 'denied' | 'n/a';
export type Action = 'list' | 'detail' | 'create' | 'update' | 'delete';
export interface EntityExpectation {
  why: string;
  ownership: 'group' | 'groups' | 'user' | 'adminGroup' | 'none';
  createOther?: boolean;
  sample: Record<string, unknown>;
  expect: Record<Action, Record<string, Outcome>>;
}
export const ENTITY_EXPECTATIONS = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../api/rights-matrix.expectations.json'), 'utf8'),
) as { roles: string[]; entities: Record<string, EntityExpectation> };

/** The demo account of each kind of user (README), and which structures are its own and another's. */
export const CALLERS: Record<string, { email?: string; pk?: number; ownGroup: number; otherGroup: number }> = {
  anonymous: { ownGroup: 2, otherGroup: 3 },
  client: { email: 'client@demo.fr', pk: 7, ownGroup: 2, otherGroup: 3 },
  professional: { email: 'pro@demo.fr', pk: 6, ownGroup: 4, otherGroup: 2 },
  advisor: { email: 'conseiller@demo.fr', pk: 3, ownGroup: 2, otherGroup: 3 },
  superadvisor: { email: 'superconseiller@demo.fr', pk: 4, ownGroup: 2, otherGroup: 3 },
  listeproadmin: { email: 'listepro@demo.fr', pk: 5, ownGroup: 2, otherGroup: 3 },
  manager: { email: 'manager@demo.fr', pk: 2, ownGroup: 2, otherGroup: 5 },
  administrator: { email: 'admin@demo.fr', pk: 1, ownGroup: 2, otherGroup: 3 },
};

/** The value of a record's owner field for a caller's own record, or another's. */
export function owner(kind: EntityExpectation['ownership'], role: string, own: boolean): unknown {
  const c = CALLERS[role]!;
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

export interface MatrixFixtures {
  /** A record of the entity for the caller's own structure (or user), or another's, made by the platform. */
  fixture(entity: EntityRuntime, e: EntityExpectation, role: string, own: boolean): Promise<number>;
  /** The sample of the entity's expectation filled for that owner (what a caller sends to create one). */
  owned(entity: EntityRuntime, e: EntityExpectation, role: string, own: boolean): Record<string, unknown>;
  discard(entity: EntityRuntime, pk: number | undefined): Promise<void>;
  /** A sample's placeholder (`$contact`, `$advisor`…) for an owner (a structure, or a user). */
  fill(value: unknown, ownerValue: unknown): unknown;
  /** Sets the published project of the exchange to reach the demo professional (6) again. */
  reachProfessional6(): Promise<void>;
}

/** Creates the records the samples point at ($advisor, $contact, $sheet…) for every structure. */
export async function makeMatrixFixtures(t: TestApp, dialect: string): Promise<MatrixFixtures> {
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
  /** A published project of the projects exchange reaching the demo professional (6), of structure 2: its interests. */
  let bapProject: number | undefined;
  /** A project of the exchange per structure, for what belongs to a structure's project (a household's contact). */
  const bapProjectOf = new Map<number, number>();

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
      facOf[key]!.set(group, c.pk as number);
    }
    for (const key of ['$organization', '$organization2']) {
      const o = await create(system, 'organization', { owningGroup: group, name: `Matrice ${key} ${group}` });
      facOf[key]!.set(group, o.pk as number);
    }
    const n = await create(system, 'note', { contact: facOf.$contact!.get(group), note: 'Matrice' });
    facOf.$note!.set(group, n.pk as number);
    // A household folder of the seeded national programme (fixtures/demo), with its default actions.
    const f = await create(system, 'folder', { contact: facOf.$contact!.get(group), model: 1 });
    facOf.$folder!.set(group, f.pk as number);
    // A contact's housing attached to the structure, for the visit reports written on it.
    const h = await create(system, 'housing', { contact: facOf.$contact!.get(group), groups: [group], area: 90 });
    facOf.$housing!.set(group, h.pk as number);
    // A group of newsletters of the structure, for its newsletters ($newsletterGroup).
    const gon = await create(system, 'newsletter-group', { title: 'Matrice', group, slug: `matrice-${group}` });
    facOf.$newsletterGroup!.set(group, gon.pk as number);
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
      existing?.pk ?? ((await create(system, 'listepro-professional', { user, name: `Matrice ${user}` })).pk as number);
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
    group: 2,
  });
  bapProject = project.pk as number;
  for (const group of [2, 3, 4, 5]) {
    const p = await create(system, 'bap-project', {
      title: `Matrice ${group}`,
      activity: 1,
      subMission: 9,
      commune: '38185',
      group,
    });
    bapProjectOf.set(group, p.pk as number);
  }

  async function reachProfessional6(): Promise<void> {
    await t.app.database.db
      .updateTable('bap_project' as never)
      .set({ state: 'published', matched_users: '[6]' } as never)
      .where('pk' as never, '=', bapProject as never)
      .execute();
  }
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
  const all = t.app.registry.entities.get('actimmo-department')!.schema.properties.department!.enum as string[];
  freeDepartments = all.filter((d) => !used.has(d));

  function fill(value: unknown, ownerValue: unknown): unknown {
    if (value === '$own') return ownerValue;
    if (value === '$advisor') return advisorOf.get(ownerValue as number);
    if (value === '$client') return clientOf.get(ownerValue as number);
    if (value === '$exchange') return exchangeOf.get(ownerValue as number);
    if (value === '$sponsorTag') return sponsorTagOf.get(ownerValue as number);
    if (value === '$sheet') return sheetOf.get(ownerValue as number);
    if (value === '$reference') return referenceOf.get(ownerValue as number);
    if (value === '$bapProject') return bapProject;
    if (value === '$groupBapProject') return bapProjectOf.get(ownerValue as number);
    // The professional an exchange record of a structure reaches: the demo professional (6) for its
    // structure (4), another professional (9) for every other one.
    if (value === '$reached') return ownerValue === 4 ? 6 : 9;
    if (typeof value === 'string' && facOf[value]) return facOf[value]!.get(ownerValue as number);
    if (value === '$year') return 2100 + (counter++ % 100);
    if (value === '$department') return freeDepartments.shift();
    if (typeof value === 'string') return value.replace('$n', `${dialect}${counter++}`);
    if (Array.isArray(value)) return value.map((v) => fill(v, ownerValue));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, ownerValue)]));
    return value;
  }

  function owned(_entity: EntityRuntime, e: EntityExpectation, role: string, own: boolean): Record<string, unknown> {
    const value = owner(e.ownership, role, own);
    const record = fill(e.sample, value) as Record<string, unknown>;
    if (e.ownership === 'groups' && !Array.isArray(record.groups)) record.groups = [value];
    return record;
  }

  async function fixture(entity: EntityRuntime, e: EntityExpectation, role: string, own: boolean): Promise<number> {
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

  return { fixture, owned, discard, reachProfessional6, fill };
}
