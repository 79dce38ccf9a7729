import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 16, items 15 and 17. Timings are measured in bench/first-paint.ts, not here: these tests
// check what the first paint waits for (which requests) and what a partner site may frame.

const START_UP_CALLS = /\/api\/v1\/(white_labelling\/current\/|meta\/menu)/;

/** Every API call of the page, with whether the page had painted anything when it was sent. */
function apiCalls(page: Page): { path: string; painted: boolean }[] {
  const calls: { path: string; painted: boolean }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push({ path: url.pathname, painted: false });
  });
  return calls;
}

async function markPaint(page: Page, calls: { path: string; painted: boolean }[]): Promise<number> {
  // The paint entries and the resources' start times share the page's clock.
  const { paint, resources } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      path: new URL(r.name).pathname,
      start: r.startTime,
    })),
  }));
  if (paint === null) throw new Error('no first contentful paint');
  for (const c of calls) c.painted = resources.some((r) => r.path === c.path && r.start >= paint);
  return paint;
}

describe('the first paint of a public page', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('asks the API neither for the white label nor for the menu, and never waits for the version', async () => {
    for (const path of ['/', '/ecorenover', '/thermix']) {
      // The page paints its shell from its own HTML: its first paint does not wait for the scripts
      // (tests/e2e/prepaint.test.ts checks that React takes it over without a shift).
      const html = await (await fetch(`${t.url}${path}`)).text();
      expect(html, path).toContain('<div id="root"><div class="app" data-prepaint="">');
      const { page, context, errors } = await newPage(browser, { width: 375, height: 800 });
      const calls = apiCalls(page);
      // The version stays unanswered while the page is checked: it paints all the same. (Whether
      // the version is asked before or after the paint depends on the machine's load: not tested.)
      let answerVersion = () => {};
      const versionHeld = new Promise<void>((resolve) => (answerVersion = resolve));
      await page.route('**/api/v1/app_infos', async (route) => {
        await versionHeld;
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${t.url}${path}`);
      await page.locator('.brand-title').waitFor();
      await page.locator('main h1').waitFor();
      await expect.poll(() => calls.filter((c) => c.path === '/api/v1/app_infos').length).toBe(1);
      // A first contentful paint happened (markPaint throws otherwise), the version still unanswered.
      await markPaint(page, calls);
      expect(
        calls.filter((c) => START_UP_CALLS.test(c.path)),
        path,
      ).toEqual([]);
      // The page has the white label's name and the visitors' menu, from the data written into it.
      expect(await page.locator('.brand-title').textContent()).toBe('Rénovation Démo');
      const entry = page.locator('#side-menu').getByRole('link', { name: 'Écorénover', includeHidden: true });
      expect(await entry.count()).toBe(1);
      if (path === '/ecorenover') await screenshot(page, 'first-paint-ecorenover-375');
      answerVersion();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('asks the menu again once signed in, and asks the API where the page was written for another domain', async () => {
    const { page, context, errors } = await newPage(browser);
    const calls = apiCalls(page);
    await signIn(page, t.url, 'admin@demo.fr');
    await expect.poll(() => calls.filter((c) => c.path === '/api/v1/meta/menu').length).toBeGreaterThan(0);
    const staffEntry = page.locator('#side-menu').getByRole('link', { name: 'Marques blanches', includeHidden: true });
    await staffEntry.waitFor({ state: 'attached' });
    await context.close();

    // ?domain= is kept for the tab: a later address without it must not show the Host's white label.
    const other = await newPage(browser);
    const otherCalls = apiCalls(other.page);
    await other.page.goto(`${t.url}/ecorenover?domain=annuaire.localhost`);
    await other.page.locator('.brand-title').waitFor();
    expect(otherCalls.filter((c) => START_UP_CALLS.test(c.path))).toEqual([]);
    const annuaireTitle = await other.page.locator('.brand-title').textContent();
    expect(annuaireTitle).not.toBe('Rénovation Démo');
    await other.page.goto(`${t.url}/mon-compte/connexion`);
    await other.page.locator('.brand-title').waitFor();
    // The server paints the Host's shell; the tab's white label replaces it once the scripts run.
    await expect.poll(() => other.page.locator('.brand-title').textContent()).toBe(annuaireTitle);
    expect(otherCalls.filter((c) => c.path === '/api/v1/white_labelling/current/')).toHaveLength(1);
    expect([...errors, ...other.errors]).toEqual([]);
    await other.context.close();
  });
});

describe('the embeddable simulator framed by a partner site', () => {
  let t: TestApp;
  let browser: Browser;
  let partner: Server;
  let partnerUrl: string;
  let admin: string;
  let whiteLabelPk: number;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  beforeAll(async () => {
    // Another origin (another host and port): a partner's page that frames the simulator.
    partner = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="fr"><head><title>Site partenaire</title></head><body>
        <h1>Site partenaire</h1>
        <iframe title="Simulateur" src="${t.url}/ecorenover-iframe" width="1000" height="700"></iframe>
      </body></html>`);
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
    admin = await t.login('admin@demo.fr');
    whiteLabelPk = (await t.call('/white_labelling/current/')).body.pk;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => partner?.close(() => resolve()));
  });

  const setSites = async (sites: string[]) => {
    const body = { embeddingSites: sites };
    const res = await t.call(`/white_labelling/${whiteLabelPk}/`, { method: 'PATCH', token: admin, body });
    expect(res.status).toBe(200);
  };

  async function simulatorFrame(page: Page): Promise<Frame | null> {
    await page.goto(partnerUrl);
    await page.waitForLoadState('load');
    return page.frames().find((f) => f.url().startsWith(t.url)) ?? null;
  }

  it('is refused a frame while the white label does not list the site', async () => {
    await setSites([]);
    const { page, context } = await newPage(browser);
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
    });
    await page.goto(partnerUrl);
    await page.waitForLoadState('load');
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator('#root').count()).toBe(0);
    await context.close();
  });

  it('shows in the listed site, signs in inside the frame, and has the page title of the simulator', async () => {
    await setSites([partnerUrl]);
    try {
      const { page, context, errors } = await newPage(browser, { width: 1100, height: 900 });
      const frame = await simulatorFrame(page);
      expect(frame).not.toBeNull();
      // Inside another site the browser keeps the frame's storage apart: the visitor signs in there.
      await frame!.getByLabel('Adresse électronique').fill('client@demo.fr');
      await frame!.getByLabel('Mot de passe').fill('renovation-demo');
      await frame!.getByRole('button', { name: 'Se connecter' }).click();
      await frame!.getByRole('tab', { name: 'Situation actuelle' }).waitFor();
      expect(frame!.url()).toMatch(/\/ecorenover-iframe\/?$/);
      // The simulator's page title (stable while it loads, issue 16 item 3), then the site's.
      expect(await frame!.getByRole('heading', { level: 1 }).textContent()).toBe('Écorénover');
      await expect.poll(() => frame!.title()).toBe('Simulateur de prêt rénovation - Rénovation Démo');
      expect(await page.title()).toBe('Site partenaire');
      await screenshot(page, 'ecorenover-iframe-in-partner-site');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await setSites([]);
    }
  });

  it('has the page title of the simulator as its tab title when opened on its own', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/ecorenover-iframe/emprunts`);
    await page.getByRole('tab', { name: 'Emprunts' }).waitFor();
    await expect.poll(() => page.title()).toBe('Simulateur de prêt rénovation - Rénovation Démo');
    // And after moving from a page of the web layout to one without it.
    await page.goto(`${t.url}/ecorenover/situation-actuelle`);
    await page.getByRole('tab', { name: 'Situation actuelle' }).waitFor();
    await page.evaluate(() => window.history.pushState({}, '', '/ecorenover-iframe/resultats'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.getByRole('heading', { level: 1, name: 'Écorénover' }).waitFor();
    expect(await page.locator('.side-menu').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Simulateur de prêt rénovation - Rénovation Démo');
    expect(errors).toEqual([]);
    await context.close();
  });
});
