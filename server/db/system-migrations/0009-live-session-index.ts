import { sql, type Kysely } from 'kysely';

// Every signed-in request asks whether its session (the refresh-token family its access token was
// minted for) still has a live token (server/modules/auth/load-user.ts): a family gains a revoked row
// at every rotation (every 30 s of an open tab), so the plain family index would read them all. This
// partial index holds the live rows only — at most one per family — on SQLite and PostgreSQL alike.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('auth_refresh_token_live_family_idx')
    .ifNotExists()
    .on('auth_refresh_token')
    .column('family')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}
