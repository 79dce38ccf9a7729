import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { up } from '../../server/db/system-migrations/0008-search-gin-without-pending-list';

// server/db/search-index.ts (SEARCH_GIN_OPTIONS): on PostgreSQL no GIN index keeps a pending list
// that every search would read; databases made before are switched by system migration 0008.

async function ginIndexes(db: Kysely<any>): Promise<{ name: string; options: string[] | null }[]> {
  const { rows } = await sql<{ name: string; options: string[] | null }>`select c.relname as name,
      c.reloptions as options
      from pg_index x join pg_class c on c.oid = x.indexrelid join pg_am a on a.oid = c.relam
     where a.amname = 'gin' and c.relnamespace = current_schema()::regnamespace order by 1`.execute(db);
  return rows;
}

async function pendingTuples(db: Kysely<any>, index: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select pending_tuples as n from pgstatginindex(${index}::regclass)`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

describe.runIf(DIALECTS.includes('postgres'))('GIN search indexes without a pending list (PostgreSQL)', () => {
  let t: TestApp;
  appOn('postgres', (app) => {
    t = app;
  });

  it('creates every GIN index of a new database with fastupdate off', async () => {
    const indexes = await ginIndexes(t.app.database.db);
    const names = indexes.map((i) => i.name);
    expect(names).toContain('fac_contact_search_text_trgm');
    expect(names).toContain('fac_contact_search_text_scoped_trgm');
    expect(indexes.filter((i) => !(i.options ?? []).includes('fastupdate=off'))).toEqual([]);
  });

  it('switches an older index off and merges its pending entries, then searches find the same contacts', async () => {
    const db = t.app.database.db;
    await sql`create extension if not exists pgstattuple`.execute(db);
    const index = 'fac_contact_search_text_scoped_trgm';
    const admin = await t.login('admin@demo.fr');
    const before = await t.call('/fac/contact/?q=martin&perPage=50', { token: admin });
    expect(before.status).toBe(200);
    expect(before.body.length).toBeGreaterThan(0);
    // As an index made before the option: new entries wait in its pending list.
    await sql`alter index ${sql.id(index)} set (fastupdate = on)`.execute(db);
    await sql`update fac_contact set search_text = search_text || ' zzpending'`.execute(db);
    expect(await pendingTuples(db, index)).toBeGreaterThan(0);

    await db.transaction().execute((trx) => up(trx as unknown as Kysely<unknown>, 'postgres'));

    const after = (await ginIndexes(db)).find((i) => i.name === index);
    expect(after?.options).toContain('fastupdate=off');
    expect(await pendingTuples(db, index)).toBe(0);
    const search = await t.call('/fac/contact/?q=martin zzpending&perPage=50', { token: admin });
    expect(search.status).toBe(200);
    expect(search.body.map((c: { pk: number }) => c.pk).sort()).toEqual(
      before.body.map((c: { pk: number }) => c.pk).sort(),
    );
  });
});
