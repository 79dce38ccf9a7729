import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../helpers/axe';
import type { TestApp } from '../helpers/test-app';
import { screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

describe('accessibility (axe-core) and small screens', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [1280, 375]) {
    it(
      `has no serious or critical violation on the login screen, ` + `the public home, a list and a form (${width} px)`,
      async () => {
        // bypassCSP only lets the test inject axe; the application keeps its policy otherwise.
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          locale: 'fr-FR',
          bypassCSP: true,
        });
        const page = await context.newPage();
        const report: Record<string, string[]> = {};

        await page.goto(`${t.url}/mon-compte/connexion`);
        await page.getByLabel('Adresse électronique').waitFor();
        report.login = await seriousViolations(page);
        await screenshot(page, `a11y-login-${width}`);

        await page.goto(`${t.url}/accueil`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        report.home = await seriousViolations(page);
        await screenshot(page, `a11y-home-${width}`);

        await signIn(page, t.url, 'conseiller@demo.fr');
        await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
        await page.getByRole('table').waitFor();
        await page.getByRole('row').nth(2).waitFor();
        report.list = await seriousViolations(page);
        await screenshot(page, `a11y-list-${width}`);

        await page.goto(`${t.url}/dialogwatt/notifications/creation/`);
        await page.getByRole('tab').first().waitFor();
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await page.locator('.field-error').first().waitFor();
        report.form = await seriousViolations(page);
        await screenshot(page, `a11y-form-errors-${width}`);

        await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/edition/1`);
        await page.getByLabel('Espace Conseil Démo').waitFor();
        report.relationForm = await seriousViolations(page);

        expect(report).toEqual({ login: [], home: [], list: [], form: [], relationForm: [] });
        await context.close();
      },
    );
  }

  it('opens the 300 px slide-in menu on a small screen and closes it with a click on the page', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'fr-FR' });
    const page = await context.newPage();
    await signIn(page, t.url, 'conseiller@demo.fr');
    const menu = page.locator('#side-menu');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect.poll(() => menu.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    expect(await menu.evaluate((el) => el.getBoundingClientRect().width)).toBe(300);
    await screenshot(page, 'menu-mobile-open');
    await page.mouse.click(350, 400);
    await expect.poll(() => menu.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
