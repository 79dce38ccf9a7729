import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/column-types';

const GRACE_MS = 20_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new refresh token (only its hash is stored), in a new family unless one is given. */
export async function issueRefreshToken(app: AppContext, userPk: number, family: string = randomUUID()): Promise<{ token: string; family: string }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + app.config.refreshTokenDays * 86_400_000).toISOString();
  await app.database.db.insertInto('auth_refresh_token').values({ token_hash: hash(token), family, user_pk: userPk, created_at: nowIso(), expires_at: expires, revoked_at: null }).execute();
  return { token, family };
}

export type RotationResult = { ok: true; userPk: number; token: string; family: string } | { ok: false };

/**
 * Rotation: a refresh token works once. Presenting an already used one means it was stolen
 * (or replayed), so the whole family is revoked and both holders must sign in again.
 */
export async function rotateRefreshToken(app: AppContext, token: string): Promise<RotationResult> {
  const db = app.database.db;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('auth_refresh_token').selectAll().where('token_hash', '=', hash(token)).executeTakeFirst();
    if (!row) return { ok: false } as const;
    const now = nowIso();
    if (row.revoked_at) {
      // Two tabs of one browser may refresh with the same token at the same moment: within a
      // short grace period after a normal rotation (the family still has a live token), the
      // late one gets a token too instead of ending the session.
      const live = await trx.selectFrom('auth_refresh_token').select('pk').where('family', '=', row.family).where('revoked_at', 'is', null).executeTakeFirst();
      if (live && Date.now() - Date.parse(row.revoked_at) < GRACE_MS && row.expires_at > now) {
        const fresh = randomBytes(32).toString('base64url');
        await trx.insertInto('auth_refresh_token').values({ token_hash: hash(fresh), family: row.family, user_pk: row.user_pk, created_at: now, expires_at: row.expires_at, revoked_at: null }).execute();
        return { ok: true, userPk: row.user_pk, token: fresh, family: row.family } as const;
      }
      await trx.updateTable('auth_refresh_token').set({ revoked_at: now }).where('family', '=', row.family).where('revoked_at', 'is', null).execute();
      return { ok: false } as const;
    }
    if (row.expires_at <= now) return { ok: false } as const;
    const revoked = await trx.updateTable('auth_refresh_token').set({ revoked_at: now }).where('pk', '=', row.pk).where('revoked_at', 'is', null).executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1) return { ok: false } as const;
    const next = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + app.config.refreshTokenDays * 86_400_000).toISOString();
    await trx.insertInto('auth_refresh_token').values({ token_hash: hash(next), family: row.family, user_pk: row.user_pk, created_at: now, expires_at: expires, revoked_at: null }).execute();
    return { ok: true, userPk: row.user_pk, token: next, family: row.family } as const;
  });
}

/** Sign-out, password change: every session of the family (or of the user) ends. */
export async function revokeFamily(app: AppContext, family: string): Promise<void> {
  await app.database.db.updateTable('auth_refresh_token').set({ revoked_at: nowIso() }).where('family', '=', family).where('revoked_at', 'is', null).execute();
}

export async function revokeAllForUser(app: AppContext, userPk: number): Promise<void> {
  await app.database.db.updateTable('auth_refresh_token').set({ revoked_at: nowIso() }).where('user_pk', '=', userPk).where('revoked_at', 'is', null).execute();
}
