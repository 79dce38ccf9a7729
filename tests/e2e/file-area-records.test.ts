import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// The file area's generic screens (docs/file-area.md): an advisor finds a demo contact by a few
// words, opens its record page at /fac/contacts/:pk, calls from it (tel: link) and edits it.
describe('file-area contacts through the generated screens (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  /** Serious or critical axe-core violations of a page, in a context that lets the test inject axe. */
  async function axeOn(path: string, label: string): Promise<string[]> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'fr-FR',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}${path}`);
    await page.getByLabel(label).first().waitFor();
    const found = await seriousViolations(page);
    await context.close();
    return found;
  }

  it('searches, opens a contact, sees its phone as a tel: link and edits it', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/contacts/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contacts');
    // Only the advisor's structure: the neighbour's demo contact is not listed.
    await expect.poll(() => page.getByRole('row', { name: /Ébrard/ }).count()).toBe(1);
    expect(await page.getByRole('row', { name: /Lambert/ }).count()).toBe(0);
    await screenshot(page, 'fac-contacts-list');

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('helene bernin');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const row = page.getByRole('row', { name: /Ébrard/ });
    // The list shows phones and e-mails as links.
    expect(await row.getByRole('link', { name: '04 76 12 34 56' }).getAttribute('href')).toBe('tel:0476123456');
    expect(await row.getByRole('link', { name: 'helene.ebrard@exemple.fr' }).getAttribute('href')).toBe(
      'mailto:helene.ebrard@exemple.fr',
    );
    // A phone number written with spaces finds the same contact.
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('06 98 76 54 32');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

    await row.getByRole('link', { name: 'Ébrard' }).click();
    await page.waitForURL(/\/fac\/contacts\/1$/);
    await expect.poll(() => page.getByLabel('Prénom').inputValue()).toBe('Hélène');
    const call = page.getByRole('link', { name: 'Appeler le 04 76 12 34 56' });
    await expect.poll(() => call.getAttribute('href')).toBe('tel:0476123456');
    expect(await page.getByRole('link', { name: 'Écrire à helene.ebrard@exemple.fr' }).getAttribute('href')).toBe(
      'mailto:helene.ebrard@exemple.fr',
    );
    await screenshot(page, 'fac-contact-record');
    expect(await axeOn('/fac/contacts/1', 'Prénom')).toEqual([]);

    await page.getByLabel('Commune').fill('Crolles');
    await page.getByLabel('Numéro de téléphone').fill('+33 4 76 08 99 00');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/fac/contacts/`);
    const stored = (await t.call('/fac/contact/1/', { token: await t.login('conseiller@demo.fr') })).body;
    expect(stored).toMatchObject({ town: 'Crolles', phone: '04 76 08 99 00' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an organisation at /fac/organizations/:pk and lists incomplete entries', async () => {
    const token = await t.login('conseiller@demo.fr');
    const created = await t.call('/fac/contact/', {
      method: 'POST',
      token,
      body: { firstName: 'Injoignable', lastName: 'Sanscoordonnées' },
    });
    expect(created.status).toBe(201);
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/organizations/2`);
    await expect.poll(() => page.getByLabel('Nom').first().inputValue()).toBe('Syndicat de copropriété Les Tilleuls');
    expect(await page.getByLabel('Type de structure').locator('option:checked').textContent()).toBe(
      'Syndicat de copropriétaire',
    );
    await screenshot(page, 'fac-organization-record');
    await page.goto(`${t.url}/fac/saisies-incompletes/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Saisies incomplètes');
    const row = page.getByRole('row', { name: /Sanscoordonnées/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Courriel/Téléphone');
    await screenshot(page, 'fac-incomplete-entries');
    expect(errors).toEqual([]);
    await context.close();
  });
});
