import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context';

/**
 * Prometheus metrics of one process (each process is scraped on its own, as usual with several
 * replicas). Routes are labelled by their declared pattern, never by the raw address, so that the
 * number of series stays bounded.
 */
export interface AppMetrics {
  registry: Registry;
  middleware(): (req: Request, res: Response, next: NextFunction) => void;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The route pattern for metrics, set by routers that do not go through Express's own routes. */
      metricsRoute?: string;
    }
  }
}

function routeLabel(req: Request, res: Response): string {
  if (res.locals.metricsRoute) return res.locals.metricsRoute;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  if (path instanceof RegExp) return req.originalUrl.startsWith('/api') ? 'unmatched' : 'client-shell';
  if (req.originalUrl.startsWith('/assets/')) return 'assets';
  return 'unmatched';
}

export function createMetrics(app: AppContext): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being served',
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; SQLite has one connection per process)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Scheduled jobs by status and kind',
    labelNames: ['status', 'kind'] as const,
    registers: [registry],
    async collect() {
      const rows = await app.database.db
        .selectFrom('scheduled_job')
        .select(['status', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ['pending', 'running', 'failed'])
        .groupBy(['status', 'kind'])
        .execute();
      this.reset();
      for (const r of rows) this.set({ status: r.status, kind: r.kind }, Number(r.n));
    },
  });
  new Gauge({
    name: 'job_queue_oldest_due_seconds',
    help: 'How long the oldest due pending job has waited (0 when none)',
    registers: [registry],
    async collect() {
      const now = new Date();
      const row = await app.database.db
        .selectFrom('scheduled_job')
        .select((eb) => eb.fn.min('run_at').as('oldest'))
        .where('status', '=', 'pending')
        .where('run_at', '<=', now.toISOString())
        .executeTakeFirst();
      const oldest = row?.oldest ? new Date(String(row.oldest)).getTime() : NaN;
      this.set(Number.isFinite(oldest) ? Math.max(0, (now.getTime() - oldest) / 1000) : 0);
    },
  });
  return {
    registry,
    middleware: () => (req, res, next) => {
      const end = duration.startTimer();
      inFlight.inc();
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        inFlight.dec();
        const route = routeLabel(req, res);
        end({ method: req.method, route, status: String(res.statusCode) });
        if (res.statusCode >= 500) errors.inc({ route });
      };
      res.once('finish', finish);
      res.once('close', finish);
      next();
    },
  };
}
