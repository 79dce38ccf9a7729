import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

const PLACES = '/dialogwatt/gestion-des-lieux/';
const WAIT = { timeout: 20_000 };

// A custom form (platform-entities §7): an administrator adds a field for one structure in the
// form editor; that structure's advisors get it, the neighbour structure's do not.
describe('custom forms: a field added for one structure (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let wl: number;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  beforeAll(async () => {
    wl = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
  });

  it('is made in the form editor for « Espace Conseil Démo », with no serious accessibility violation', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'fr-FR',
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/administration/marques-blanches/${wl}/formulaires/place`);
    const panel = page.getByRole('region', { name: 'Formulaires personnalisés par structure' });
    await expect.poll(() => panel.getByText('Aucun formulaire de structure.').count(), WAIT).toBe(1);
    await panel.getByLabel('Structure').selectOption({ label: 'Espace Conseil Démo' });
    await panel.getByRole('button', { name: 'Ouvrir son formulaire' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT)
      .toBe('Formulaire personnalisé « Lieux de rendez-vous » — la structure « Espace Conseil Démo » — localhost');
    expect(await page.getByText("Aucun champ ajouté pour l'instant").count()).toBe(1);
    // Only its own fields are listed: the white label's form is not edited here.
    expect(await page.getByRole('group', { name: 'Nom', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ajouter un champ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un champ' });
    await dialog.getByLabel('Libellé').fill("Code d'accès");
    await dialog.getByLabel('Champ obligatoire').check();
    await dialog.getByRole('button', { name: 'Ajouter le champ' }).click();
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
    const preview = page.locator('.wl-preview');
    await expect.poll(() => preview.getByLabel("Code d'accès").count(), WAIT).toBe(1);
    // The preview is the whole form as the structure will see it.
    expect(await preview.getByLabel('Nom').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect
      .poll(() => page.locator('.wl-save-status').textContent(), WAIT)
      .toBe('Version 1 enregistrée, aucune modification en cours.');
    await screenshot(page, 'custom-form-editor');
    await page
      .getByRole('link', { name: 'Retour au formulaire « Lieux de rendez-vous » de la marque blanche' })
      .click();
    await expect.poll(() => panel.getByRole('link', { name: 'Espace Conseil Démo (version 1)' }).count(), WAIT).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the field on that structure's forms only, and requires it there", async () => {
    const advisor = await newPage(browser);
    await signIn(advisor.page, t.url, 'conseiller@demo.fr');
    await advisor.page.goto(`${t.url}${PLACES}creation/`);
    const code = advisor.page.getByLabel("Code d'accès");
    await expect.poll(() => code.count(), WAIT).toBe(1);
    await advisor.page.getByLabel('Nom').first().fill('Permanence à code');
    await advisor.page.getByLabel('Espace Conseil Démo').check();
    await advisor.page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(() => advisor.page.locator('.has-error').filter({ hasText: "Code d'accès" }).count(), WAIT)
      .toBe(1);
    await code.fill('B12');
    await advisor.page.getByRole('button', { name: 'Enregistrer' }).click();
    await advisor.page.waitForURL(`${t.url}${PLACES}`, { timeout: 60_000 });
    const token = await t.login('conseiller@demo.fr');
    const stored = (await t.call('/dialogwatt/place/?q=code', { token, domain: 'localhost' })).body[0];
    expect(stored.customFormData).toEqual({ xCodeDAcces: 'B12' });
    // Its record page shows the answer.
    await advisor.page.goto(`${t.url}${PLACES}edition/${stored.pk}`);
    await expect.poll(() => advisor.page.getByLabel("Code d'accès").inputValue(), WAIT).toBe('B12');
    await screenshot(advisor.page, 'custom-form-advisor');
    expect(advisor.errors).toEqual([]);
    await advisor.context.close();

    const neighbour = await newPage(browser);
    await signIn(neighbour.page, t.url, 'conseiller.voisin@demo.fr');
    await neighbour.page.goto(`${t.url}${PLACES}creation/`);
    await neighbour.page.getByLabel('Nom').first().waitFor();
    expect(await neighbour.page.getByLabel("Code d'accès").count()).toBe(0);
    expect(neighbour.errors).toEqual([]);
    await neighbour.context.close();
  });
});
