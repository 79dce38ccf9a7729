import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

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
  trustProxy: boolean;
}

export const ROOT_DIR = resolve(import.meta.dirname, '..');

export function packageVersion(): string {
  return (JSON.parse(readFileSync(resolve(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || `sqlite:${resolve(ROOT_DIR, 'data/app.sqlite')}`,
    jwtSecret: env.JWT_SECRET || undefined,
    version: env.APP_VERSION || packageVersion(),
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 300),
    refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS ?? 7),
    seedDemo: env.SEED_DEMO !== 'false',
    clientDist: env.CLIENT_DIST || resolve(ROOT_DIR, 'client/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
