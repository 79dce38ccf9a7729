import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';
import { up } from './system-migrations/0003-phone-search-keys';

describe("system migration 0003: users' phone search keys recomputed", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('rewrites the keys the old helper got wrong and leaves the right ones', async () => {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database);
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const users = [
      { email: 'a@demo.fr', phone: '+33 (0)4 76 00 00 00', phone_cache: '00476000000' },
      { email: 'b@demo.fr', phone: '+262 262 12 34 56', phone_cache: '262262123456' },
      { email: 'c@demo.fr', phone: '06 12 34 56 78', phone_cache: '0612345678' },
      { email: 'd@demo.fr', phone: null, phone_cache: null },
    ];
    for (const u of users) await db.insertInto('account_user').values(u).execute();
    await up(database.db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('account_user').select(['email', 'phone_cache']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'a@demo.fr', phone_cache: '0476000000' },
      { email: 'b@demo.fr', phone_cache: '+262262123456' },
      { email: 'c@demo.fr', phone_cache: '0612345678' },
      { email: 'd@demo.fr', phone_cache: null },
    ]);
  });
});
