import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/column-types';

const GRACE_MS = 20_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The successor of a rotated token is kept sealed with a key that only the rotated token gives
 * (the database holds hashes, never a usable token): whoever presents the old token again
 * within the grace period gets the very same successor, not a new session.
 */
function sealFor(token: string, successor: string): string {
  const key = createHash('sha256').update(`successor:${token}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function unsealWith(token: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const key = createHash('sha256').update(`successor:${token}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A new refresh token (only its hash is stored), in a new family unless one is given. */
export async function issueRefreshToken(
  app: AppContext,
  userPk: number,
  family: string = randomUUID(),
): Promise<{ token: string; family: string }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + app.config.refreshTokenDays * 86_400_000).toISOString();
  await app.database.db
    .insertInto('auth_refresh_token')
    .values({
      token_hash: hash(token),
      family,
      user_pk: userPk,
      created_at: nowIso(),
      expires_at: expires,
      revoked_at: null,
      successor_sealed: null,
    })
    .execute();
  return { token, family };
}

export type RotationResult = { ok: true; userPk: number; token: string; family: string } | { ok: false };

/**
 * Rotation: a refresh token works once. Two tabs of one browser may refresh with the same token
 * at the same moment, so within a short grace period the old token answers its successor again.
 * Presented later, it was stolen (or replayed): the whole family is revoked and both holders must
 * sign in again.
 */
export async function rotateRefreshToken(app: AppContext, token: string): Promise<RotationResult> {
  const db = app.database.db;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auth_refresh_token')
      .selectAll()
      .where('token_hash', '=', hash(token))
      .executeTakeFirst();
    if (!row) return { ok: false } as const;
    const now = nowIso();
    if (row.revoked_at) {
      // Follow the successors while each was rotated within the grace period (a third tab may
      // have refreshed meanwhile) up to the live token of the family.
      let current: { token: string; row: typeof row } = { token, row };
      for (let step = 0; step < 5; step += 1) {
        const { revoked_at: revokedAt, successor_sealed: sealed, expires_at: expiresAt } = current.row;
        if (!revokedAt || !sealed || Date.now() - Date.parse(revokedAt) >= GRACE_MS || expiresAt <= now) break;
        const successor = unsealWith(current.token, sealed);
        const next = successor
          ? await trx
              .selectFrom('auth_refresh_token')
              .selectAll()
              .where('token_hash', '=', hash(successor))
              .executeTakeFirst()
          : undefined;
        if (!successor || !next || next.family !== row.family) break;
        if (!next.revoked_at) return { ok: true, userPk: row.user_pk, token: successor, family: row.family } as const;
        current = { token: successor, row: next };
      }
      await trx
        .updateTable('auth_refresh_token')
        .set({ revoked_at: now })
        .where('family', '=', row.family)
        .where('revoked_at', 'is', null)
        .execute();
      return { ok: false } as const;
    }
    if (row.expires_at <= now) return { ok: false } as const;
    const next = randomBytes(32).toString('base64url');
    const revoked = await trx
      .updateTable('auth_refresh_token')
      .set({ revoked_at: now, successor_sealed: sealFor(token, next) })
      .where('pk', '=', row.pk)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1) return { ok: false } as const;
    const expires = new Date(Date.now() + app.config.refreshTokenDays * 86_400_000).toISOString();
    await trx
      .insertInto('auth_refresh_token')
      .values({
        token_hash: hash(next),
        family: row.family,
        user_pk: row.user_pk,
        created_at: now,
        expires_at: expires,
        revoked_at: null,
        successor_sealed: null,
      })
      .execute();
    return { ok: true, userPk: row.user_pk, token: next, family: row.family } as const;
  });
}

/** Sign-out, password change: every session of the family (or of the user) ends. */
export async function revokeFamily(app: AppContext, family: string): Promise<void> {
  await app.database.db
    .updateTable('auth_refresh_token')
    .set({ revoked_at: nowIso() })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllForUser(app: AppContext, userPk: number): Promise<void> {
  await app.database.db
    .updateTable('auth_refresh_token')
    .set({ revoked_at: nowIso() })
    .where('user_pk', '=', userPk)
    .where('revoked_at', 'is', null)
    .execute();
}
