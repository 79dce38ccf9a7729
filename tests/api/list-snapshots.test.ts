// The paginated list keeps ordered-pk snapshots (server/operations/find.ts): these tests ask the
// same pages several times (plain read, snapshot build, snapshot read) and check every answer
// against the unpaginated list, which never uses a snapshot, before and after writes made
// through the API and through another database connection (as another server process would).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { searchTextOf } from '../../engine/search/normalise';
import pg from 'pg';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { snapshotPages } from '../../server/operations/find';
import { cachedByTables } from '../../server/db/cached-by-tables';

type Place = { pk: number; name: string; isActive: boolean };

const EXTRA_PLACES = 45;

describe.each(DIALECTS)('paginated lists with snapshots on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let pro: string;

  /** A write from outside this server's connection pool. */
  async function otherConnection(statement: string, params: unknown[]): Promise<void> {
    const url = t.app.config.databaseUrl;
    if (dialect === 'sqlite') {
      const db = new SQLite(url.slice('sqlite:'.length));
      try {
        db.prepare(statement.replace(/\$\d+/g, '?')).run(...params);
      } finally {
        db.close();
      }
      return;
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement, params);
    } finally {
      await client.end();
    }
  }

  async function page(token: string, query: string): Promise<{ records: Place[]; total: number }> {
    const res = await t.call(`/dialogwatt/place/?${query}`, { token });
    expect(res.status).toBe(200);
    return { records: res.body as Place[], total: Number(res.headers.get('x-total-count')) };
  }

  /** Every page, three times each, equals the matching slice of the unpaginated list. */
  async function expectPagesMatchWholeList(token: string, sort: string, perPage: number, extra = ''): Promise<number> {
    const whole = (await t.call(`/dialogwatt/place/?sort=${sort}${extra}`, { token })).body as Place[];
    const last = Math.ceil(whole.length / perPage) + 1;
    for (let round = 0; round < 3; round++) {
      for (let n = 1; n <= last; n++) {
        const got = await page(token, `sort=${sort}&page=${n}&perPage=${perPage}${extra}`);
        expect(got.total).toBe(whole.length);
        expect(got.records).toEqual(whole.slice((n - 1) * perPage, n * perPage));
      }
    }
    return whole.length;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.login('admin@demo.fr');
    pro = await t.login('pro@demo.fr');
    const now = new Date().toISOString();
    // Repeated names, so the pk tie-breaker matters; one in three inactive, so the
    // professional's rights filter (active places only) removes rows.
    // Written straight into the table, as another process could: the search column is filled the
    // way the generic write fills it.
    const rows = Array.from({ length: EXTRA_PLACES }, (_, i) => ({
      name: `Permanence ${['Voiron', 'Vienne', 'Crolles'][i % 3]}`,
      search_text: searchTextOf([`Permanence ${['Voiron', 'Vienne', 'Crolles'][i % 3]}`, String(38000 + (i % 7) * 10)]),
      slug: `permanence-test-${i}`,
      is_active: i % 3 === 0 ? 0 : 1,
      color: '#888888',
      groups: dialect === 'postgres' ? JSON.stringify([2]) : '[2]',
      selected_advisors: '[]',
      postcode: String(38000 + (i % 7) * 10),
      created_at: now,
      updated_at: new Date(Date.parse(now) - i * 60_000).toISOString(),
    }));
    await t.app.database.db
      .insertInto('dialogwatt_place' as never)
      .values(rows as never)
      .execute();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives the same pages as the whole list, asked again and again, for each sort and user', async () => {
    for (const sort of ['name', '-name', 'postcode', '-updatedAt', 'isActive']) {
      expect(await expectPagesMatchWholeList(admin, sort, 7)).toBe(EXTRA_PLACES + 4);
    }
    const activeOnly = await expectPagesMatchWholeList(pro, 'name', 6);
    expect(activeOnly).toBeLessThan(EXTRA_PLACES + 4);
    expect(await expectPagesMatchWholeList(admin, 'name', 4, '&q=voiron')).toBe(15);
    await expectPagesMatchWholeList(admin, 'name', 5, '&isActive=false');
  });

  it('shows a write made through the API on the very next page read', async () => {
    const before = await page(admin, 'sort=name&page=1&perPage=5');
    await page(admin, 'sort=name&page=1&perPage=5');
    expect(await page(admin, 'sort=name&page=1&perPage=5')).toEqual(before);
    const created = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: admin,
      body: { name: 'AAA Première permanence', groups: [2] },
    });
    expect(created.status).toBe(201);
    const after = await page(admin, 'sort=name&page=1&perPage=5');
    expect(after.total).toBe(before.total + 1);
    expect(after.records[0].name).toBe('AAA Première permanence');
    expect((await t.call(`/dialogwatt/place/${created.body.pk}/`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    expect(await page(admin, 'sort=name&page=1&perPage=5')).toEqual(before);
  });

  it('shows writes committed by another connection, as from another server process', async () => {
    const query = 'sort=name&page=2&perPage=6';
    await page(pro, query);
    await page(pro, query);
    const before = await page(pro, query);
    const hidden = before.records[0];
    await otherConnection('update dialogwatt_place set is_active = 0 where pk = $1', [hidden.pk]);
    const after = await page(pro, query);
    expect(after.total).toBe(before.total - 1);
    expect(after.records.map((r) => r.pk)).not.toContain(hidden.pk);
    await expectPagesMatchWholeList(pro, 'name', 6);
    await otherConnection('update dialogwatt_place set name = $1 where pk = $2', ['AAAA Renommée ailleurs', hidden.pk]);
    await otherConnection('update dialogwatt_place set is_active = 1 where pk = $1', [hidden.pk]);
    const first = await page(pro, 'sort=name&page=1&perPage=6');
    expect(first.total).toBe(before.total);
    expect(first.records[0]).toMatchObject({ pk: hidden.pk, name: 'AAAA Renommée ailleurs' });
    await otherConnection('delete from dialogwatt_place where pk = $1', [hidden.pk]);
    expect((await page(pro, 'sort=name&page=1&perPage=6')).total).toBe(before.total - 1);
    await expectPagesMatchWholeList(pro, 'name', 6);
  });

  it('keeps a snapshot through writes to other tables, not through a write to its own table', async () => {
    const db = t.app.database.db;
    const served = () => snapshotPages.get(db) ?? 0;
    const query = 'sort=-name&page=2&perPage=4';
    /** The page, and whether it came from the list's snapshot. */
    const read = async () => {
      const n = served();
      const got = await page(admin, query);
      return { got, fromSnapshot: served() === n + 1 };
    };
    // Built once the plain reads have cost as much as a build (a few reads, unchanged).
    let before = await read();
    for (let i = 0; i < 30 && !before.fromSnapshot; i++) before = await read();
    expect(before.fromSnapshot).toBe(true);
    // Another table, written by another connection (direct SQL) and by this server's own connection.
    await otherConnection('update global_message set title = title', []);
    await otherConnection('insert into account_group (name) values ($1)', ['Groupe sans rapport']);
    await db
      .updateTable('account_group' as never)
      .set({ name: 'Groupe renommé' } as never)
      .where('name' as never, '=', 'Groupe sans rapport' as never)
      .execute();
    expect(await read()).toEqual(before);
    // Its own table, by direct SQL: the next read is not served from the old snapshot and sees it.
    const renamed = before.got.records[0];
    await otherConnection('update dialogwatt_place set name = $1 where pk = $2', ['ZZZZ Renommée', renamed.pk]);
    const after = await read();
    expect(after.fromSnapshot).toBe(false);
    expect((await page(admin, 'sort=-name&page=1&perPage=4')).records[0]).toMatchObject({
      pk: renamed.pk,
      name: 'ZZZZ Renommée',
    });
    await expectPagesMatchWholeList(admin, '-name', 4);
  });

  it('keeps a value computed from tables until one of them is written, by any connection', async () => {
    const db = t.app.database.db;
    let computed = 0;
    const places = () =>
      cachedByTables(db, 'test:places', ['dialogwatt_place', 'dialogwatt_reason'], async () => {
        computed++;
        return (
          await db
            .selectFrom('dialogwatt_place' as never)
            .select('name' as never)
            .execute()
        ).length;
      });
    const first = await places();
    expect(await places()).toBe(first);
    expect(computed).toBe(1);
    // Another table: kept.
    await otherConnection('update global_message set title = title', []);
    expect(await places()).toBe(first);
    expect(computed).toBe(1);
    // One of its tables, by another connection: computed again, and the new row is in.
    await otherConnection('insert into dialogwatt_place (name) values ($1)', ['Lieu ajouté ailleurs']);
    expect(await places()).toBe(first + 1);
    expect(computed).toBe(2);
    // The other table, by this server's connection: computed again.
    await db
      .updateTable('dialogwatt_reason' as never)
      .set({ name: 'Motif' } as never)
      .execute();
    await places();
    expect(computed).toBe(3);
    // Inside a transaction: never kept nor served.
    await db.transaction().execute(async (trx) => {
      await cachedByTables(trx, 'test:places', ['dialogwatt_place'], async () => {
        computed++;
        return 0;
      });
    });
    expect(computed).toBe(4);
  });
});
