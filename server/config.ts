import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseOutboundAllow, type OutboundAllowEntry } from './security/outbound-allow';

export interface AppConfig {
  port: number;
  /** `sqlite:<path>` or `postgres://…`. */
  databaseUrl: string;
  /** Secret for signing access tokens; when absent one is generated and kept in the database. */
  jwtSecret?: string;
  version: string;
  /** Access-token lifetime in seconds: short, since the client refreshes every 30 s. */
  accessTokenSeconds: number;
  refreshTokenDays: number;
  /** Seed the demo data into an empty database. */
  seedDemo: boolean;
  clientDist: string;
  logLevel: string;
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For), as Express's
   * `trust proxy`: false (none), a hop count, or a list of addresses/subnets. Never "every hop".
   */
  trustProxy: false | number | string;
  /** `TRUST_PROXY=true` was given: read as one hop, and said at start. */
  trustProxyWasTrue: boolean;
  /** Bearer token for `/metrics`; without it only a direct scraper on the same machine reads them. */
  metricsToken?: string;
  /** How long a SIGTERM waits for requests and jobs under way before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How long an idle kept-alive connection stays open: longer than any proxy's (server/http/keep-alive.ts). */
  keepAliveTimeoutMs: number;
  /**
   * OUTBOUND_ALLOW: internal destinations (hosts, addresses, networks, optionally :port) that the
   * connections users configure may reach all the same (server/security/outbound-policy.ts).
   */
  outboundAllow: OutboundAllowEntry[];
}

export const ROOT_DIR = resolve(import.meta.dirname, '..');

export function packageVersion(): string {
  return (JSON.parse(readFileSync(resolve(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * TRUST_PROXY: a number of hops ("1" behind one reverse proxy), or addresses/subnets of the
 * proxies ("10.0.0.1, 192.168.0.0/16", or Express's names loopback, linklocal, uniquelocal).
 * "true" used to trust every hop, which lets any client choose its address: it now means one hop.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * A duration setting in milliseconds: a positive whole number, or the default when unset. Anything
 * else stops the start with the setting's name: a NaN timeout would otherwise fail each connection
 * (Node refuses it when the socket's timer is set) or end a shutdown at once.
 */
export function parseMilliseconds(name: string, raw: string | undefined, fallback: number): number {
  const value = raw?.trim() ?? '';
  if (value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new Error(`${name} : un nombre entier positif de millisecondes est attendu, pas « ${raw} »`);
  return Number(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || `sqlite:${resolve(ROOT_DIR, 'data/app.sqlite')}`,
    jwtSecret: env.JWT_SECRET || undefined,
    version: env.APP_VERSION || packageVersion(),
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 300),
    refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS ?? 7),
    // Demo accounts share a published password: never on a production database unless asked for.
    seedDemo:
      env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? env.NODE_ENV !== 'production' : env.SEED_DEMO !== 'false',
    clientDist: env.CLIENT_DIST || resolve(ROOT_DIR, 'client/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    trustProxyWasTrue: env.TRUST_PROXY?.trim().toLowerCase() === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownTimeoutMs: parseMilliseconds('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000),
    keepAliveTimeoutMs: parseMilliseconds('HTTP_KEEP_ALIVE_TIMEOUT_MS', env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 65_000),
    outboundAllow: parseOutboundAllow(env.OUTBOUND_ALLOW),
  };
}
