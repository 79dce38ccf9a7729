import { defineConfig } from 'vitest/config';

// One runner for every kind of test; `npm test` (scripts/test.ts) runs the projects in order.
export default defineConfig({
  test: {
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
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
