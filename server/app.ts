import express, { type Express } from 'express';
import helmet from 'helmet';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { message } from './context';
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { loadDeclarations } from './schema/load-declarations';
import { buildRegistry } from '../engine/schema/registry';
import { contextMiddleware } from './http/middleware';
import { errorHandler } from './http/error-handler';
import { genericCrudRouter } from './http/generic-crud';
import { authRouter } from './modules/auth/auth-routes';
import { whiteLabelRouter } from './modules/white-labels/white-label-routes';
import { metaRouter } from './modules/meta/meta-routes';
import { extraRouters } from './modules/registry';
import { csrfGuard } from './modules/auth/csrf-guard';
import { mediaRouter } from './modules/accounts/media';
import { namedHooks } from './hooks';
import { registerHooks } from './hooks/registry';
import { clientAssets } from './client-shell/assets';
import { clientShell } from './client-shell/shell-html';
import { requestIdLogFields, requestIdMiddleware } from './observability/request-id';
import { observability } from './observability';
import { healthRouter } from './observability/health';
import { metricsEndpoint } from './observability/metrics-endpoint';

async function jwtSecret(config: AppConfig, database: Database): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  // Shared by every process on the same database; created once, on first start.
  const db = database.db;
  const existing = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirst();
  if (existing) return new TextEncoder().encode(existing.value);
  await db
    .insertInto('app_setting')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

/** Opens the database, migrates it and builds the context every request shares. */
export async function createContext(config: AppConfig): Promise<AppContext> {
  const logger = pino({ level: config.logLevel, mixin: requestIdLogFields });
  registerHooks(namedHooks);
  const database = openDatabase(config.databaseUrl);
  const applied = await migrateToLatest(database);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const declarations = loadDeclarations();
  const registry = buildRegistry(declarations);
  return {
    config,
    database,
    registry,
    catalogue: declarations.messages,
    logger,
    jwtSecret: await jwtSecret(config, database),
  };
}

export function createApp(app: AppContext): Express {
  const server = express();
  server.disable('x-powered-by');
  const { metrics, readiness } = observability(app);
  server.use(requestIdMiddleware());
  server.use(metrics.middleware());
  // Probes and metrics before helmet and the white-label lookup: they must answer even when the
  // database is slow, and a balancer's probe has no white label.
  server.use(healthRouter(app, readiness));
  server.get('/metrics', metricsEndpoint(metrics, app.config.metricsToken));
  if (app.config.trustProxy !== false) server.set('trust proxy', app.config.trustProxy);
  if (app.config.trustProxyWasTrue)
    app.logger.warn('TRUST_PROXY=true is read as one proxy hop; give the number of hops or the proxy addresses');
  server.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'frame-src': ["'self'", 'https:'],
          'connect-src': ["'self'"],
          'script-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  server.use((_req, res, next) => {
    res.set('x-server-version', app.config.version);
    next();
  });
  server.use('/api', express.json({ limit: '25mb' }));
  server.use('/api', csrfGuard(app));
  server.use('/api', contextMiddleware(app));
  // Hand-written routes first (they may also wrap an entity's routes, e.g. the energies), then every
  // entity route behind one map lookup.
  for (const router of [authRouter(app), whiteLabelRouter(app), metaRouter(app), ...extraRouters(app)])
    server.use(router);
  server.use(genericCrudRouter());
  const openapi = resolve(import.meta.dirname, 'generated/openapi.json');
  server.get(['/api/docs', '/api/docs/', '/api/docs.json'], (_req, res) => {
    res.type('application/json').send(readFileSync(openapi, 'utf8'));
  });
  server.use('/api', (_req, res) => {
    res.status(404).json({ error: 'not_found', message: message(app, 'errors.404') });
  });
  server.use(mediaRouter(app));
  const dist = app.config.clientDist;
  if (existsSync(join(dist, 'index.html'))) {
    server.use(clientAssets(dist));
    // A missing build file (an old chunk) is a 404; every other path is a history-mode route and
    // gets the application shell (a route may end with ".fr": /mon-compte/connexion/x@y.fr).
    server.get(/^\/assets\//, (_req, res) => {
      res.status(404).type('text').send('Not found');
    });
    server.get(/.*/, ...clientShell(app, dist));
  }
  server.use(errorHandler(app));
  return server;
}
