// Runs the benchmark named on the command line, or every one: `npm run bench -- list`,
// `npm run bench` (all). Options after the name go to the benchmark (`npm run bench -- list
// --sizes=1000`). Each benchmark runs in a fresh Node process, so one does not warm up or
// clutter the heap of the next. To add one: a line in BENCHES and a paragraph in bench/README.md.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES: Record<string, { file: string; about: string }> = {
  simulators: { file: 'simulators-engine.ts', about: 'thermix engine, time per solution (in process)' },
  'visit-report-pdf': {
    file: 'visit-report-pdf.ts',
    about: 'a 20-page visit report PDF drawn in process, target ≤ 1.5 s',
  },
  'first-paint': {
    file: 'first-paint.ts',
    about: 'largest contentful paint of the public pages on a throttled phone (Chromium), target ≤ 2.0 s',
  },
  list: {
    file: 'list-endpoint.ts',
    about: 'generic list endpoint against a hand-written route, 1,000 and 100,000 rows, SQLite and PostgreSQL',
  },
  'national-load': {
    file: 'national-load.ts',
    about: 'mixed read load (200 req/s) and 20 writes/s on the national data set, p50/p95/p99 per kind',
  },
  passwords: {
    file: 'password-strength.ts',
    about: 'password-strength check (zxcvbn, French dictionaries): server settings against defaults',
  },
  search: {
    file: 'list-search.ts',
    about: 'list search at 100,000 rows: former lower(column) like scan against the indexed search column',
  },
  booking: {
    file: 'booking-offers.ts',
    about: 'booking availability (findOffers) over a month of slots, 20 advisors, 500 appointments, target ≤ 50 ms',
  },
  'global-search': {
    file: 'global-search.ts',
    about: 'global search (trigram similarity) over 100,000 accounts, SQLite and PostgreSQL, target p95 ≤ 30 ms',
  },
  import: {
    file: 'import.ts',
    about: 'generic import of 10,000 CSV lines (preview, confirm) over HTTP, SQLite and PostgreSQL, target ≤ 30 s',
  },
  'follow-up-statistics': {
    file: 'follow-up-statistics.ts',
    about: 'statistics of a follow-up programme over 50,000 actions, PostgreSQL, target ≤ 300 ms',
  },
  listepro: {
    file: 'listepro-search.ts',
    about:
      'directory search over 10,000 professionals (p95 ≤ 30 ms), SQLite and PostgreSQL, and a 200-sheet PDF (≤ 1.5 s)',
  },
  validation: {
    file: 'record-validation.ts',
    about: 'record validation per write (old interpreter vs AJV) and per keystroke in Chromium, compile times, weights',
  },
};

const [name, ...options] = process.argv.slice(2);
const chosen = name === undefined || name === 'all' ? Object.keys(BENCHES) : [name];
const unknown = chosen.filter((n) => !BENCHES[n]);
if (unknown.length) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}. Available:\n${Object.entries(BENCHES)
      .map(([n, b]) => `  ${n.padEnd(12)} ${b.about}`)
      .join('\n')}`,
  );
  process.exit(2);
}
let failed = false;
for (const n of chosen) {
  if (chosen.length > 1) console.log(`\n=== ${n}: ${BENCHES[n].about}`);
  const file = fileURLToPath(new URL(BENCHES[n].file, import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...(chosen.length > 1 ? [] : options)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
