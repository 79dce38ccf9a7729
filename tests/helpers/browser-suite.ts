import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestApp, type TestApp } from './test-app';

/**
 * The set-up most browser suites share: the app on a fresh SQLite database serving the built
 * client, and Chromium, started before the suite's tests and closed after them. `receive` hands
 * both to the suite's own variables; a suite's further beforeAll hooks run after this one.
 */
export function appInBrowser(receive: (app: TestApp, browser: Browser) => void): void {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { withClient: true });
    browser = await launchBrowser();
    receive(app, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
}
