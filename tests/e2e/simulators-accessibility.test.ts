import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

describe('simulator screens: no serious axe-core finding', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [1280, 375]) {
    it(
      `thermix (needs, solutions with their parameters open, results with their data tables, ` +
        `an explanation), therminix errors, ecorenover (${width} px)`,
      async () => {
        // bypassCSP only lets the test inject axe.
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          locale: 'fr-FR',
          bypassCSP: true,
        });
        const page = await context.newPage();
        const found: Record<string, string[]> = {};
        const check = async (name: string) => {
          found[name] = await seriousViolations(page);
        };

        await page.goto(`${t.url}/thermix/mes-besoins`);
        await page.getByRole('button', { name: "Appliquer l'exemple" }).click();
        await page.getByLabel('Mon projet est situé dans Grenoble-Alpes Métropole').check();
        await check('besoins');
        await page.getByRole('tab', { name: 'Solutions' }).click();
        const first = page.getByRole('article', { name: 'Solution 1' });
        await first.getByLabel('Système de chauffage 1').selectOption('solar_system_combined');
        await first.getByRole('button', { name: 'Ajouter un second système de chauffage' }).click();
        await first.getByLabel('Système de chauffage 2').selectOption('gaz_boiler_condensing');
        // Solar needs a backup for hot water too (issue 16): the boiler, as the same appliance.
        await first.getByRole('button', { name: "Ajouter un second système d'eau chaude" }).click();
        await first.getByLabel("Système d'eau chaude 2").selectOption('synced_with_heating');
        for (const d of await page.locator('details.sim-params').all()) await d.locator('summary').click();
        await check('solutions');
        await page.getByRole('tab', { name: 'Résultats' }).click();
        await expect
          .poll(() => page.locator('[data-figure="0-periodTotalCost"]').isVisible(), { timeout: 15_000 })
          .toBe(true);
        for (const d of await page.locator('details.sim-chart-data').all()) await d.locator('summary').click();
        await check('résultats');
        await page.getByRole('button', { name: 'Comment est-ce calculé ? Coût global sur 20 ans, Solution 1' }).click();
        await expect.poll(() => page.getByRole('dialog').first().isVisible()).toBe(true);
        await check('explication');
        await page.keyboard.press('Escape');
        await page.goto(`${t.url}/thermix/mes-besoins/renovation-par-factures`);
        await check('estimation');
        await page.goto(`${t.url}/therminix/votre-projet`);
        // Therminix has the shared steps too (issue 16, item 2): « Étape 1 sur n », tabs on one line.
        await expect
          .poll(async () => (await page.getByTestId('step-status').textContent()) ?? '')
          .toMatch(/^Étape 1 sur \d/);
        const tops = await page
          .getByRole('tab')
          .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
        expect(tops.length).toBeGreaterThan(1);
        expect(new Set(tops).size).toBe(1);
        await page.getByRole('button', { name: 'Voir nos préconisations' }).click();
        await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Impossible' }).isVisible()).toBe(true);
        await check('therminix');
        await page.goto(`${t.url}/ecorenover/emprunts`);
        await check('écorénover emprunts');
        await page.goto(`${t.url}/ecorenover/resultats`);
        await check('écorénover résultats');
        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
        await context.close();
      },
    );
  }
});
