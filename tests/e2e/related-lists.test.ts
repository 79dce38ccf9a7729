import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// Related lists (x-entity.related) on the generic record page: place → its slots, group → its
// places (place.groups, a list of pks), appointment → its exchanges.
describe('related lists on a record page (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  // A record page loads its meta, its record, then each panel's meta and rows: more than a second
  // on a busy machine.
  const soon = { timeout: 20_000 };
  const panel = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });
  const count = async (page: Page, title: string) =>
    Number(/\((\d+)\)/.exec((await panel(page, title).getByRole('heading').textContent()) ?? '')?.[1]);

  it("shows a place's slots, five at a time, each leading to its form", async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/edition/1`);
    const slots = panel(page, 'Créneaux du lieu');
    await expect.poll(() => slots.getByRole('row').count(), soon).toBe(6);
    const api = await t.call('/dialogwatt/slot/?place=1&perPage=5', { token: await t.login('conseiller@demo.fr') });
    const total = Number(api.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(5);
    expect(await count(page, 'Créneaux du lieu')).toBe(total);
    // The cancelled slot of the fixtures is left out, as in the slots' own list.
    expect(await slots.textContent()).not.toContain('Permanence annulée');
    expect(await slots.getByRole('columnheader').allTextContents()).toEqual(['Début', 'Fin', 'Intitulé', 'État']);
    await screenshot(page, 'related-place-slots-1280');

    await slots.getByRole('button', { name: 'Page suivante' }).click();
    await expect.poll(() => slots.getByText(`6–${Math.min(10, total)} sur ${total}`).count(), soon).toBe(1);
    const first = slots.getByRole('row').nth(1).getByRole('link');
    const label = await first.textContent();
    await first.click();
    await page.waitForURL(/\/dialogwatt\/gestion-des-creneaux\/edition\/\d+$/);
    expect(label).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a place to a structure from its page: the structure is preset and locked', async () => {
    // bypassCSP only lets the test inject axe.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'fr-FR',
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/groupes/2`);
    const title = 'Lieux de rendez-vous de la structure';
    const places = panel(page, title);
    await expect.poll(() => count(page, title), soon).toBe(3);
    expect(await places.getByRole('link').allTextContents()).toEqual([
      'Espace Conseil de Grenoble',
      "Permanence d'Échirolles",
      'Permanence de Fontaine',
    ]);

    expect(await seriousViolations(page)).toEqual([]);
    const add = places.getByRole('button', { name: /^Ajouter/ });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau lieu' });
    await expect.poll(() => dialog.isVisible(), soon).toBe(true);
    const structure = dialog.getByLabel('Espace Conseil Démo');
    expect(await structure.isChecked()).toBe(true);
    expect(await structure.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Nom').first().fill('Permanence de Vif');
    await screenshot(page, 'related-group-add-dialog');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();

    await expect.poll(() => dialog.count(), soon).toBe(0);
    await expect.poll(() => count(page, title), soon).toBe(4);
    expect(await places.getByRole('link', { name: 'Permanence de Vif' }).count()).toBe(1);
    // Still on the structure's page, the focus back on the button that opened the dialog.
    expect(new URL(page.url()).pathname).toBe('/groupes/2');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), soon).toMatch(/^Ajouter/);
    const stored = await t.call('/dialogwatt/place/?q=vif', { token: await t.login('admin@demo.fr') });
    expect(stored.body).toMatchObject([{ name: 'Permanence de Vif', groups: [2] }]);

    // Escape closes the dialog without adding anything; with a typed value, after asking.
    await add.click();
    await expect.poll(() => page.getByRole('dialog').count(), soon).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), soon).toBe(0);
    await add.click();
    await dialog.getByLabel('Nom').first().fill('Permanence abandonnée');
    await page.keyboard.press('Escape');
    const leave = page.getByRole('button', { name: 'Abandonner les modifications' });
    await expect.poll(() => leave.isVisible(), soon).toBe(true);
    await page.getByRole('button', { name: 'Continuer la saisie' }).click();
    await expect.poll(() => leave.isVisible(), soon).toBe(false);
    expect(await dialog.getByLabel('Nom').first().inputValue()).toBe('Permanence abandonnée');
    await page.keyboard.press('Escape');
    await leave.click();
    await expect.poll(() => dialog.count(), soon).toBe(0);
    await expect.poll(() => count(page, title), soon).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers no « Ajouter » to an advisor who may not add a place to that structure', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'superconseiller@demo.fr');
    const title = 'Lieux de rendez-vous de la structure';
    // Their own structure: they may add its places.
    await page.goto(`${t.url}/groupes/2`);
    await expect.poll(() => count(page, title), soon).toBeGreaterThan(0);
    expect(
      await panel(page, title)
        .getByRole('button', { name: /^Ajouter/ })
        .count(),
    ).toBe(1);
    // Another structure: its places are listed, none can be added by them.
    await page.goto(`${t.url}/groupes/3`);
    await expect.poll(() => count(page, title), soon).toBe(1);
    expect(await panel(page, title).getByRole('link').allTextContents()).toEqual(['Espace Conseil de la vallée']);
    expect(
      await panel(page, title)
        .getByRole('button', { name: /^Ajouter/ })
        .count(),
    ).toBe(0);
    await context.close();
  });

  it("shows an appointment's exchanges read-only, with a French empty state, on a phone", async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page, t.url, 'conseiller@demo.fr');
    const token = await t.login('conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/mes-rendez-vous/edition/3`);
    const title = 'Courriels et SMS du rendez-vous';
    const total = Number(
      (await t.call('/dialogwatt/exchange/?appointment=3&perPage=5', { token })).headers.get('x-total-count'),
    );
    // The demo's appointment 3 has sent nothing yet.
    expect(total).toBe(0);
    await expect.poll(() => count(page, title), soon).toBe(0);
    expect(await panel(page, title).textContent()).toMatch(/Aucun élément lié pour l.instant\./);
    expect(await panel(page, title).getByRole('table').count()).toBe(0);
    // Exchanges are written by the platform: nobody adds one by hand.
    expect(
      await panel(page, title)
        .getByRole('button', { name: /^Ajouter/ })
        .count(),
    ).toBe(0);
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/edition/1`);
    await expect.poll(() => panel(page, 'Créneaux du lieu').getByRole('row').count(), soon).toBe(6);
    await screenshot(page, 'related-place-slots-375');
    await context.close();
  });
});
