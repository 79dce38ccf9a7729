import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { httpRequest } from './http-request';

const ROOT = resolve(import.meta.dirname, '../..');

/** A server as production runs it: `server/main.ts` in a child process of its own. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote on stdout and stderr (shown when a test fails). */
  output(): string;
  /** SIGTERM (graceful shutdown), or SIGKILL, then waits for the exit. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function ready(url: string): Promise<boolean> {
  try {
    return (await httpRequest(new URL('/readyz', url), { method: 'GET', headers: {} })).status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts `server/main.ts` on `databaseUrl` in a child process (migrate, seed an empty database,
 * serve) and waits until `/readyz` answers. `env` adds to the test defaults (REDIS_URL, SMTP…).
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  timeoutMs = 180_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'test-secret-for-the-test-suite-only',
      CLIENT_DIST: '/nonexistent',
      MEDIA_DIR: mkdtempSync(join(tmpdir(), 'media-')),
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_FAILURES_PER_EMAIL: '100000',
      ACCOUNT_REQUEST_RATE_LIMIT: '100000',
      // The suites' SMTP servers listen on 127.0.0.1 (see test-app.ts).
      OUTBOUND_ALLOW: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both streams: the server's own log (pino, warnings and errors at LOG_LEVEL=warn) goes to stdout.
  let stderr = '';
  const keep = (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // 'exit' may come before the last of stderr has been read: 'close' comes after both.
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  const url = `http://localhost:${port}`;
  const end = Date.now() + timeoutMs;
  while (!(await ready(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
      const how = `exit code ${child.exitCode}, signal ${child.signalCode}`;
      throw new Error(`server process ended before it was ready (${how}):\n${stderr}`);
    }
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`server process not ready within ${timeoutMs} ms:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
