import { Router } from 'express';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { accountSettings } from '../modules/accounts/settings';
import { pingRedis } from '../modules/auth/redis-store';

const PROBE_TIMEOUT_MS = 2000;

/** Whether this process still takes new work: false once a shutdown has begun (the balancer drains it). */
export interface Readiness {
  accepting: boolean;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function databaseReachable(app: AppContext): Promise<boolean> {
  try {
    const result = await withTimeout(sql`select 1 as one`.execute(app.database.db), PROBE_TIMEOUT_MS);
    return result !== 'timeout';
  } catch {
    return false;
  }
}

/**
 * `/healthz`: the process answers (liveness: restart it if not). `/readyz`: it can serve — the
 * database answers, Redis too when one is configured, and no shutdown is under way (readiness:
 * send it traffic or not). Both are plain, unauthenticated and say nothing secret.
 */
export function healthRouter(app: AppContext, readiness: Readiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res, next) => {
    try {
      const redisUrl = accountSettings(app).redisUrl;
      const [database, redis] = await Promise.all([
        databaseReachable(app),
        redisUrl
          ? pingRedis(redisUrl, PROBE_TIMEOUT_MS, (e) => app.logger.warn({ err: e }, 'redis unreachable'))
          : Promise.resolve(null),
      ]);
      const checks = {
        database: database ? 'ok' : 'unreachable',
        redis: redis === null ? 'not configured' : redis ? 'ok' : 'unreachable',
        shutdown: readiness.accepting ? 'no' : 'in progress',
      };
      const ready = database && redis !== false && readiness.accepting;
      res
        .status(ready ? 200 : 503)
        .set('cache-control', 'no-store')
        .json({ status: ready ? 'ready' : 'not ready', checks });
    } catch (e) {
      next(e);
    }
  });
  return router;
}
