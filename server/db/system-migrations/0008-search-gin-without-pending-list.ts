import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

// The GIN indexes created before `fastupdate = off` was given to every one of them (server/db/
// search-index.ts, SEARCH_GIN_OPTIONS): switched off, and their pending lists merged into the tree
// now, so that the next searches stop reading them. Indexes created later carry the option already.
// SQLite has no GIN indexes.
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`select c.relname as name
      from pg_index x join pg_class c on c.oid = x.indexrelid join pg_am a on a.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
     where a.amname = 'gin' and n.nspname = current_schema()
       and not coalesce('fastupdate=off' = any (c.reloptions), false)
     order by c.relname`.execute(db);
  for (const { name } of rows) {
    await sql`alter index ${sql.id(name)} set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list(${name}::regclass)`.execute(db);
  }
}
