import type { Server } from 'node:http';
import { httpRequest } from './http-request';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config';
import { keepConnectionsAlive } from '../../server/http/keep-alive';
import { createApp, createContext } from '../../server/app';
import type { AppContext } from '../../server/context';
import { seedDemo, seedWhiteLabels } from '../../server/seed/seed-demo';
import { idle } from '../../server/mail/mail-queue';
import { seedReferenceData } from '../../server/seed/seed-reference';
import { createTestDatabase, type TestDatabase } from './databases';
import { cloneTestDatabase, templateFor, type TemplateKind } from './db-templates';
import { invalidateWhiteLabels } from '../../server/modules/white-labels/resolve-white-label';
import { loadAccountSettings, useAccountSettings } from '../../server/modules/accounts/settings';
import { useFileStorage } from '../../server/storage';
import { loadFileSettings } from '../../server/storage/storage-settings';
import { idle as mailIdle } from '../../server/mail/mail-queue';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DEMO_PASSWORD = 'renovation-demo';

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  /** The domain the request is made on (sent as the Host header, as a browser on that domain does). */
  domain?: string;
  /** `?domain=`: the white label a public read asks for when the Host cannot say it (embeds, development). */
  queryDomain?: string;
  headers?: Record<string, string>;
  rawBody?: string;
}

export interface TestApp {
  url: string;
  app: AppContext;
  dialect: 'sqlite' | 'postgres';
  call(path: string, options?: CallOptions): Promise<{ status: number; body: any; headers: Headers }>;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

type StartOptions = {
  seed?: boolean;
  env?: Record<string, string>;
  withClient?: boolean;
  /** Serve this database as it is (no copy, no seeding), e.g. one a test restored; dropped at close. */
  database?: TestDatabase;
};

/** The app on the database at `databaseUrl`, configured as every test server is (no server yet). */
async function testContext(databaseUrl: string, options: StartOptions, clientDist: string): Promise<AppContext> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-for-the-test-suite-only',
    CLIENT_DIST: clientDist,
    // The suites' SMTP servers (smtp-capture.ts) listen on 127.0.0.1, an address the outbound policy
    // refuses unless the operator allows it (docs/operations.md); a suite testing the policy sets its own.
    OUTBOUND_ALLOW: '127.0.0.1',
    ...options.env,
  });
  const app = await createContext(config);
  // Sign-in throttling stays out of the way of suites that sign in often (a test lowers it on
  // purpose); no SMTP unless a test starts one; pictures in a folder of the test's own.
  const mediaDir = mkdtempSync(join(tmpdir(), 'media-'));
  useAccountSettings(
    app,
    loadAccountSettings({
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_FAILURES_PER_EMAIL: '100000',
      ACCOUNT_REQUEST_RATE_LIMIT: '100000',
      MEDIA_DIR: mediaDir,
      ...options.env,
    }),
  );
  // Uploaded files (format: file) in the same folder of the test's own.
  useFileStorage(app, loadFileSettings({ MEDIA_DIR: mediaDir, ...options.env }));
  return app;
}

/** What startTestApp seeds into a fresh database: white labels, reference data, and the demo unless `seed: false`. */
async function seedTestData(app: AppContext, seed: boolean): Promise<void> {
  await seedWhiteLabels(app);
  await seedReferenceData(app);
  if (seed) await seedDemo(app);
}

/**
 * Fills the empty database at `databaseUrl` as startTestApp would (global-setup.ts makes the run's
 * templates with it), then closes it. Seeding reads no configuration, so one copy serves every suite.
 */
export async function seedTemplate(databaseUrl: string, kind: TemplateKind): Promise<void> {
  const app = await testContext(databaseUrl, {}, '/nonexistent');
  try {
    await seedTestData(app, kind === 'demo');
    await idle(app);
  } finally {
    await app.database.close();
  }
}

/**
 * The real server on a fresh database (demo data seeded), listening on a free port. Within a test
 * run the database is a copy of the run's template (db-templates.ts) when there is one.
 */
export async function startTestApp(dialect: 'sqlite' | 'postgres', options: StartOptions = {}): Promise<TestApp> {
  const template = options.database ? undefined : templateFor(dialect, options.seed === false ? 'base' : 'demo');
  const database: TestDatabase =
    options.database ?? (template ? await cloneTestDatabase(dialect, template) : await createTestDatabase(dialect));
  // TEST_CLIENT_DIST lets parallel work build the client into its own folder.
  const clientDist = options.withClient
    ? (process.env.TEST_CLIENT_DIST ?? resolve(import.meta.dirname, '../../client/dist'))
    : '/nonexistent';
  if (options.withClient && !existsSync(resolve(clientDist, 'index.html')))
    throw new Error('client/dist is missing: build the client first (npm test does it)');
  const app = await testContext(database.url, options, clientDist);
  if (template || options.database) {
    // What seeding does besides writing rows: this process's white-label cache forgets the last app's.
    invalidateWhiteLabels();
  } else await seedTestData(app, options.seed !== false);
  const server: Server = await new Promise((resolve) => {
    const s = createApp(app).listen(0, () => resolve(s));
  });
  // As server/main.ts: the test client drops an idle connection after 5 s, as Node's server did by
  // default; when both timers ran out together (a loaded machine) a request could go out on a
  // connection the server was closing (ECONNRESET). The server waits longer, so the client closes first.
  keepConnectionsAlive(server, app.config.keepAliveTimeoutMs);
  // "localhost" is the demo white label's domain, so the browser and the API see its settings.
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const call: TestApp['call'] = async (path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.Authorization = `JWT ${o.token}`;
    let body: string | undefined = o.rawBody;
    if (o.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const target = new URL(path.startsWith('/api') ? path : `/api/v1${path}`, url);
    if (o.queryDomain) target.searchParams.set('domain', o.queryDomain);
    // fetch() may not set Host: node:http does, so a test can speak from any white label's domain.
    if (o.domain) headers.Host = `${o.domain}:${target.port}`;
    const res = await httpRequest(target, { method: o.method ?? 'GET', headers, body });
    let parsed: unknown = res.text;
    try {
      parsed = res.text ? JSON.parse(res.text) : null;
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const tokens = new Map<string, string>();
  return {
    url,
    app,
    dialect,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const key = `${email}:${password}`;
      const cached = tokens.get(key);
      if (cached) return cached;
      const res = await call('/auth/obtain_token/', { method: 'POST', body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      tokens.set(key, res.body.token);
      return res.body.token as string;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await idle(app); // mails queued after an answer still use the database
      await mailIdle(app);
      await app.database.close();
      await database.drop();
    },
  };
}
