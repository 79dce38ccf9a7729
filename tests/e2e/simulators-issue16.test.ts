import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../helpers/axe';
import { flat } from '../helpers/pdf-text';
import type { TestApp } from '../helpers/test-app';
import { screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 16, the simulators' points, in Chromium at 1280 and 375 px: the « Étape x sur n » steps,
// Écorénover's eco loan, warning, year 1, sentences, rejected entries, narrow tables and stable
// title; Thermix's car figure, same-appliance heat pump, renewable share, project type, preset
// notice and solar without backup. axe-core finds no serious or critical violation on the way.

const TITLE_RECORDER = `
  window.__titles = [];
  new MutationObserver(() => {
    const h1 = document.querySelector('main h1');
    const text = h1 && h1.textContent;
    if (text && window.__titles[window.__titles.length - 1] !== text) window.__titles.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

/** Parses « 7 203 km/an » or « 1 563 kg CO₂/an » into 7203 or 1563. */
const figureNumber = (text: string) =>
  Number(
    flat(text)
      .replace(/[^\d,-]/g, '')
      .replace(',', '.'),
  );

async function openPage(
  browser: Browser,
  width: number,
): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  // bypassCSP only lets the test inject axe.
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    bypassCSP: true,
  });
  await context.addInitScript(TITLE_RECORDER);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, close: () => context.close(), errors };
}

/** The steps stay on one line: every tab's top is the first tab's. */
async function stepsOnOneLine(page: Page): Promise<boolean> {
  const tops = await page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  return tops.length > 1 && tops.every((top) => top === tops[0]);
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('issue 16: the simulators in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [1280, 375]) {
    it(
      `Écorénover at ${width} px: steps, proposed eco loan and warning, ` +
        `year 1 explained, sentences, rejected entries, tables, stable title`,
      async () => {
        const { page, close, errors } = await openPage(browser, width);
        await page.goto(`${t.url}/ecorenover`);
        await page.waitForURL(/\/ecorenover\/situation-actuelle$/);
        await page.getByLabel('Facture énergétique annuelle').waitFor();
        // One title from the first paint on: the white label's name no longer replaces it.
        expect(await page.evaluate(() => (window as unknown as { __titles: string[] }).__titles)).toEqual([
          'Simulateur de prêt rénovation',
        ]);
        expect(flat((await page.getByTestId('step-status').textContent())!)).toMatch(/^Étape 1 sur 4/);
        expect(await stepsOnOneLine(page)).toBe(true);

        await page.getByRole('tab', { name: 'Situation envisagée' }).click();
        // The status line exists on every step: wait for it to change rather than read the old one.
        await expect
          .poll(async () => flat((await page.getByTestId('step-status').textContent()) ?? ''))
          .toMatch(/^Étape 2 sur 4/);
        const works = page.getByLabel('Coût estimé des travaux');
        // Rejected entries keep their text and say what is expected, after leaving the field too.
        await works.fill('deux mille');
        await works.blur();
        expect(await works.inputValue()).toBe('deux mille');
        expect(flat((await page.locator('.field-error').first().textContent())!)).toBe(
          'Saisissez un nombre en chiffres, par exemple 2 000 ou 12,5. Le calcul garde 55000 €.',
        );
        expect(await works.getAttribute('aria-invalid')).toBe('true');
        await works.fill('-50');
        await works.blur();
        expect(flat((await page.locator('.field-error').first().textContent())!)).toBe(
          'La valeur doit être comprise entre 0 et 10000000. Le calcul garde 55000 €.',
        );
        await works.fill('48000');
        await page.getByLabel('Montant estimé des aides').fill('12000');
        await expect.poll(async () => flat((await page.getByTestId('to-finance').textContent())!)).toBe('36 000 €');
        expect(await page.locator('.field-error').count()).toBe(0);

        await page.getByRole('tab', { name: 'Emprunts' }).click();
        const eco = page.getByLabel("Montant de l'éco-prêt");
        // Proposed from what is left to finance, not a fixed 50 000 €.
        expect(await eco.inputValue()).toBe('36000');
        expect(await page.getByTestId('eco-warnings').count()).toBe(0);
        await eco.fill('50000');
        await eco.blur();
        const warning = page.getByTestId('eco-warnings');
        await expect.poll(() => warning.isVisible()).toBe(true);
        expect(flat((await warning.textContent())!)).toContain(
          'L’éco-prêt (50 000 €) dépasse ce qu’il reste à financer : 36 000 € (travaux 48 000 € moins aides 12 000 €).',
        );
        expect(flat((await page.getByTestId('regular-amount').textContent())!)).toBe('0,00 €');
        // Sentences for the public; the formula only behind « Comment l’annuité est-elle calculée ? ».
        expect(flat((await page.getByTestId('eco-sentence').textContent())!)).toBe(
          'Éco-prêt de 50 000 € à 0 % sur 20 ans : vous remboursez 2 500 € chaque année pendant 20 ans, ' +
            'sans intérêts (taux nul) : la somme empruntée, rien de plus.',
        );
        expect(await page.getByText('montant × taux ÷ (1 − (1 + taux)^−durée)').isVisible()).toBe(false);
        expect(await stepsOnOneLine(page)).toBe(true);
        expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `issue16-ecorenover-loans-warning-${width}`);

        await page.getByRole('tab', { name: 'Résultats' }).click();
        const firstYear = flat((await page.getByTestId('eco-first-year').textContent())!);
        expect(firstYear).toContain('Les aides et les emprunts dépassent le coût des travaux de 14 000 €');
        expect(firstYear).toContain(
          'vous recevez cette année-là 9 500 € de plus que vous ne dépensez : ' +
            'c’est pourquoi le montant de l’année 1 est négatif.',
        );
        // The chart's data table keeps its column headers at every width.
        const chart = page.getByRole('figure', { name: 'Ce que vous payez chaque année' });
        await chart.getByText('Voir les données sous forme de tableau').click();
        const header = chart.getByRole('columnheader', { name: 'Avec travaux et emprunts' });
        expect(await header.isVisible()).toBe(true);
        const firstRow = chart.getByRole('row').nth(1);
        expect((await firstRow.locator('th, td').allTextContents()).map(flat)).toEqual(['1', '2 000 €', '-9 500 €']);
        const headerBox = (await header.boundingBox())!;
        const cellBox = (await firstRow.getByRole('cell').nth(1).boundingBox())!;
        // The figure sits under its header (a table), not alone on a card.
        expect(Math.abs(headerBox.x + headerBox.width - (cellBox.x + cellBox.width))).toBeLessThan(2);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `issue16-ecorenover-results-${width}`);
        expect(await page.evaluate(() => (window as unknown as { __titles: string[] }).__titles)).toEqual([
          'Simulateur de prêt rénovation',
        ]);
        expect(errors).toEqual([]);
        await close();
      },
    );
  }

  for (const width of [1280, 375]) {
    it(
      `Thermix at ${width} px: preset notice, project type, ` +
        `same-appliance heat pump, solar without backup, car figure, renewable share`,
      async () => {
        const { page, close, errors } = await openPage(browser, width);
        await page.goto(`${t.url}/thermix/mes-besoins`);
        await page.getByRole('button', { name: "Appliquer l'exemple" }).click();
        // Said next to the button, no toast over the page.
        await expect
          .poll(async () => flat((await page.locator('.sim-applied').textContent()) ?? ''))
          .toBe('Exemple 1 appliqué : vos besoins ont été remplis.');
        expect(await page.locator('.toast').count()).toBe(0);
        // « Type de projet »: every choice readable whole within the page.
        const viewport = page.viewportSize()!;
        for (const name of [
          'Construction neuve',
          'Rénovation globale',
          'Rénovation des systèmes (chauffage et eau chaude)',
          'Rénovation du système de chauffage seul (sans eau chaude)',
        ]) {
          const radio = page.getByRole('radio', { name });
          expect(await radio.isVisible()).toBe(true);
          const label = (await page.locator('label', { has: radio }).boundingBox())!;
          expect(label.x + label.width).toBeLessThanOrEqual(viewport.width);
        }
        expect(
          await page.getByRole('radio', { name: 'Rénovation des systèmes (chauffage et eau chaude)' }).isChecked(),
        ).toBe(true);
        expect(await stepsOnOneLine(page)).toBe(true);
        await screenshot(page, `issue16-thermix-needs-${width}`);

        await page.getByRole('tab', { name: 'Solutions' }).click();
        await expect
          .poll(async () => flat((await page.getByTestId('step-status').textContent()) ?? ''))
          .toMatch(/^Étape 2 sur 3/);
        const first = page.getByRole('article', { name: 'Solution 1' });
        await first.getByLabel('Système de chauffage 1').selectOption('heat_pump_air_water');
        await first.getByLabel("Système d'eau chaude 1").selectOption('heat_pump_air_water');
        // Named for both uses, the heat pump is one appliance, priced with heating.
        await expect.poll(() => first.getByLabel("Système d'eau chaude 1").inputValue()).toBe('synced_with_heating');

        const second = page.getByRole('article', { name: 'Solution 2' });
        await second.getByLabel('Système de chauffage 1').selectOption('solar_system_combined');
        await expect.poll(async () => flat((await second.locator('.badge').textContent())!)).toBe('À compléter');
        expect(flat((await second.locator('.sim-issues').textContent())!)).toContain(
          'Le solaire ne couvre qu’une partie du chauffage : ajoutez un second système de chauffage (appoint).',
        );
        await screenshot(page, `issue16-thermix-solar-alone-${width}`);

        await page.getByRole('tab', { name: 'Résultats' }).click();
        const card = page.getByRole('article', { name: 'Solution 1' });
        await expect
          .poll(() => page.locator('[data-figure="0-investment"]').isVisible(), { timeout: 15_000 })
          .toBe(true);
        // Only solution 1 is computed: the solar-only one is not complete.
        expect(await page.locator('[data-figure="1-investment"]').count()).toBe(0);
        expect(flat((await page.locator('[data-figure="0-investment"]').textContent())!)).toBe('12 000 €');
        const carbon = figureNumber((await page.locator('[data-figure="0-carbonReport"]').textContent())!);
        const km = figureNumber((await page.locator('[data-figure="0-carbonReportKmEquivalent"]').textContent())!);
        expect(carbon).toBeGreaterThan(0);
        // kg ÷ 0.217 kg CO2 per km (whole figures on screen: ± 5 km of rounding)
        expect(Math.abs(km - carbon / 0.217)).toBeLessThan(5);
        await card.getByRole('button', { name: 'Comment est-ce calculé ? Équivalent en voiture, Solution 1' }).click();
        const kmDialog = page.getByRole('dialog');
        await expect.poll(() => kmDialog.isVisible()).toBe(true);
        expect(flat((await kmDialog.textContent())!)).toContain(
          'Une voiture moyenne émet 0,217 kg de CO₂ par kilomètre',
        );
        await page.keyboard.press('Escape');
        await expect.poll(() => kmDialog.isVisible()).toBe(false);
        await card
          .getByRole('button', { name: "Comment est-ce calculé ? Part d'énergie renouvelable, Solution 1" })
          .click();
        const ratioDialog = page.getByRole('dialog');
        await expect.poll(() => ratioDialog.isVisible()).toBe(true);
        expect(flat((await ratioDialog.textContent())!)).toContain(
          'PAC air/eau (chauffage) : part renouvelable = 1 − 2,58 ÷ COP 2,2 = -17,27 %, ramenée à 0 %',
        );
        await page.keyboard.press('Escape');
        expect(await stepsOnOneLine(page)).toBe(true);
        expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `issue16-thermix-results-${width}`);
        expect(errors).toEqual([]);
        await close();
      },
    );
  }
});
