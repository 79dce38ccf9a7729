import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// The professionals directory's public journey on its own white label (issue 13 item 2, issue 16
// item 1): the landing page offers it, the search goes in three steps, the results list the valid,
// published professionals of the demo (Isère) in a random order kept in the address.

const WAIT = { timeout: 20_000 };

describe('directory public search (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [1280, 375]) {
    it(`goes from the annuaire.localhost landing to the results in three steps at ${width} px`, async () => {
      const { page, context, errors } = await newPage(browser, { width, height: 900 });
      await page.goto(`${t.url}/?domain=annuaire.localhost`);
      // The landing's service card (the side menu has the same link, folded away at 375 px).
      const card = page.locator('.service-card').getByRole('link', { name: 'Annuaire des professionnels' });
      await card.waitFor(WAIT);
      await card.click();
      await page.waitForURL(/\/annuaire-des-pros\/recherche/, WAIT);

      // Step 1, by keyboard: the first option takes Enter.
      await page.getByText('Étape 1 sur 3').waitFor(WAIT);
      expect(await page.locator('.listepro-option').allTextContents()).toEqual([
        'maison',
        'petit collectif',
        'copropriété',
        'tertiaire',
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-search-step1-${width}`);
      await page.getByRole('button', { name: 'maison' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Étape 2 sur 3').waitFor(WAIT);
      // The step's heading has the focus; the MAR shortcut is offered for houses.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Que recherchez-vous ?');
      expect(await page.getByRole('link', { name: "Mon Accompagnateur Rénov'" }).getAttribute('href')).toBe(
        '/annuaire-des-pros/resultats-MAR/true',
      );

      // Financement has a single sub-mission for houses: chosen at once; « Retour » undoes both.
      await page.getByRole('button', { name: 'Financement' }).click();
      await page.getByRole('link', { name: 'Afficher les résultats' }).waitFor(WAIT);
      expect(await page.locator('.listepro-choice').textContent()).toBe('Votre choix : maison › Financement › banques');
      await page.getByRole('button', { name: /Retour/ }).click();
      await page.getByText('Étape 2 sur 3').waitFor(WAIT);

      await page.getByRole('button', { name: 'Audit' }).click();
      await page.getByText('Étape 3 sur 3').waitFor(WAIT);
      await page.getByRole('button', { name: 'audit global (architectural et energétique)' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Afficher les résultats' }).click();

      // Results: the three valid, published demo professionals offering it; the unvalidated one never.
      await page.waitForURL(/\/annuaire-des-pros\/resultats\/1\/1\/4\?seed=\d+/, WAIT);
      await page.locator('.listepro-card').first().waitFor(WAIT);
      const names = await page.locator('.listepro-card h3').allTextContents();
      expect([...names].sort()).toEqual([
        'Atelier Bois Vercors',
        'Entreprise Démo Rénovation',
        'Thermique Isère Conseil',
      ]);
      expect(await page.getByText('Les professionnels sont présentés dans un ordre aléatoire.').count()).toBe(1);
      // The order is the seed's: reloading the address gives the same one.
      await page.reload();
      await page.locator('.listepro-card').first().waitFor(WAIT);
      expect(await page.locator('.listepro-card h3').allTextContents()).toEqual(names);
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing of the directory's page wider than the screen at 375 px (the shell's header is not this page's;
      // Leaflet's panes and vector layer extend past the map, which clips them: the map itself is checked).
      const wide = await page.evaluate(
        (w) =>
          [...document.querySelectorAll('.listepro-results *')]
            .filter((e) => !e.parentElement?.closest('.leaflet-container'))
            .filter((e) => e.getBoundingClientRect().right > w)
            .map((e) => e.tagName),
        width,
      );
      expect(wide).toEqual([]);
      await screenshot(page, `listepro-results-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
