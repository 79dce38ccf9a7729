import { defineConfig } from 'vitest/config';

// API test files run two at a time: each suite has its own server and its own database copy (SQLite
// file, PostgreSQL database of a random name), so files share nothing; while one waits on PostgreSQL
// or argon2 the other runs. TEST_API_WORKERS=1 runs them one by one again (docs/performance.md, "Test run").
const API_WORKERS = Math.max(1, Number(process.env.TEST_API_WORKERS ?? 2));
// Browser files too: each starts its own server on its own port and SQLite copy and its own Chromium, and
// spends much of its time waiting on the page, so two files share the 2 cores well. TEST_E2E_WORKERS=1
// runs them one by one.
const E2E_WORKERS = Math.max(1, Number(process.env.TEST_E2E_WORKERS ?? 2));

// One runner for every kind of test; `npm test` (scripts/test.ts) runs the projects in order.
export default defineConfig({
  test: {
    // A cheap argon2 cost for the accounts the suites create and sign in with (server/modules/auth/passwords.ts;
    // honoured only under NODE_ENV=test). The production cost is checked by passwords.test.ts.
    env: { TEST_PASSWORD_HASH: 'cheap' },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'engine/**/*.test.ts',
            'server/**/*.test.ts',
            'generators/**/*.test.ts',
            'scripts/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          // Property tests (500 random requests) and the generator runs take a few seconds alone and several
          // times that on a busy machine; 5 s failed them there. Speed is measured in bench/, not here.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The run's migrated and seeded databases, copied for each suite (tests/helpers/db-templates.ts).
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: API_WORKERS > 1,
          maxWorkers: API_WORKERS,
          // A worker count of its own needs a group of its own when several projects run in one command.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: E2E_WORKERS > 1,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
          // A page that waits on the server takes more than expect.poll's default second on a busy machine
          // (two tests failed so at a load average of 18); a poll that never holds still fails, after 15 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'lowcode',
          include: ['tests/lowcode/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
