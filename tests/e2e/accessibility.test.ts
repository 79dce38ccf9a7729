import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, screenshot, signIn } from '../helpers/browser';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** axe-core's WCAG 2 A/AA rules on the page as it is; serious and critical findings fail. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (v: Violation[]) => v.map((x) => `${x.id} (${x.impact}): ${x.help} — ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);

describe('accessibility (axe-core) and small screens', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { withClient: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const width of [1280, 375]) {
    it(`has no serious or critical violation on the login screen, the public home, a list and a form (${width} px)`, async () => {
      // bypassCSP only lets the test inject axe; the application keeps its policy otherwise.
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'fr-FR', bypassCSP: true });
      const page = await context.newPage();
      const report: Record<string, string[]> = {};

      await page.goto(`${t.url}/mon-compte/connexion`);
      await page.getByLabel('Adresse électronique').waitFor();
      report.login = describeViolations(await seriousViolations(page));
      await screenshot(page, `a11y-login-${width}`);

      await page.goto(`${t.url}/accueil`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      report.home = describeViolations(await seriousViolations(page));
      await screenshot(page, `a11y-home-${width}`);

      await signIn(page, t.url, 'conseiller@demo.fr');
      await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
      await page.getByRole('table').waitFor();
      await page.getByRole('row').nth(2).waitFor();
      report.list = describeViolations(await seriousViolations(page));
      await screenshot(page, `a11y-list-${width}`);

      await page.goto(`${t.url}/dialogwatt/notifications/creation/`);
      await page.getByRole('tab').first().waitFor();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.locator('.field-error').first().waitFor();
      report.form = describeViolations(await seriousViolations(page));
      await screenshot(page, `a11y-form-errors-${width}`);

      await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/edition/1`);
      await page.getByLabel('Espace Conseil Démo').waitFor();
      report.relationForm = describeViolations(await seriousViolations(page));

      expect(report).toEqual({ login: [], home: [], list: [], form: [], relationForm: [] });
      await context.close();
    });
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
