import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 16, item 15: the server paints the shell of a public page (server/client-shell/prepaint.ts)
// and React takes it over once its scripts have run. The take-over must not move anything (no
// layout shift) and must keep the page's heading. Timings are measured in bench/first-paint.ts.

/** Layout shifts as the browser reports them, from the start of the page. */
const OBSERVE_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function heading(page: Page): Promise<Box> {
  return page.evaluate(() => {
    const h1 = document.querySelector('main h1')!;
    const r = h1.getBoundingClientRect();
    return { text: h1.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
  });
}

const PAGES: [string, string][] = [
  ['/', 'Rénovation Démo'],
  ['/ecorenover', 'Simulateur de prêt rénovation'],
  ['/thermix', 'Simulateur chauffage et eau chaude'],
  ['/therminix', 'Proposition de solutions de chauffage'],
  ['/dialogwatt/rendez-vous/', 'Prendre rendez-vous'],
];

describe('the shell painted by the server', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [375, 1280]) {
    it(`is taken over by React without a layout shift and with the same heading, at ${width} px`, async () => {
      for (const [path, title] of PAGES) {
        const { page, context, errors } = await newPage(browser, { width, height: 800 });
        await page.addInitScript(OBSERVE_SHIFTS);
        // The scripts wait until the painted shell has been looked at; the API answers stay held
        // until React has taken over, so that only the take-over itself can move anything (a
        // screen's data arriving later is the screen's own business).
        let releaseScripts = () => {};
        const scripts = new Promise<void>((resolve) => (releaseScripts = resolve));
        let releaseApi = () => {};
        const api = new Promise<void>((resolve) => (releaseApi = resolve));
        await page.route('**/assets/*.js', async (route) => {
          await scripts;
          await route.continue().catch(() => undefined);
        });
        await page.route('**/api/**', async (route) => {
          await api;
          await route.continue().catch(() => undefined);
        });
        await page.goto(`${t.url}${path}`, { waitUntil: 'commit' });
        await page.locator('[data-prepaint] main h1').waitFor();
        const painted = await heading(page);
        expect(painted.text, path).toBe(title);
        if (path === '/' && width === 375) await screenshot(page, 'prepaint-home-375-before-scripts');

        releaseScripts();
        await page.waitForFunction(
          () => !document.querySelector('[data-prepaint]') && document.querySelector('main h1'),
        );
        // Two frames after the take-over: what React's first commit and its effects changed is laid out.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const taken = await heading(page);
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
        releaseApi();
        expect(taken, path).toEqual(painted);
        const cls = shifts.reduce((a, b) => a + b, 0);
        expect(cls, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
        if (path === '/' && width === 375) await screenshot(page, 'prepaint-home-375-after-take-over');
        expect(errors, path).toEqual([]);
        await context.close();
      }
    });
  }
});
