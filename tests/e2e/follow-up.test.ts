import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

const WAIT = { timeout: 15_000 };

// Issue 11, done-when in Chromium: an advisor completes an action of a contact's folder (the
// seeded national programme's « Ménages ») and sees the folder's status change on the contact's page.
describe('a contact’s follow-up folder (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let folder: { pk: number; actions: { pk: number; modelName: string }[] };
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  beforeAll(async () => {
    const token = await t.login('conseiller@demo.fr');
    const res = await t.call('/fac/folder/', { method: 'POST', token, body: { contact: 1, model: 1 } });
    expect(res.status).toBe(201);
    folder = res.body;
  });

  it('completes A1 from the folder and sees « Conseillé » on the contact’s page', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/contacts/1`);
    const folders = page.getByRole('region', { name: /^Dossiers de suivi/ });
    await expect.poll(() => folders.getByText('Nouveau dossier').count(), WAIT).toBe(1);

    await page.goto(`${t.url}/fac/dossiers/${folder.pk}`);
    const actions = page.getByRole('region', { name: /^Actions du dossier/ });
    await expect.poll(() => actions.locator('tbody tr').count(), WAIT).toBe(7);
    await screenshot(page, 'follow-up-folder');
    expect(await seriousViolations(page)).toEqual([]);
    await actions.getByRole('link', { name: /^A1 - Information de premier niveau/ }).click();
    const a1 = folder.actions.find((a) => a.modelName.startsWith('A1'))!;
    await page.waitForURL(new RegExp(`/fac/actions/${a1.pk}$`));
    await page.getByLabel('Réalisé').check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const token = await t.login('conseiller@demo.fr');
    await expect.poll(async () => (await t.call(`/fac/action/${a1.pk}/`, { token })).body.done, WAIT).toBe(true);
    // Saved, the advisor is back on the folder the action was opened from, not on the list of all actions.
    await page.waitForURL(new RegExp(`/fac/dossiers/${folder.pk}$`), { ...WAIT, waitUntil: 'commit' });
    await expect.poll(() => actions.locator('tbody tr').count(), WAIT).toBe(7);
    await screenshot(page, 'follow-up-action-done');

    await page.goto(`${t.url}/fac/contacts/1`);
    await expect.poll(() => folders.getByText('Conseillé').count(), WAIT).toBe(1);
    await screenshot(page, 'follow-up-contact-status');
    await page.goto(`${t.url}/fac/dossiers/`);
    await expect.poll(() => page.getByRole('link', { name: 'Ménages — Hélène Ébrard' }).count(), WAIT).toBe(1);
    await screenshot(page, 'follow-up-folders-list');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an administrator the national programme as generated screens', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/fac/programmes/1`);
    const models = page.getByRole('region', { name: /^Modèles de dossier/ });
    await expect.poll(() => models.locator('tbody tr').count(), WAIT).toBe(3);
    await screenshot(page, 'follow-up-programme');
    await models.getByRole('link', { name: 'Ménages' }).click();
    const statuses = page.getByRole('region', { name: /^Statuts/ });
    await expect.poll(() => statuses.locator('tbody tr').count(), WAIT).toBe(4);
    await screenshot(page, 'follow-up-folder-model');
    await page.goto(`${t.url}/fac/modeles-d-action/1`);
    await expect
      .poll(() => page.getByLabel("Nom du modèle de l'action").inputValue(), WAIT)
      .toBe('A1 - Information de premier niveau');
    await screenshot(page, 'follow-up-action-model');
    expect(errors).toEqual([]);
    await context.close();
  });
});
