import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

type AppOptions = Parameters<typeof startTestApp>[1];

/**
 * The set-up most API suites share: the real server on a fresh database of `dialect`, started
 * before the suite's tests and closed after them. `receive` hands it to the suite's own variable;
 * a suite's further beforeAll hooks (sign-ins, records) run after this one.
 */
export function appOn(dialect: 'sqlite' | 'postgres', receive: (app: TestApp) => void, options?: AppOptions): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(dialect, options);
    receive(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}
