import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
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

// CI keeps only the end of the output: the summary names every failed test with the start of its
// error, read from Vitest's JSON report, so that a failure can be understood from the summary alone.
const reports = mkdtempSync(join(tmpdir(), 'test-reports-'));

interface VitestReport {
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

function failuresOf(reportFile: string): string[] {
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
  const firstLines = (text: string) =>
    text
      .split('\n')
      .slice(0, 4)
      .map((l) => `            ${l.slice(0, 200)}`)
      .join('\n');
  const lines: string[] = [];
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    if (!failed.length && file.message) lines.push(`  ${relative(ROOT, file.name)}\n${firstLines(file.message)}`);
    for (const a of failed) {
      lines.push(`  ${relative(ROOT, file.name)} › ${a.fullName}\n${firstLines(a.failureMessages[0] ?? '')}`);
    }
  }
  return lines;
}

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number; failures: string[] }[] = [];
for (const [index, step] of steps.entries()) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const reportFile = join(reports, `${index}.json`);
  const args =
    step.command === bin('vitest')
      ? [...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]
      : step.args;
  const r = spawnSync(step.command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = r.status === 0;
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ name: step.name, ok, seconds, failures: ok ? [] : failuresOf(reportFile) });
}
// Failures first, the table last: the end of the output is what CI keeps.
const failures = results.flatMap((r) => r.failures.map((f) => `${r.name}:\n${f}`));
if (failures.length) {
  console.log(`\n=== failed tests (${failures.length}) ===`);
  for (const f of failures.slice(0, 6)) console.log(f);
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'}  ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
