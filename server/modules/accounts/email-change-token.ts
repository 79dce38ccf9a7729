import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { accountSettings } from './settings';

/**
 * The link that confirms a new sign-in e-mail, made like the password links (reset-token.ts):
 * nothing is stored; the token is a timestamp and an HMAC over the account's pk, its current
 * e-mail and the new one. Once the e-mail has changed, what is signed no longer matches: the link
 * works once, and older links (to other addresses) die with it. It lives as long as a reset link.
 */
export interface EmailChange {
  pk: number;
  /** The sign-in e-mail when the change was asked. */
  current: string;
  /** The address asked for, normalised (trimmed, lower case). */
  next: string;
}

function key(app: AppContext): Buffer {
  // A key of its own, so that a password link never passes for an e-mail link, nor the reverse.
  return createHmac('sha256', Buffer.from(app.jwtSecret)).update('email-change-link/v1').digest();
}

function signature(app: AppContext, change: EmailChange, ts: number): string {
  return createHmac('sha256', key(app))
    .update(['email-change', change.pk, change.current, change.next, ts].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

export function makeEmailToken(app: AppContext, change: EmailChange, now = Date.now()): string {
  const ts = Math.floor(now / 1000);
  return `${ts.toString(36)}-${signature(app, change, ts)}`;
}

/** Whether the token was made for this change and is still valid. */
export function checkEmailToken(app: AppContext, change: EmailChange, token: string, now = Date.now()): boolean {
  const m = /^([0-9a-z]{1,13})-([0-9a-f]{32})$/.exec(token);
  if (!m) return false;
  const ts = Number.parseInt(m[1], 36);
  const age = Math.floor(now / 1000) - ts;
  if (age < 0 || age > accountSettings(app).resetTokenHours * 3600) return false;
  return timingSafeEqual(Buffer.from(m[2]), Buffer.from(signature(app, change, ts)));
}

/** The new address as the link carries it (URL-safe base64), and back; null when it is not one. */
export const emailInLink = (email: string): string => Buffer.from(email).toString('base64url');
export function emailFromLink(raw: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) return null;
  return Buffer.from(raw, 'base64url').toString('utf8');
}
