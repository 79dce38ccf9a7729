import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 15, item 2: the browser validates records with the server's AJV code, imported as a
// same-origin module under the strict Content-Security-Policy (no eval), with RE2 for patterns.
describe('record validation in the browser (Chromium, strict CSP)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('shows the French pattern, format and extra-field errors before anything is sent, then saves', async () => {
    const admin = await t.login('admin@demo.fr');
    const localhostPk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    const overlay = {
      ops: [
        {
          op: 'addField',
          field: 'xRoom',
          section: 'general',
          schema: { type: 'string', title: 'Code de salle', pattern: '^[A-Z]{1,2}[0-9]{2,3}$' },
        },
      ],
    };
    expect(
      (
        await t.call(`/white_labelling/${localhostPk}/overlays/entity:place`, {
          method: 'PUT',
          token: admin,
          body: overlay,
        })
      ).status,
    ).toBe(200);

    const { page, context, errors } = await newPage(browser);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const posts: string[] = [];
    const modules: { url: string; type: string | null }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/dialogwatt/place/')) posts.push(r.url());
    });
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/meta/validator/'))
        modules.push({ url: r.url(), type: r.headers()['content-type'] ?? null });
    });

    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
    await page.getByLabel('Nom').first().fill('Permanence de Crolles');
    await page.getByLabel('Espace Conseil Démo').check();
    await page.getByLabel('Code postal').fill('3892');
    await page.getByLabel('Courriel').fill('accueil@crolles');
    await page.getByLabel('Code de salle').fill('salle 12');
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    // Each message is tied to its field (aria-describedby → the field's error paragraph).
    const errorOf = async (label: string) => {
      const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
      const id = ids.split(' ').find((i) => i.endsWith('__error'));
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    };
    await expect.poll(() => errorOf('Code postal')).toBe("Le format de ce champ n'est pas valide.");
    expect(await errorOf('Courriel')).toBe('Ce champ doit être une adresse électronique valide.');
    expect(await errorOf('Code de salle')).toBe("Le format de ce champ n'est pas valide.");
    expect(await page.locator('.field-error').count()).toBe(3);
    await screenshot(page, 'record-validation-local-errors');
    expect(posts).toEqual([]);
    expect(modules).toHaveLength(1);
    expect(modules[0].type).toBe('text/javascript; charset=utf-8');

    await page.getByLabel('Code postal').fill('38920');
    await page.getByLabel('Courriel').fill('accueil@crolles.fr');
    await page.getByLabel('Code de salle').fill('B204');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
    expect(posts).toHaveLength(1);
    const stored = (
      await t.call('/dialogwatt/place/?q=Crolles', { token: await t.login('conseiller@demo.fr'), domain: 'localhost' })
    ).body[0];
    expect(stored).toMatchObject({ name: 'Permanence de Crolles', postcode: '38920', xRoom: 'B204' });
    // No Content-Security-Policy violation, no failed validator load.
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => /validator|Content Security Policy|unsafe-eval/i.test(w))).toEqual([]);
    await context.close();
  });

  it('offers a choice list with its French labels and keeps the chosen value (enum with ui:enumNames)', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/notifications/creation/`);
    const trigger = page.getByLabel('Déclencheur');
    await expect
      .poll(() => trigger.locator('option').allTextContents())
      .toEqual([
        'Choisir…',
        "Création d'un compte par le contact",
        "Création d'un rdv par le contact",
        "Modification d'un rdv par le contact",
        "Annulation d'un rdv par le contact",
        "Création d'un rdv par le conseiller",
        "Modification d'un rdv par le conseiller",
        "Annulation d'un rdv par le conseiller",
        'Échéance du rendez-vous',
      ]);
    await trigger.selectOption({ label: 'Échéance du rendez-vous' });
    await expect.poll(() => trigger.locator('option:checked').textContent()).toBe('Échéance du rendez-vous');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays the errors out on a phone screen too', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
    await page.getByLabel('Nom').first().fill('Permanence de Bernin');
    await page.getByLabel('Espace Conseil Démo').check();
    await page.getByLabel('Latitude').fill('95');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(() => page.locator('.field-error').allTextContents())
      .toEqual(['Ce champ doit être inférieur ou égal à 90.']);
    await screenshot(page, 'record-validation-local-errors-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
