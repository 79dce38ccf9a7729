import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Readiness } from './health';

export interface ShutdownParts {
  server: Server;
  readiness: Readiness;
  logger: Pick<Logger, 'info' | 'error'>;
  /** Stops the job runner, waiting for the job under way. */
  stopJobs(): Promise<void>;
  closeDatabase(): Promise<void>;
  timeoutMs: number;
  exit(code: number): void;
}

/**
 * What SIGTERM does (an orchestrator replacing this process, `docker stop`): `/readyz` answers 503 at
 * once so the balancer stops sending traffic; no new connection is accepted; requests under way are
 * answered (kept-alive idle connections are closed so they cannot bring new ones); the job under way
 * finishes; then the database is closed and the process exits 0. Past `timeoutMs` it exits 1 anyway.
 * A second signal while this runs changes nothing.
 */
export function gracefulShutdown(parts: ShutdownParts): (signal: string) => Promise<void> {
  let running: Promise<void> | undefined;
  return (signal) => {
    running ??= (async () => {
      const started = Date.now();
      parts.readiness.accepting = false;
      parts.logger.info({ signal }, 'shutting down: finishing requests and jobs under way');
      const deadline = setTimeout(() => {
        parts.logger.error({ timeoutMs: parts.timeoutMs }, 'shutdown took too long: exiting with work under way');
        parts.server.closeAllConnections();
        parts.exit(1);
      }, parts.timeoutMs);
      deadline.unref();
      const requestsDone = new Promise<void>((resolve) => parts.server.close(() => resolve()));
      // A connection kept alive after its last answer would otherwise hold close() open.
      const sweep = setInterval(() => parts.server.closeIdleConnections(), 100);
      parts.server.closeIdleConnections();
      try {
        await Promise.all([requestsDone.finally(() => clearInterval(sweep)), parts.stopJobs()]);
        await parts.closeDatabase();
        clearTimeout(deadline);
        parts.logger.info({ ms: Date.now() - started }, 'shut down cleanly');
        parts.exit(0);
      } catch (e) {
        clearTimeout(deadline);
        parts.logger.error({ err: e }, 'shutdown failed');
        parts.exit(1);
      }
    })();
    return running;
  };
}
