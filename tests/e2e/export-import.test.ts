import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

describe('export and import from the generic list (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('« Exporter » downloads the list as a CSV; « Importer » previews a file, then imports it', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/zones-de-chalandise/`);
    await expect.poll(() => page.getByRole('row', { name: /Sud grenoblois/ }).count()).toBe(1);

    // Keyboard: the button opens the formats, the first one has the focus.
    await page.getByRole('button', { name: 'Exporter' }).focus();
    await page.keyboard.press('Enter');
    const csvChoice = page.getByRole('button', { name: 'CSV (tableur, séparateur « ; »)' });
    await expect.poll(() => csvChoice.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'export-menu-open');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^zones-de-chalandise-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFNom;Structure;Active;Communes (codes INSEE);Description\r\n')).toBe(true);
    expect(text).toContain('Sud grenoblois;Espace Conseil Démo;Oui;38151;');
    expect(text).not.toContain('Vallée');

    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des zones de chalandise' });
    await dialog.getByLabel('Fichier à importer').setInputFiles({
      name: 'zones.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        '\uFEFFNom;Structure;Communes (codes INSEE);Active\r\n' +
          'Zone du Vercors;Espace Conseil Démo;38185;Oui\r\n' +
          'Sud grenoblois;Espace Conseil Démo;38151;Oui\r\n' +
          'Zone sans structure;;38185;Oui\r\n',
        'utf8',
      ),
    });
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Lignes à créer (1)' }).count()).toBe(1);
    expect(await dialog.getByRole('heading', { name: 'Lignes ignorées (1)' }).count()).toBe(1);
    expect(await dialog.getByRole('heading', { name: 'Lignes refusées (1)' }).count()).toBe(1);
    expect(await dialog.getByRole('row', { name: /^3 Existe déjà/ }).count()).toBe(1);
    expect(
      await dialog
        .getByRole('row', { name: /^4 Zone sans structure — Structure : Ce champ est obligatoire\./ })
        .count(),
    ).toBe(1);
    await screenshot(page, 'import-preview');
    // Nothing is written by the preview.
    const token = await t.login('conseiller@demo.fr');
    expect((await t.call('/dialogwatt/catchment-area/?q=vercors', { token })).body).toEqual([]);

    await dialog.getByRole('button', { name: "Confirmer l'import (1 ligne)" }).click();
    await expect.poll(() => dialog.getByText('1 créée(s), 1 ignorée(s), 1 refusée(s).').count()).toBe(1);
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Télécharger le rapport' }).click(),
    ]);
    const lines = readFileSync((await report.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFLigne;Résultat;Motif;Nom;Structure;Communes (codes INSEE);Active');
    expect(lines[1]).toBe('2;Créée;;Zone du Vercors;Espace Conseil Démo;38185;Oui');
    await screenshot(page, 'import-confirmed');
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await expect.poll(() => page.getByRole('row', { name: /Zone du Vercors/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
