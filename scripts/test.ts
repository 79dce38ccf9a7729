import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureChromium } from './ensure-chromium';
import { postgresReachable } from '../tests/helpers/databases';

// `npm test`: every kind of test, in order, with a summary. Fails when any step fails.
const ROOT = resolve(import.meta.dirname, '..');
const bin = (name: string) => resolve(ROOT, 'node_modules/.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const chromium = ensureChromium();
const pg = await postgresReachable();
console.log(`Chromium: ${chromium}`);
console.log(
  pg
    ? 'PostgreSQL reachable: API tests run on SQLite and PostgreSQL.'
    : 'PostgreSQL not reachable: API tests run on SQLite only.',
);

const steps: Step[] = [
  { name: 'generated files match the schemas', command: bin('tsx'), args: ['generators/index.ts', '--check'] },
  { name: 'type check', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  {
    name: 'code format (Prettier, 120 columns)',
    command: bin('prettier'),
    args: ['--check', '--log-level', 'warn', '**/*.{ts,tsx}'],
  },
  { name: 'lines ≤ 120 characters', command: bin('tsx'), args: ['scripts/check-line-length.ts'] },
  {
    name: 'no import circles (madge)',
    command: bin('madge'),
    args: ['--circular', '--extensions', 'ts,tsx', 'server', 'engine', 'client'],
  },
  { name: 'unit tests', command: bin('vitest'), args: ['run', '--project', 'unit'] },
  {
    name: 'client build',
    command: bin('vite'),
    args: ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
  },
  { name: 'API tests', command: bin('vitest'), args: ['run', '--project', 'api'] },
  {
    name: 'browser tests (Chromium)',
    command: bin('vitest'),
    args: ['run', '--project', 'e2e'],
    env: { CHROMIUM_PATH: chromium },
  },
  {
    name: 'low-code tests',
    command: bin('vitest'),
    args: ['run', '--project', 'lowcode'],
    env: { CHROMIUM_PATH: chromium },
  },
];

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const r = spawnSync(step.command, step.args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...step.env } });
  results.push({ name: step.name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'}  ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
