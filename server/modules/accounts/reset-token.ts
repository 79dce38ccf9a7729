import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { accountSettings } from './settings';

/**
 * Password links, the Django way: no token is stored. The token is a timestamp and an HMAC over
 * the user's pk, e-mail, current password hash and last sign-in. Setting a password or signing
 * in changes what is signed, so a link works once, and a newer password makes older links
 * useless; the timestamp bounds its life.
 */
export type TokenPurpose = 'reset' | 'initialisation';

export interface TokenUser {
  pk: number;
  email: string | null;
  password_hash: string | null;
  last_login: string | null;
}

function key(app: AppContext): Buffer {
  // A key of its own, derived from the server secret, so a token of one kind never passes for another.
  return createHmac('sha256', Buffer.from(app.jwtSecret)).update('password-link/v1').digest();
}

function signature(app: AppContext, user: TokenUser, purpose: TokenPurpose, ts: number): string {
  return createHmac('sha256', key(app))
    .update([purpose, user.pk, user.email ?? '', user.password_hash ?? '', user.last_login ?? '', ts].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

export function uidb64(pk: number): string {
  return Buffer.from(String(pk)).toString('base64url');
}

/** The pk in a uidb64, or null when it is not one. */
export function pkFromUidb64(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : null;
}

export function makeToken(app: AppContext, user: TokenUser, purpose: TokenPurpose, now = Date.now()): string {
  const ts = Math.floor(now / 1000);
  return `${ts.toString(36)}-${signature(app, user, purpose, ts)}`;
}

function lifetimeSeconds(app: AppContext, purpose: TokenPurpose): number {
  const s = accountSettings(app);
  return purpose === 'reset' ? s.resetTokenHours * 3600 : s.initialisationTokenDays * 86_400;
}

/** The purpose the token was made for, when it is valid for this user now; else null. */
export function checkToken(app: AppContext, user: TokenUser, token: string, now = Date.now()): TokenPurpose | null {
  const m = /^([0-9a-z]{1,13})-([0-9a-f]{32})$/.exec(token);
  if (!m) return null;
  const ts = Number.parseInt(m[1], 36);
  const age = Math.floor(now / 1000) - ts;
  const given = Buffer.from(m[2]);
  for (const purpose of ['reset', 'initialisation'] as const) {
    if (age < 0 || age > lifetimeSeconds(app, purpose)) continue;
    if (timingSafeEqual(given, Buffer.from(signature(app, user, purpose, ts)))) return purpose;
  }
  return null;
}
