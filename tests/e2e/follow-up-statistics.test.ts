import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { deleteDemoFolders } from '../helpers/app-suite';

const WAIT = { timeout: 15_000 };

// Issue 11, done-when in Chromium: `/fac/suivi` as an advisor — the seeded programme's statistics
// with a folder at « Conseillé », the budget chart, a drill-down reached with the keyboard, the
// workbook downloaded, and no serious or critical axe-core violation.
describe('follow-up statistics /fac/suivi (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  beforeAll(async () => {
    const admin = await t.login('admin@demo.fr');
    // The figures are those of the folder made here: the demo's own 2020 folders go first.
    await deleteDemoFolders(t, admin);
    const budget = { project: 1, period: 1, group: 2, totalEnvelope: 5000 };
    expect((await t.call('/fac/budget/', { method: 'POST', token: admin, body: budget })).status).toBe(201);
    const token = await t.login('conseiller@demo.fr');
    const folder = await t.call('/fac/folder/', { method: 'POST', token, body: { contact: 1, model: 1 } });
    expect(folder.status).toBe(201);
    for (const [model, date] of [
      [1, '2020-02-03'],
      [2, '2020-03-16'],
    ] as const) {
      const action = folder.body.actions.find((a: { model: number }) => a.model === model);
      const res = await t.call(`/fac/action/${action.pk}/`, { method: 'PATCH', token, body: { done: true, date } });
      expect(res.status).toBe(200);
    }
  });

  it('shows the statuses, acts and budget, drills down and exports', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/suivi`);
    const menages = page.getByRole('region', { name: 'Ménages' });
    const statuses = menages.getByRole('table', { name: /^Statuts des dossiers/ });
    const advised = statuses.getByRole('row', { name: /Conseillé/ });
    await expect.poll(() => advised.getByRole('cell').first().textContent(), WAIT).toBe('1');
    await expect
      .poll(() => page.getByRole('region', { name: 'Suivi du budget' }).textContent(), WAIT)
      .toMatch(/5\s000,00\s€/);
    await screenshot(page, 'follow-up-statistics');
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: the status opens its folders, and the focus goes to the list.
    await advised.getByRole('button').focus();
    await page.keyboard.press('Enter');
    const drill = page.getByRole('region', { name: /^Dossiers au statut « Conseillé »/ });
    await expect.poll(() => drill.getByRole('link', { name: 'Ménages — Hélène Ébrard' }).count(), WAIT).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('drill-title');
    await screenshot(page, 'follow-up-statistics-drill-down');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en tableur (.xlsx)' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^FAC_Espace_Conseil_Démo_statistics_\d{4}_\d{2}_\d{2}\.xlsx$/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
  // Issue 11 item 6: an administrator makes « Espace Conseil Démo » the pilot of « Espace Conseil
  // Voisin » in the programme on `/fac/partage-projets`; the advisor of the pilot then finds the
  // laureate in the structure selector of `/fac/suivi` and reads its figures.
  it('shares a laureate with a pilot, whose advisor then selects it on /fac/suivi', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, t.url, 'admin@demo.fr');
    await admin.page.goto(`${t.url}/fac/partage-projets/`);
    await admin.page.getByRole('link', { name: 'Nouveau partage' }).first().click();
    await admin.page.waitForURL(/\/fac\/partage-projets\/nouveau$/);
    await admin.page.getByRole('button', { name: 'Enregistrer' }).waitFor(WAIT);
    await admin.page.getByRole('combobox', { name: /^Programme/ }).selectOption({ label: 'Programme SARE' });
    await admin.page
      .getByRole('combobox', { name: /^Structure pilote/ })
      .selectOption({ label: 'Espace Conseil Démo' });
    // A structure outside the programme is refused, in French, on its field.
    await admin.page.getByLabel("Agence Savoie Rénov' Démo").check();
    await admin.page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(() => admin.page.locator('.field-error').first().textContent(), WAIT)
      .toBe(
        "Ces structures ne participent pas au programme (par ses types de valorisation) : Agence Savoie Rénov' Démo.",
      );
    await screenshot(admin.page, 'project-share-refused');
    await admin.page.getByLabel("Agence Savoie Rénov' Démo").uncheck();
    await admin.page.getByLabel('Espace Conseil Voisin').check();
    await admin.page.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.page.waitForURL(`${t.url}/fac/partage-projets/`);
    const row = admin.page.getByRole('row', { name: /Programme SARE/ });
    await expect.poll(() => row.textContent(), WAIT).toMatch(/Espace Conseil Démo.*Espace Conseil Voisin/);
    await screenshot(admin.page, 'project-share-list');
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/suivi`);
    const structures = page.getByRole('group', { name: /^Structures/ });
    await structures.getByLabel('Espace Conseil Voisin').check(WAIT);
    await page.getByRole('button', { name: 'Afficher' }).click();
    await page.waitForURL(/structures=3/);
    const advised = page
      .getByRole('region', { name: 'Ménages' })
      .getByRole('table', { name: /^Statuts des dossiers/ })
      .getByRole('row', { name: /Conseillé/ });
    // The laureate's own figures: none of the pilot's folder moved to « Conseillé » in beforeAll.
    await expect.poll(() => advised.getByRole('cell').first().textContent(), WAIT).toBe('0');
    await screenshot(page, 'follow-up-statistics-laureate');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
