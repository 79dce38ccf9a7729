// Time of one password-strength check (zxcvbn with the French dictionaries), the server's settings
// against the library's defaults, on ordinary passwords and on the inputs that cost the most
// (long mixes of digits and letters that each read as several l33t letters).
// Run: npx tsx bench/password-strength.ts
import { cpus, loadavg } from 'node:os';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as french from '@zxcvbn-ts/language-fr';
import { passwordProblems } from '../server/modules/accounts/password-strength';

const RUNS = 15;
const INPUTS: Record<string, string> = {
  'passphrase (23 chars)': 'une toiture bien isolée',
  'common (13 chars)': 'Marseille2013',
  'keyboard (10 chars)': 'azertyuiop',
  'l33t mix (72 chars)': 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6a1b2c3d4e5f6g7h8i9j0',
  'symbols (65 chars)': '4@3€1!0$5+7(6'.repeat(5),
  'digits (256 chars)': '31415926535897932384626433832795'.repeat(8),
};

const defaults = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...french.dictionary },
  graphs: common.adjacencyGraphs,
  translations: french.translations,
});

function median(check: () => unknown): number {
  check();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    check();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()[0].toFixed(1)}`;
console.log(`Node ${process.version}, ${machine}; median of ${RUNS} runs`);
console.log(`${'input'.padEnd(24)} ${'server (ms)'.padStart(12)} ${'defaults (ms)'.padStart(14)}`);
for (const [name, password] of Object.entries(INPUTS)) {
  const server = median(() => passwordProblems(password, 'claire.conseillere@demo.fr'));
  const library = median(() => defaults.check(password));
  console.log(`${name.padEnd(24)} ${server.toFixed(1).padStart(12)} ${library.toFixed(1).padStart(14)}`);
}
