import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Vitest global set-up of the API and browser projects: the run's database templates (see
 * db-templates.ts), made once before any test file starts, handed to the test processes through the
 * environment (TEST_DB_TEMPLATES), and dropped when the run ends. TEST_DB_TEMPLATES=off turns them off
 * (every suite then migrates and seeds its own database, as before).
 *
 * The work runs in a tsx child process: Vite's module runner, which runs this file, does not load
 * some of the server's CommonJS dependencies (rrule, pg) as Node does.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = resolve(import.meta.dirname, 'make-templates.ts');

function run(args: string[]): string {
  const r = spawnSync(resolve(ROOT, 'node_modules/.bin/tsx'), [SCRIPT, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    // The demo accounts of the templates get the test-only cheap password hash, like the accounts the
    // suites create (vitest.config.ts `env`, which reaches the test processes but not this child).
    env: { ...process.env, NODE_ENV: 'test', TEST_PASSWORD_HASH: 'cheap' },
  });
  if (r.status !== 0) throw new Error(`tests/helpers/make-templates.ts ${args[0]} failed (exit ${r.status})`);
  return r.stdout.trim().split('\n').at(-1) ?? '';
}

export default function setup(project: { name: string }): () => void {
  if (process.env.TEST_DB_TEMPLATES === 'off') {
    delete process.env.TEST_DB_TEMPLATES;
    return () => undefined;
  }
  const started = Date.now();
  // Browser suites run on SQLite only: no PostgreSQL templates for them.
  const manifest = run(project.name === 'e2e' ? ['make', 'sqlite'] : ['make']);
  process.env.TEST_DB_TEMPLATES = manifest;
  if (process.env.TEST_TEMPLATES_VERBOSE) console.log(`database templates made in ${Date.now() - started} ms`);
  return () => {
    run(['drop', manifest]);
  };
}
