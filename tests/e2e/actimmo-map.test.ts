import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, newPage, screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// The public actimmo map (/actimmo-map) in Chromium, with no tile server (this machine is
// offline): the page draws the departments from the server's offline base map.

/** Requests that left the test server (tiles, CDN…): there must be none. */
function outsideRequests(page: Page, base: string): string[] {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  return outside;
}

const panelHeading = (page: Page) => page.locator('.actimmo-panel h2').textContent();

describe('public actimmo map (Chromium, offline)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it(
    'draws the departments with a badge each, the laureate ones highlighted; ' +
      'clicking Isère (38) shows its structures and contacts',
    async () => {
      const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
      const outside = outsideRequests(page, t.url);
      await page.goto(`${t.url}/actimmo-map`);
      await page.locator('.actimmo-leaflet .actimmo-marker span[aria-hidden]').first().waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Carte actimmo');
      expect(await page.locator('.actimmo-marker').count()).toBe(96);
      expect(await page.locator('.actimmo-marker-laureate').count()).toBe(4);
      expect(await page.locator('.actimmo-leaflet path.leaflet-interactive').count()).toBe(96);
      expect(await page.locator('.leaflet-tile').count()).toBe(0);
      expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('GeoNames');

      await page.locator('.actimmo-marker-laureate', { hasText: 'Isère (38)' }).locator('span[aria-hidden]').click();
      await expect.poll(() => panelHeading(page)).toBe('38 – Isère');
      expect(new URL(page.url()).searchParams.get('departement')).toBe('38');
      const panel = page.locator('.actimmo-panel');
      expect(await panel.locator('.actimmo-count').textContent()).toBe('2 structures lauréates');
      expect(await panel.locator('.actimmo-structure h3').allTextContents()).toEqual([
        "Espace Conseil France Rénov' de démonstration",
        "Espace Conseil France Rénov' de la vallée du Grésivaudan (démonstration)",
      ]);
      expect(await panel.locator('.actimmo-contact-name').allTextContents()).toEqual([
        'Léa Démonstration',
        'Hugo Exemple',
        'Inès Fictive',
      ]);
      expect(await panel.getByRole('link', { name: 'lea.demonstration@demo.fr' }).getAttribute('href')).toBe(
        'mailto:lea.demonstration@demo.fr',
      );
      expect(await panel.getByRole('link', { name: '04 76 11 22 40' }).getAttribute('href')).toBe('tel:0476112240');
      expect(await panel.getByRole('link', { name: /Site internet.*vallée du Grésivaudan/ }).getAttribute('href')).toBe(
        'https://vallee.demo.example.fr',
      );
      expect(await panel.textContent()).toContain("L'Espace Conseil accompagne les agences immobilières");
      expect(await page.locator('.actimmo-marker-selected').textContent()).toContain('38 · Isère');
      await screenshot(page, 'actimmo-map-1280');

      // A department without laureates, clicked on its area (its badge lets the click through).
      const ain = await page
        .locator('.actimmo-marker', { hasText: 'Ain (01)' })
        .locator('span[aria-hidden]')
        .boundingBox();
      await page.mouse.click(ain!.x + ain!.width / 2, ain!.y + ain!.height / 2);
      await expect.poll(() => panelHeading(page)).toBe('01 – Ain');
      expect(await page.locator('.actimmo-panel').textContent()).toContain(
        'Aucune structure lauréate dans ce département pour le moment.',
      );

      // The drop-down offers every department, laureate ones first.
      await page.getByLabel('Choisir un département').selectOption('73');
      await expect.poll(() => panelHeading(page)).toBe('73 – Savoie');
      expect(await page.locator('#actimmo-department optgroup').first().locator('option').allTextContents()).toEqual([
        '26 – Drôme',
        '38 – Isère',
        '73 – Savoie',
        '74 – Haute-Savoie',
      ]);
      expect(await page.locator('#actimmo-department option').count()).toBe(97);

      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('works with the keyboard: the highlighted badges are buttons, and the list opens with Enter', async () => {
    const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`${t.url}/actimmo-map`);
    await page.locator('.actimmo-marker-laureate span[aria-hidden]').first().waitFor();
    await page.getByLabel('Choisir un département').focus();
    // Tab from the drop-down to the Savoie badge, through the map and its zoom buttons.
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() =>
        Boolean(
          document.activeElement?.classList.contains('actimmo-marker') &&
          document.activeElement.textContent?.includes('Savoie (73)'),
        ),
      );
    }
    expect(reached).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('button');
    await page.keyboard.press('Enter');
    await expect.poll(() => panelHeading(page)).toBe('73 – Savoie');
    expect(await page.locator('.actimmo-panel .actimmo-contact-name').allTextContents()).toEqual(['Paul Modèle']);
    // Only the four laureate badges take the focus: the 92 others are reached through the drop-down.
    expect(await page.locator('.actimmo-marker[tabindex="0"]').count()).toBe(4);

    const isere = page.getByRole('button', { name: /38 – Isère/ });
    expect(await isere.getAttribute('aria-expanded')).toBe('false');
    await isere.focus();
    await page.keyboard.press('Enter');
    expect(await isere.getAttribute('aria-expanded')).toBe('true');
    const details = page.locator('#actimmo-list-38');
    expect(await details.isVisible()).toBe(true);
    expect(await details.locator('h4').allTextContents()).toHaveLength(2);
    expect(await details.locator('.actimmo-contact-name').allTextContents()).toEqual([
      'Léa Démonstration',
      'Hugo Exemple',
      'Inès Fictive',
    ]);
    // Opening a department in the list also chooses it on the map.
    await expect.poll(() => panelHeading(page)).toBe('38 – Isère');
    // Tab goes into the opened department: its first link.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('#actimmo-list-38') !== null && document.activeElement?.tagName === 'A',
      ),
    ).toBe(true);
    await isere.focus();
    await page.keyboard.press('Space');
    expect(await isere.getAttribute('aria-expanded')).toBe('false');
    expect(await details.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px screen, a department chosen from the address, and has no serious axe finding', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      locale: 'fr-FR',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${t.url}/actimmo-map?departement=38`);
    await page.locator('.actimmo-marker-selected span[aria-hidden]').waitFor();
    expect(await panelHeading(page)).toBe('38 – Isère');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: /73 – Savoie/ }).click();
    await screenshot(page, 'actimmo-map-375');
    const violations = await seriousViolations(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('drops the margins for a frame when the white label says so, and is off where the module is', async () => {
    const admin = await t.login('admin@demo.fr');
    const wl = (await t.call('/white_labelling/current/')).body as { pk: number };
    expect(
      (
        await t.call(`/white_labelling/${wl.pk}/`, {
          method: 'PATCH',
          token: admin,
          body: { actimmoMapRemoveMargins: true },
        })
      ).status,
    ).toBe(200);
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`${t.url}/actimmo-map`);
    await page.locator('.actimmo-marker span[aria-hidden]').first().waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).paddingLeft)).toBe('0px');
    await screenshot(page, 'actimmo-map-embedded-1280');
    await page.goto(`${t.url}/accueil`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).paddingLeft)).not.toBe('0px');
    await t.call(`/white_labelling/${wl.pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { actimmoMapRemoveMargins: false },
    });

    await page.goto(`${t.url}/actimmo-map?domain=annuaire.localhost`);
    await page.getByText("Ce service n'est pas proposé sur ce site.").waitFor();
    expect(await page.locator('.actimmo-leaflet').count()).toBe(0);
    await context.close();
  });
});

describe('public actimmo map with a tile server (MAP_TILE_URL) and partner frames (MAP_FRAME_ANCESTORS)', () => {
  let t: TestApp;
  let browser: Browser;
  const saved = { tiles: process.env.MAP_TILE_URL, frames: process.env.MAP_FRAME_ANCESTORS };
  beforeAll(async () => {
    // A same-site template: nothing answers it here (404), which is enough to see the page use it.
    process.env.MAP_TILE_URL = '/tuiles-essai/{z}/{x}/{y}.png';
    process.env.MAP_FRAME_ANCESTORS = 'https://partenaire.example.org';
    t = await startTestApp('sqlite', { withClient: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const [name, value] of [
      ['MAP_TILE_URL', saved.tiles],
      ['MAP_FRAME_ANCESTORS', saved.frames],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await browser?.close();
    await t?.close();
  });

  it('asks the configured tiles and still draws the departments over them', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    const tiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/tuiles-essai/')) tiles.push(new URL(r.url()).pathname);
    });
    await page.goto(`${t.url}/actimmo-map`);
    await page.locator('.actimmo-marker-laureate span[aria-hidden]').first().waitFor();
    await expect.poll(() => tiles.length).toBeGreaterThan(3);
    expect(tiles.every((p) => /^\/tuiles-essai\/\d+\/\d+\/\d+\.png$/.test(p))).toBe(true);
    expect(await page.locator('.actimmo-leaflet path.leaflet-interactive').count()).toBe(96);
    expect(await page.locator('.actimmo-note').count()).toBe(0);
    await context.close();
  });

  it('lets the named partner sites frame the map page only', async () => {
    const map = await fetch(`${t.url}/actimmo-map`);
    expect(map.headers.get('x-frame-options')).toBeNull();
    expect(map.headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self' https://partenaire.example.org",
    );
    const home = await fetch(`${t.url}/accueil`);
    expect(home.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(home.headers.get('content-security-policy')).not.toContain('partenaire');
  });
});
