import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { deleteDemoFolders } from '../helpers/app-suite';

const WAIT = { timeout: 20_000 };
type Rec = Record<string, any>;

// Issue 11 item 8 in Chromium: an advisor imports the national platform's feedback file, sees the
// act to fix on the feedback's page and follows the link to its folder.
describe('national platform feedback (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  let folder: Rec;
  let act: number;

  beforeAll(async () => {
    // The demo's follow-up folders (acts of 2020) would count in the comparison below.
    await deleteDemoFolders(t, await t.login('admin@demo.fr'));
    const token = await t.login('conseiller@demo.fr');
    const contact = await t.call('/fac/contact/', {
      method: 'POST',
      token,
      body: { firstName: 'Lucie', lastName: 'Retour' },
    });
    folder = (await t.call('/fac/folder/', { method: 'POST', token, body: { contact: contact.body.pk, model: 1 } }))
      .body;
    act = (folder.actions as Rec[]).find((a) => String(a.modelName).startsWith('A1 '))!.pk;
    const done = await t.call(`/fac/action/${act}/`, {
      method: 'PATCH',
      token,
      body: { done: true, date: '2020-03-02' },
    });
    expect(done.status).toBe(200);
  });

  it('exports the sare file, imports a feedback file, lists the act in error and opens its folder', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/plateforme-nationale`);
    // The platform's own format, chosen by its French label: Windows-1252, |;|, no header.
    const exporting = page.getByRole('form', { name: 'Export des actes' });
    await exporting.getByLabel('Programme').selectOption({ label: 'Programme SARE' }, WAIT);
    await exporting.getByLabel('Période').selectOption({ label: 'SARE - 2020' }, WAIT);
    await exporting.getByLabel('Format').selectOption({ label: 'Fichier de la plateforme nationale (sare)' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporting.getByRole('button', { name: 'Exporter' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('actes-2020-01-01-2020-12-31.sare');
    const lines = iconv.decode(readFileSync((await download.path())!), 'win1252').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => l.split('|;|').length)).toEqual([39]);
    expect(lines[0]).toMatch(
      new RegExp(`^renovation\\.fac\\.action\\.${act}\\|;\\|SARE-DEMO-01\\|;\\|Claire Conseillère\\|;\\|A01\\|`),
    );
    const form = page.getByRole('form', { name: "Import d'un retour" });
    await form.getByLabel('Programme').selectOption({ label: 'Programme SARE' }, WAIT);
    await form.getByLabel('Période').selectOption({ label: 'SARE - 2020' }, WAIT);
    const csv =
      "Identifiant unique de l'acte;Type Acte;Statut;Motif\r\n" +
      `renovation.fac.action.${act};A01;ERREUR;Code postal absent\r\n`;
    await form.getByLabel('Fichier de retour').setInputFiles({
      name: 'retour-mars.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await screenshot(page, 'national-platform-import');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Importer' }).click();
    await page.waitForURL(/\/fac\/retours-tbs\/\d+$/, WAIT);
    const reported = page.getByRole('region', { name: 'Actes signalés par la plateforme' });
    const row = reported.getByRole('row', { name: /Code postal absent/ });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    await expect
      .poll(() => row.locator('td').allTextContents(), WAIT)
      .toEqual(expect.arrayContaining(['2', 'A01', 'En erreur', 'Code postal absent', `renovation.fac.action.${act}`]));
    await screenshot(page, 'national-platform-feedback');
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('link', { name: folder.name }).click();
    await page.waitForURL(new RegExp(`/fac/dossiers/${folder.pk}$`), WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('compares, for the administrator, exported and accepted acts per act type', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/fac/comparaison-tbs`);
    await page.getByLabel('Programme').selectOption({ label: 'Programme SARE' }, WAIT);
    await page.getByLabel('Période').selectOption({ label: 'SARE - 2020' }, WAIT);
    await page.getByLabel('Structure').selectOption({ label: 'Espace Conseil Démo' }, WAIT);
    await page.getByRole('button', { name: 'Comparer' }).click();
    const table = page.getByRole('table', { name: "Actes exportés et acceptés par type d'acte" });
    // Columns: exported, in error, rejected, accepted, absent from the export; the one act of the journey is in error.
    await expect
      .poll(() => table.getByRole('row', { name: /^A01/ }).locator('td').allTextContents(), WAIT)
      .toEqual(['1', '1', '0', '0', '0']);
    await screenshot(page, 'national-platform-comparison');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
