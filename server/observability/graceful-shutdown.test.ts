import { describe, expect, it } from 'vitest';
import express from 'express';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gracefulShutdown } from './graceful-shutdown';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function slowServer(): Promise<{ server: Server; port: number; release(): void; entered: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const enteredP = new Promise<void>((r) => (entered = r));
  const app = express();
  app.get('/slow', async (_req, res) => {
    entered();
    await gate;
    res.send('fini');
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, release, entered: enteredP }),
    );
  });
}

describe('graceful shutdown', () => {
  it('answers the request under way, refuses new connections, waits for jobs, then exits 0', async () => {
    const { server, port, release, entered } = await slowServer();
    const events: string[] = [];
    const readiness = { accepting: true };
    let jobDone!: () => void;
    const jobUnderWay = new Promise<void>((r) => (jobDone = r));
    const exited = new Promise<number>((resolveExit) => {
      const stop = gracefulShutdown({
        server,
        readiness,
        logger: { info: () => undefined, error: () => undefined } as never,
        stopJobs: async () => {
          await jobUnderWay;
          events.push('jobs stopped');
        },
        closeDatabase: async () => {
          events.push('database closed');
        },
        timeoutMs: 10_000,
        exit: (code) => {
          events.push(`exit ${code}`);
          resolveExit(code);
        },
      });
      const inFlight = get(port, '/slow');
      void entered.then(async () => {
        void stop('SIGTERM');
        expect(readiness.accepting).toBe(false);
        // The listening socket is closed at once: a new connection is refused.
        await expect(get(port, '/slow')).rejects.toThrow(/ECONNREFUSED/);
        release();
        expect(await inFlight).toEqual({ status: 200, body: 'fini' });
        events.push('request answered');
        jobDone();
      });
    });
    expect(await exited).toBe(0);
    expect(events).toEqual(['request answered', 'jobs stopped', 'database closed', 'exit 0']);
  });

  it('exits 1 when the work under way outlasts the timeout', async () => {
    const { server, port, entered, release } = await slowServer();
    const inFlight = get(port, '/slow').catch((e: Error) => e.message);
    await entered;
    const code = await new Promise<number>((resolveExit) => {
      void gracefulShutdown({
        server,
        readiness: { accepting: true },
        logger: { info: () => undefined, error: () => undefined } as never,
        stopJobs: async () => undefined,
        closeDatabase: async () => undefined,
        timeoutMs: 200,
        exit: resolveExit,
      })('SIGTERM');
    });
    expect(code).toBe(1);
    release();
    // The connection was cut: the caller sees an error, not a half answer taken for a whole one.
    expect(await inFlight).toMatch(/socket hang up|ECONNRESET/);
  });
});
