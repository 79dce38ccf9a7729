import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 4, API item "thermix settings per user": a signed-in advisor saves their own settings from
// the thermix screen; they come back after a reload, feed the estimation pages, and are theirs only.

describe('thermix personal settings in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('an advisor saves their settings; they persist, apply to estimations and stay theirs', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/thermix/mes-besoins`);
    await page.getByText('Paramètres de calcul').click();

    const perPerson = page.getByLabel('Besoin d’eau chaude par personne');
    const solar = page.getByLabel('Production solaire thermique par m² de capteurs');
    const ratio = page.getByLabel('Part de la facture due au chauffage et à l’eau chaude');
    expect(await perPerson.inputValue()).toBe('650');
    expect(await ratio.inputValue()).toBe('90');

    // Out of bounds: a French message on the field.
    await ratio.fill('120');
    await expect.poll(() => page.getByText('La valeur doit être comprise entre 0 et 100.').count()).toBe(1);
    await ratio.fill('85');
    await perPerson.fill('700');
    await solar.fill('500,5');
    // Issue 16: the solar ceilings are used by the calculation (and sent with it); the custom carbon
    // tax, which the energy prices already include, is not offered.
    expect(
      await page.getByText('Au-delà, le système d’appoint produit le reste du besoin de chauffage.').isVisible(),
    ).toBe(true);
    expect(await page.getByLabel(/Taxe carbone/).count()).toBe(0);
    await page.getByLabel('Part maximale du chauffage couverte par le solaire').fill('30');
    await page.getByRole('button', { name: 'Enregistrer mes paramètres' }).click();
    await page.getByText('Vos paramètres du simulateur ont été enregistrés').waitFor();
    await screenshot(page, 'thermix-my-settings-1280');

    // Saved on the server, for this user.
    const token = await t.login('conseiller@demo.fr');
    const mine = await t.call('/thermix/settings/', { token });
    expect(mine.body).toMatchObject({
      hotWaterNeedsByPerson: 700,
      thermalSolarProdByM2: 500.5,
      hotWaterAndHeatingConsumptionRatio: 0.85,
      thermalSolarMaxProdRatioHeating: 0.3,
    });
    // Saving kept the stored carbon tax (the screen no longer sends it).
    expect(mine.body.customCarbonTax).toEqual({ year: 2030, amount: 100 });
    expect(mine.body.pk).toEqual(expect.any(Number));
    const other = await t.call('/thermix/settings/', { token: await t.login('superconseiller@demo.fr') });
    expect(other.body).toMatchObject({ pk: null, hotWaterNeedsByPerson: 650, thermalSolarProdByM2: 450 });

    // After a reload: the panel and this simulation start from the saved values.
    await page.reload();
    await page.getByText('Environ 700 kWh par personne et par an.').waitFor();
    await page.getByText('Paramètres de calcul').click();
    expect(await page.getByLabel('Besoin d’eau chaude par personne').inputValue()).toBe('700');
    expect(await page.getByLabel(/^Production solaire thermique(?! par)/).inputValue()).toBe('500,5');

    // The saved ceiling goes with the calculation the results tab asks for.
    await page.getByRole('tab', { name: 'Solutions' }).click();
    await page
      .getByRole('article', { name: 'Solution 1' })
      .getByLabel('Système de chauffage 1')
      .selectOption('gaz_boiler_condensing');
    const computed = page.waitForRequest((r) => r.url().includes('/thermix/compute_results'));
    await page.getByRole('tab', { name: 'Résultats' }).click();
    expect((await computed).postDataJSON()).toMatchObject({
      thermalSolarMaxProdRatioHeating: 0.3,
      thermalSolarMaxProdRatioHotWater: 0.7,
    });
    await page.getByRole('tab', { name: 'Besoins' }).click();

    // The estimation from invoices uses the saved figures.
    await page.getByRole('link', { name: 'Rénovation des systèmes : factures' }).click();
    await page.getByText('85 % de cette consommation sont comptés comme besoins').waitFor();
    expect(await page.getByText('(700 kWh par personne)').count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor is invited to sign in instead of saving', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${t.url}/thermix/mes-besoins`);
    await page.getByText('Paramètres de calcul').click();
    await page.getByText('Connectez-vous pour enregistrer vos propres paramètres par défaut.').waitFor();
    expect(await page.getByRole('button', { name: 'Enregistrer mes paramètres' }).count()).toBe(0);
    await context.close();
  });
});
