// Child process of bench/list-endpoint.ts: fills a database and serves it with the real server
// (createContext + createApp) and with the hand-written route. Both listen in this one
// process, so they are measured under the same conditions, while the load generator runs in the
// parent process (on the other core).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { createApp, createContext } from '../../server/app';
import { seedDemo, seedWhiteLabels } from '../../server/seed/seed-demo';
import { seedReferenceData } from '../../server/seed/seed-reference';
import { fillPostgres, fillSqlite } from './places';
import { handWrittenApp, postgresSource, sqliteSource } from './hand-written';
import { breakdown } from './breakdown';

export interface ServerReady {
  type: 'ready';
  generic: number;
  handWritten: number;
  fillSeconds: number;
}

const JWT_SECRET = 'bench-secret-not-for-production';

function listen(app: Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Experiment only (--statement-cache): Kysely's SQLite driver prepares every query again;
 * this reuses prepared statements by SQL text, to measure what a cache in server/db/database.ts
 * would give. The shipped server does not do this.
 */
function patchStatementCache(): void {
  const prepare = SQLite.prototype.prepare;
  const caches = new WeakMap<object, Map<string, SQLite.Statement>>();
  SQLite.prototype.prepare = function cachedPrepare(this: SQLite.Database, source: string) {
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    let statement = cache.get(source);
    if (!statement) cache.set(source, (statement = prepare.call(this, source)));
    return statement;
  } as typeof prepare;
}

async function main(): Promise<void> {
  if (process.env.BENCH_STATEMENT_CACHE === '1') patchStatementCache();
  const databaseUrl = process.env.BENCH_DATABASE_URL!;
  const rows = Number(process.env.BENCH_ROWS);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '/nonexistent',
    ACCESS_TOKEN_SECONDS: '7200',
  });
  const app = await createContext(config);
  await seedWhiteLabels(app);
  // The demo's fixtures point at reference rows (a professional's job), as on a server's first start.
  await seedReferenceData(app);
  await seedDemo(app);
  const started = performance.now();
  const sqliteFile = app.database.dialect === 'sqlite' ? databaseUrl.slice('sqlite:'.length) : undefined;
  if (sqliteFile) fillSqlite(sqliteFile, rows);
  else await fillPostgres(databaseUrl, rows);
  const fillSeconds = (performance.now() - started) / 1000;
  const generic = await listen(createApp(app));
  const hand = handWrittenApp(databaseUrl, JWT_SECRET);
  const handServer = await listen(hand.app);
  const ready: ServerReady = {
    type: 'ready',
    generic: (generic.address() as AddressInfo).port,
    handWritten: (handServer.address() as AddressInfo).port,
    fillSeconds,
  };
  // --background-writes=N: N inserts per second into login_log (what sign-ins write), through
  // the server's own connection: an unrelated table, but every write is a new change marker.
  const writesPerSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 0);
  if (writesPerSecond > 0) {
    setInterval(() => {
      void app.database.db
        .insertInto('login_log')
        .values({ user_pk: 1, white_label: null, ip: '127.0.0.1', created_at: new Date().toISOString() })
        .execute();
    }, 1000 / writesPerSecond).unref();
  }
  process.send!(ready);
  process.on('message', async (m: { type: string; token?: string }) => {
    if (m.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ type: 'cpu', micros: user + system });
      return;
    }
    if (m.type === 'breakdown') {
      const source = sqliteFile ? sqliteSource(sqliteFile) : postgresSource(databaseUrl);
      const lines = await breakdown(app, source, m.token!, JWT_SECRET);
      await source.close();
      process.send!({ type: 'breakdown', lines });
      return;
    }
    if (m.type !== 'stop') return;
    generic.closeAllConnections();
    handServer.closeAllConnections();
    await new Promise((r) => generic.close(r));
    await new Promise((r) => handServer.close(r));
    await hand.close();
    await app.database.close();
    process.exit(0);
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
