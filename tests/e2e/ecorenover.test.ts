import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { computeEcorenover } from '../../engine/simulators';
import { flat, pdfText } from '../helpers/pdf-text';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

describe('ecorenover in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('opens on the defaults, recomputes the loans, sums up 20 years and gives the PDF', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${t.url}/ecorenover`);
    await page.waitForURL(/\/ecorenover\/situation-actuelle$/);
    expect(await page.getByLabel('Facture énergétique annuelle').inputValue()).toBe('2000');
    expect(await page.getByLabel('Surface habitable').inputValue()).toBe('110');
    expect(await page.getByLabel("Hausse annuelle du prix de l'énergie").inputValue()).toBe('4');
    await page.getByRole('tab', { name: 'Situation envisagée' }).click();
    expect(await page.getByLabel('Consommation après travaux').inputValue()).toBe('50');
    expect(await page.getByLabel('Coût estimé des travaux').inputValue()).toBe('55000');
    expect(await page.getByLabel('Montant estimé des aides').inputValue()).toBe('10000');

    await page.getByRole('tab', { name: 'Emprunts' }).click();
    // Spec defaults, the eco loan proposed from what is left to finance: 55 000 − 10 000 = 45 000 €.
    const amount = page.getByTestId('regular-amount');
    expect(await page.getByLabel("Montant de l'éco-prêt").inputValue()).toBe('45000');
    expect(flat((await amount.textContent())!)).toBe('0,00 €');
    expect(flat((await page.getByTestId('eco-payment').textContent())!)).toBe('2 250,00 €');
    await screenshot(page, 'ecorenover-loans-defaults-1280');
    // An eco loan of 40 000 €: the regular loan takes the other 5 000 €, 403,83 € a year at 2,5 % over 15 years.
    await page.getByLabel("Montant de l'éco-prêt").fill('40000');
    await expect.poll(async () => flat((await amount.textContent())!)).toBe('5 000,00 €');
    expect(flat((await page.getByTestId('regular-payment').textContent())!)).toBe('403,83 €');
    expect(flat((await page.getByTestId('eco-payment').textContent())!)).toBe('2 000,00 €');
    // A rate typed with a comma; a length of 0 means no payment.
    await page.getByLabel('Taux du prêt classique').fill('3,2');
    await page.getByLabel('Durée du prêt classique').fill('0');
    await expect.poll(async () => flat((await page.getByTestId('regular-payment').textContent())!)).toBe('0,00 €');
    await page.getByLabel('Durée du prêt classique').fill('12');
    await page.getByLabel('Taux du prêt classique').fill('abc');
    expect(await page.getByText('Saisissez un nombre en chiffres, par exemple 2 000 ou 12,5.').isVisible()).toBe(true);
    await page.getByLabel('Taux du prêt classique').fill('3,2');

    await page.getByRole('tab', { name: 'Résultats' }).click();
    const expected = computeEcorenover({
      annualInvoice: 2000,
      costOfEnergyIncrease: 0.04,
      futureEnergyConsumption: 50,
      estimatedCostOfHouseWork: 55_000,
      estimatedAmountOfHelps: 10_000,
      regularLoanRate: 0.032,
      ecoLoanRate: 0,
      regularLoanLength: 12,
      ecoLoanLength: 20,
      ecoLoanAmount: 40_000,
    });
    const summary = flat((await page.getByTestId('eco-summary').textContent())!);
    expect(summary).toContain(flat(expected.summary));
    expect(summary).toMatch(
      /Sur 20 ans, votre projet de rénovation vous aura (rapporté|coûté) [\d ]+ €, aides et emprunts compris\./,
    );
    expect(summary).toContain(flat(expected.firstFiveYearsSummary));
    for (const title of ['Ce que vous payez chaque année', 'Bilan cumulé']) {
      const chart = page.getByRole('figure', { name: title });
      expect(await chart.isVisible()).toBe(true);
      expect(await chart.locator('svg[role="img"] path').count()).toBeGreaterThan(0);
    }
    await screenshot(page, 'ecorenover-results-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le rapport PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ecorenover-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { text } = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain(flat(expected.summary));

    const [printable] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Version imprimable' }).click(),
    ]);
    await printable.waitForURL(/\/ecorenover\/rapport\/[0-9a-f-]{36}\/pdf$/);
    await expect
      .poll(async () =>
        flat(
          (await printable
            .getByTestId('eco-summary')
            .textContent()
            .catch(() => '')) ?? '',
        ),
      )
      .toContain(flat(expected.summary));
    await screenshot(printable, 'ecorenover-printable-1280');
    await printable.close();

    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'ecorenover-results-375');
    await page.getByRole('tab', { name: 'Emprunts' }).click();
    await screenshot(page, 'ecorenover-loans-375');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the embeddable variant is for advisors and clients, without the site around it', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${t.url}/ecorenover-iframe`);
    await page.waitForURL(/\/mon-compte\/connexion\?next=/);
    await signIn(page, t.url, 'client@demo.fr');
    await page.goto(`${t.url}/ecorenover-iframe`);
    await expect.poll(() => page.getByRole('tab', { name: 'Situation actuelle' }).isVisible()).toBe(true);
    expect(await page.locator('.side-menu').count()).toBe(0);
    await page.getByRole('tab', { name: 'Emprunts' }).click();
    await page.waitForURL(/\/ecorenover-iframe\/emprunts$/);
    await screenshot(page, 'ecorenover-iframe-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
