import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql, type SelectQueryBuilder } from 'kysely';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { createTestDatabase } from '../helpers/databases';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { TableMigrations } from '../../server/db/migration-types';
import { whereSearchMatches } from '../../server/operations/search-text';
import { searchWords } from '../../engine/search/normalise';

const GENERATED = resolve(import.meta.dirname, '../../server/generated/migrations');

describe.each(DIALECTS)('accent- and case-blind list search on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  async function names(token: string, q: string, path = '/dialogwatt/place/'): Promise<string[]> {
    const res = await t.call(`${path}?q=${encodeURIComponent(q)}&page=1&perPage=50`, { token });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
    return (res.body as { name: string }[]).map((r) => r.name);
  }

  it('finds « Permanence d’Échirolles » whatever the case and accents typed', async () => {
    const admin = await t.login('admin@demo.fr');
    for (const q of [
      'echirolles',
      'ÉCHIROLLES',
      'Echirolles',
      'échirolles',
      'eChIrOlLeS',
      'd’echirolles',
      "D'ÉCHIROLLES",
    ]) {
      expect(await names(admin, q), q).toEqual(["Permanence d'Échirolles"]);
    }
    // Every word must match, in any of the searched fields (name, address, postcode, city).
    expect(await names(admin, 'permanence 38130')).toEqual(["Permanence d'Échirolles"]);
    expect(await names(admin, 'ecrins')).toEqual(["Permanence d'Échirolles"]);
    expect(await names(admin, 'permanence 38000')).toEqual([]);
    // Short words (no trigram) are searched too.
    expect(await names(admin, 'éc')).toContain("Permanence d'Échirolles");
  });

  it('finds a record created and then renamed through the API by its new name only', async () => {
    const admin = await t.login('admin@demo.fr');
    const created = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: admin,
      body: { pk: null, name: 'Maison de l’Œuvre à Crolles', groups: [2] },
    });
    expect(created.status).toBe(201);
    expect(await names(admin, 'oeuvre CROLLES')).toEqual(['Maison de l’Œuvre à Crolles']);
    const renamed = await t.call(`/dialogwatt/place/${created.body.pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { name: 'Antenne du Trièves' },
    });
    expect(renamed.status).toBe(200);
    expect(await names(admin, 'TRIEVES')).toEqual(['Antenne du Trièves']);
    expect(await names(admin, 'oeuvre')).toEqual([]);
    // A change of another searched field counts as well.
    await t.call(`/dialogwatt/place/${created.body.pk}/`, { method: 'PATCH', token: admin, body: { city: 'Mens' } });
    expect(await names(admin, 'trieves mens')).toEqual(['Antenne du Trièves']);
    expect((await t.call(`/dialogwatt/place/${created.body.pk}/`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    expect(await names(admin, 'trieves')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    const admin = await t.login('admin@demo.fr');
    const made: number[] = [];
    for (const name of ['Rénovation 100% locale', 'Point_info énergie', 'Pointe info']) {
      const res = await t.call('/dialogwatt/place/', {
        method: 'POST',
        token: admin,
        body: { pk: null, name, groups: [2] },
      });
      expect(res.status).toBe(201);
      made.push(res.body.pk as number);
    }
    expect(await names(admin, '%')).toEqual(['Rénovation 100% locale']);
    expect(await names(admin, '100%')).toEqual(['Rénovation 100% locale']);
    expect(await names(admin, '0%l')).toEqual([]);
    expect(await names(admin, '_')).toEqual(['Point_info énergie']);
    expect(await names(admin, 'point_info')).toEqual(['Point_info énergie']);
    expect(await names(admin, 'nt_')).toEqual(['Point_info énergie']);
    expect(await names(admin, 'poin%')).toEqual([]);
    for (const pk of made) await t.call(`/dialogwatt/place/${pk}/`, { method: 'DELETE', token: admin });
  });

  it('searches seeded records of other entities and keeps the rights filter', async () => {
    const admin = await t.login('admin@demo.fr');
    const pro = await t.login('pro@demo.fr');
    // Users: last name, first name, e-mail; the seed filled their search text.
    const users = await t.call('/accounts/user/?q=DEMO.FR&page=1&perPage=50', { token: admin });
    expect(users.status).toBe(200);
    expect(users.body.length).toBeGreaterThan(3);
    // Catchment areas: an advisor of another structure does not get the neighbours' by searching.
    const advisor = await t.login('conseiller.voisin@demo.fr');
    const areas = await t.call(`/dialogwatt/catchment-area/?q=${encodeURIComponent('echirolles')}`, { token: advisor });
    expect(areas.status).toBe(200);
    expect(areas.body).toEqual([]);
    const own = await t.call(`/dialogwatt/catchment-area/?q=${encodeURIComponent('ÉCHIROLLES')}`, {
      token: await t.login('conseiller@demo.fr'),
    });
    expect((own.body as { name: string }[]).map((a) => a.name)).toEqual(['Sud grenoblois']);
    expect((await t.call('/dialogwatt/catchment-area/?q=x', { token: pro })).status).toBe(403);
  });

  it('fills the search text of rows that existed before the column (migration backfill)', async () => {
    // Migrate a fresh database without the search steps, write a place straight into the
    // table, then migrate with every step: the place must be found.
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    cpSync(GENERATED, dir, { recursive: true });
    for (const f of readdirSync(dir)) {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as TableMigrations;
      m.steps = m.steps
        .map((s) => ({ ...s, ops: s.ops.filter((op) => op.op !== 'createSearch') }))
        .filter((s) => s.ops.length);
      writeFileSync(join(dir, f), JSON.stringify(m));
    }
    const created = await createTestDatabase(dialect);
    const database = openDatabase(created.url);
    try {
      await migrateToLatest(database, dir);
      const now = new Date().toISOString();
      await database.db
        .insertInto('dialogwatt_place' as never)
        .values({
          name: 'Ancienne permanence de Vénissieux',
          slug: 'ancienne',
          is_active: 1,
          color: '#888888',
          groups: '[2]',
          selected_advisors: '[]',
          city: 'Vénissieux',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      await migrateToLatest(database);
      const place = t.app.registry.entities.get('place')!;
      const table = database.db.selectFrom('dialogwatt_place' as never) as unknown as SelectQueryBuilder<
        any,
        any,
        object
      >;
      const found = async (q: string) =>
        (
          (await whereSearchMatches(table, place, dialect, searchWords(q))
            .select(sql.ref('name').as('name'))
            .execute()) as { name: string }[]
        ).map((r) => r.name);
      expect(await found('VENISSIEUX ancienne')).toEqual(['Ancienne permanence de Vénissieux']);
      expect(await found('ven')).toEqual(['Ancienne permanence de Vénissieux']);
      expect(await found('lyon')).toEqual([]);
    } finally {
      await database.close();
      await created.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
