import type { Kysely } from 'kysely';

// A rotated refresh token keeps its successor, sealed with a key only the rotated token itself
// gives: a replay inside the grace period gets that same successor instead of a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_refresh_token').addColumn('successor_sealed', 'text').execute();
}
