import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// A `format: file` property through the generic form: the place's « Plan d'accès ».
describe('file fields in the generated form (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('uploads a file with the form, saves it with the record and downloads it back', async () => {
    const token = await t.login('conseiller@demo.fr');
    const created = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token,
      body: { name: 'Maison de l’énergie', groups: [2] },
    });
    expect(created.status).toBe(201);
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/edition/${created.body.pk}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Maison de l’énergie');
    const field = page.locator('.file-field');
    await screenshot(page, 'file-field-empty');
    expect(await field.textContent()).toContain('Aucun fichier');
    expect(await field.textContent()).toContain('Taille maximale : 5 Mo.');

    // A refused type is said at once, nothing is sent.
    const input = page.getByLabel("Plan d'accès");
    await input.setInputFiles({ name: 'outil.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect
      .poll(() => field.locator('.field-error').textContent())
      .toContain("Ce type de fichier n'est pas accepté");

    const content = Buffer.from('%PDF-1.4\nplan d’accès\n%%EOF\n');
    await input.setInputFiles({ name: 'plan d’accès.pdf', mimeType: 'application/pdf', buffer: content });
    await expect.poll(() => field.textContent()).toContain('plan d’accès.pdf');
    expect(await field.locator('.field-error').count()).toBe(0);
    expect(await field.getByRole('button', { name: 'Remplacer' }).count()).toBe(1);
    await screenshot(page, 'file-field-uploaded');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);

    const stored = (await t.call(`/dialogwatt/place/${created.body.pk}/`, { token })).body;
    expect(stored.accessMap).toMatchObject({
      name: 'plan d’accès.pdf',
      size: content.length,
      contentType: 'application/pdf',
    });

    // Opened again, the stored file's name downloads it.
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/edition/${created.body.pk}`);
    const link = page.locator('.file-field').getByRole('button', { name: 'plan d’accès.pdf' });
    await expect.poll(() => link.count()).toBe(1);
    await screenshot(page, 'file-field-saved');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('plan d’accès.pdf');
    const path = await download.path();
    expect((await readFile(path)).equals(content)).toBe(true);

    // Removing it and saving empties the field.
    await page.locator('.file-field').getByRole('button', { name: 'Retirer le fichier' }).click();
    expect(await page.locator('.file-field').textContent()).toContain('Aucun fichier');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
    expect((await t.call(`/dialogwatt/place/${created.body.pk}/`, { token })).body.accessMap).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
