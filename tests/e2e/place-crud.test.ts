import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

describe('places through the generated screens (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it(
    'an anonymous visit is sent to the login screen carrying the wanted URL, ' + 'and comes back after sign-in',
    async () => {
      const { page, context } = await newPage(browser);
      await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
      await page.waitForURL(/\/mon-compte\/connexion\?next=/);
      expect(new URL(page.url()).searchParams.get('next')).toBe('/dialogwatt/gestion-des-lieux/');
      await page.getByLabel('Adresse électronique').fill('conseiller@demo.fr');
      await page.getByLabel('Mot de passe').fill('renovation-demo');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Lieux de rendez-vous');
      await context.close();
    },
  );

  it('creates, edits and deletes a place', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
    await page.getByRole('link', { name: 'Nouveau lieu' }).click();
    await page.waitForURL(/\/creation\/$/);

    // Saving an empty form shows the French errors on their fields and in the panel.
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.locator('.field-error').first().textContent()).toBe('Ce champ est obligatoire.');
    expect(await page.locator('.panel-error').first().textContent()).toBe(
      'Le formulaire « Informations générales » comporte des erreurs, merci de les corriger.',
    );
    await screenshot(page, 'place-create-errors');

    await page.getByLabel('Nom').first().fill('Permanence de Meylan');
    await page.getByLabel('Espace Conseil Démo').check();
    await page.getByLabel('Claire Conseillère').check();
    await page.getByLabel('Latitude').fill('45,2097');
    await page.getByLabel('Code postal').fill('38240');
    await page.getByLabel('Commune').fill('Meylan');
    await screenshot(page, 'place-create-filled');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
    const row = page.getByRole('row', { name: /Permanence de Meylan/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Meylan');
    await screenshot(page, 'place-list-after-create');

    const stored = (await t.call('/dialogwatt/place/?q=Meylan', { token: await t.login('conseiller@demo.fr') }))
      .body[0];
    expect(stored).toMatchObject({
      name: 'Permanence de Meylan',
      slug: 'permanence-de-meylan',
      lat: 45.2097,
      groups: [2],
      selectedAdvisors: [3],
    });

    await row.getByRole('link', { name: 'Permanence de Meylan' }).click();
    await page.waitForURL(/\/edition\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Permanence de Meylan');
    await page.getByLabel('Nom').first().fill('Permanence de Meylan (mairie)');
    await page.getByLabel('Adresse', { exact: true }).fill('4 avenue du Granier');
    await screenshot(page, 'place-edit');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
    await expect.poll(() => page.getByRole('row', { name: /Permanence de Meylan \(mairie\)/ }).count()).toBe(1);

    await page.getByRole('link', { name: 'Permanence de Meylan (mairie)' }).click();
    await page.waitForURL(/\/edition\/\d+$/);
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attention !' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Souhaitez-vous poursuivre ?');
    // The buttons name the action, in red as it cannot be undone; « Annuler » has the focus:
    // Enter does not delete by accident.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Annuler');
    expect(await dialog.getByRole('button', { name: 'Supprimer le lieu' }).getAttribute('class')).toContain(
      'button-danger',
    );
    await screenshot(page, 'place-delete-confirm');
    await dialog.getByRole('button', { name: 'Supprimer le lieu' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
    await expect.poll(() => page.getByRole('row', { name: /Meylan/ }).count()).toBe(0);
    expect((await t.call('/dialogwatt/place/?q=Meylan', { token: await t.login('conseiller@demo.fr') })).body).toEqual(
      [],
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows server-side field errors on their fields (relation refused by the server)', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
    await page.getByLabel('Nom').first().fill("Permanence d'Échirolles");
    await page.getByLabel('Espace Conseil Démo').check();
    await page.getByLabel("Identifiant d'URL").fill('permanence-echirolles');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(() => page.locator('.has-error .field-error').first().textContent())
      .toBe('Cette valeur est déjà utilisée par un autre enregistrement.');
    await screenshot(page, 'place-server-error');
    await context.close();
  });
});
