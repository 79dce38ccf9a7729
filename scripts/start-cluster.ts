import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { createClient } from 'redis';

// `npm run start:cluster`: N server processes sharing one port (node:cluster), one PostgreSQL and
// one Redis (docs/operations.md, "Several server processes"). The first process migrates and seeds
// alone; the others start once it listens. A process that dies is replaced.

const env = process.env;

function fail(fr: string, en: string): never {
  console.error(`Erreur : ${fr}\nError: ${en}`);
  process.exit(1);
}

async function checkServices(): Promise<void> {
  const databaseUrl = env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    fail(
      'plusieurs processus demandent PostgreSQL : indiquez DATABASE_URL=postgres://… (SQLite ne sert qu’un processus).',
      'several processes need PostgreSQL: set DATABASE_URL=postgres://… (SQLite serves one process only).',
    );
  if (!env.REDIS_URL)
    fail(
      'plusieurs processus partagent Redis (limites de connexion, caches) : indiquez REDIS_URL=redis://….',
      'several processes share Redis (sign-in throttle, caches): set REDIS_URL=redis://….',
    );
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    fail(`PostgreSQL ne répond pas (${String(e)}).`, `PostgreSQL does not answer (${String(e)}).`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = createClient({ url: env.REDIS_URL, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    fail(`Redis ne répond pas (${String(e)}).`, `Redis does not answer (${String(e)}).`);
  } finally {
    await redis.quit().catch(() => undefined);
  }
}

async function primary(): Promise<void> {
  await checkServices();
  const count = Math.max(1, Number(env.CLUSTER_WORKERS) || availableParallelism());
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}): starting another one`);
    fork();
  });
  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < count; i += 1) fork();
    console.log(`${count} server processes on port ${env.PORT ?? 3000}`);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each process finishes its requests and jobs (graceful shutdown), then the primary leaves.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (cluster.isPrimary) await primary();
else await import('../server/main');
