import { resolve } from 'node:path';
import { ROOT_DIR } from '../../config';
import type { AppContext } from '../../context';

/** What the accounts, mail and sign-in throttling read from the environment. */
export interface AccountSettings {
  /** `smtp://user:pass@host:port` (or smtps://); absent → every mail goes to the outbox only. */
  smtpUrl: string | null;
  /** Sender address, e.g. `"Rénovation" <noreply@exemple.fr>`. */
  mailFrom: string;
  /** Protocol of the links in account e-mails; `null` = http for *.localhost, https elsewhere. */
  linkProtocol: 'http' | 'https' | null;
  /** Sign-in attempts per IP address in one window. */
  loginPerIp: number;
  /** Failed sign-ins per e-mail address in one window. */
  loginFailuresPerEmail: number;
  /** Password-reset and self-registration requests per IP address in one window. */
  accountRequestsPerIp: number;
  rateWindowMs: number;
  /** Shared counters for several server processes; in-memory counters when absent. */
  redisUrl: string | null;
  /** Uploaded pictures, served read-only at /media/. */
  mediaDir: string;
  maxPictureBytes: number;
  resetTokenHours: number;
  initialisationTokenDays: number;
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function loadAccountSettings(env: NodeJS.ProcessEnv = process.env): AccountSettings {
  const protocol = env.MAIL_LINK_PROTOCOL;
  return {
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || '"Rénovation" <noreply@localhost>',
    linkProtocol: protocol === 'http' || protocol === 'https' ? protocol : null,
    loginPerIp: int(env.LOGIN_RATE_LIMIT, 20),
    loginFailuresPerEmail: int(env.LOGIN_FAILURES_PER_EMAIL, 5),
    accountRequestsPerIp: int(env.ACCOUNT_REQUEST_RATE_LIMIT, 10),
    rateWindowMs: int(env.LOGIN_RATE_WINDOW_SECONDS, 15 * 60) * 1000,
    redisUrl: env.REDIS_URL || null,
    mediaDir: resolve(ROOT_DIR, env.MEDIA_DIR || 'data/media'),
    maxPictureBytes: int(env.PROFILE_PICTURE_MAX_BYTES, 2 * 1024 * 1024),
    resetTokenHours: int(env.PASSWORD_RESET_HOURS, 24),
    initialisationTokenDays: int(env.ACCOUNT_INITIALISATION_DAYS, 7),
  };
}

// The server configuration (server/config.ts) belongs to the platform; these settings are read
// from the same environment at start. Tests give each server its own values.
const byApp = new WeakMap<AppContext, AccountSettings>();

export function useAccountSettings(app: AppContext, settings: AccountSettings): void {
  byApp.set(app, settings);
}

export function accountSettings(app: AppContext): AccountSettings {
  let s = byApp.get(app);
  if (!s) {
    s = loadAccountSettings();
    byApp.set(app, s);
  }
  return s;
}
