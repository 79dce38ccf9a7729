import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, SCREENSHOTS_DIR, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

/** The visible part of the page around the field (a full-page shot puts the sticky form buttons over it). */
async function shotAround(page: Page, target: Locator, name: string): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: resolve(SCREENSHOTS_DIR, `${name}.png`) });
}

/**
 * The address field on the places form, offline: the national address service is not reachable
 * (the test runner's default), so suggestions come from the local commune data.
 */
describe('address field on the places form (advisor, Chromium, offline fallback)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it(
    'suggests communes after 10 characters, is driven by the keyboard, ' +
      'and fills postcode, city, INSEE code and point',
    async () => {
      const { page, context, errors } = await newPage(browser);
      await signIn(page, t.url, 'conseiller@demo.fr');
      await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
      const field = page.getByRole('combobox', { name: 'Adresse' });
      await field.waitFor();
      expect(await field.getAttribute('aria-expanded')).toBe('false');
      const searches: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api-ban/search/')) searches.push(new URL(r.url()).searchParams.get('q') ?? '');
      });

      // Under 10 characters nothing is asked: the field says how many are needed.
      await field.fill('Grenoble');
      await expect
        .poll(() => page.locator('.address-status').textContent())
        .toBe('Saisissez au moins 10 caractères pour obtenir des suggestions.');
      await page.waitForTimeout(1000);
      expect(await page.getByRole('listbox').isVisible()).toBe(false);
      expect(searches).toEqual([]);

      await field.pressSequentially(' 38000', { delay: 30 });
      const listbox = page.getByRole('listbox', { name: "Suggestions d'adresses" });
      // The first search of the run reads the commune data: 18 s alone on a loaded machine, more than 20 s
      // with another browser file beside it. A wait, not a speed check.
      await expect.poll(() => listbox.isVisible(), { timeout: 60_000 }).toBe(true);
      const options = listbox.getByRole('option');
      expect(await options.count()).toBeGreaterThanOrEqual(1);
      // Six keystrokes, one search: the 800 ms pause after the last one.
      expect(searches).toEqual(['Grenoble 38000']);
      expect(await options.first().textContent()).toContain('Grenoble');
      expect(await page.locator('.address-offline').textContent()).toContain('seules les communes sont proposées');
      expect(await field.getAttribute('aria-expanded')).toBe('true');
      const firstId = await options.first().getAttribute('id');
      expect(await field.getAttribute('aria-activedescendant')).toBe(firstId);
      await screenshot(page, 'address-field-suggestions');
      await shotAround(page, field, 'address-field-suggestions-view');

      // Escape closes the list; arrow down opens it again on the first suggestion; Enter chooses it.
      await field.press('Escape');
      expect(await listbox.isVisible()).toBe(false);
      await field.press('ArrowDown');
      expect(await listbox.isVisible()).toBe(true);
      expect(await options.first().getAttribute('aria-selected')).toBe('true');
      await field.press('Enter');
      expect(await listbox.isVisible()).toBe(false);
      expect(page.url()).toMatch(/\/creation\/$/);

      await expect.poll(() => page.getByLabel('Code postal').inputValue()).toBe('38000');
      expect(await field.inputValue()).toBe('Grenoble');
      expect(await page.getByLabel('Commune', { exact: true }).inputValue()).toBe('Grenoble');
      expect(await page.getByLabel('Code INSEE').inputValue()).toBe('38185');
      // The point arrives after the postcode (a second read of the commune's centre): wait for it.
      const coordinate = async (label: string) => Number((await page.getByLabel(label).inputValue()).replace(',', '.'));
      await expect.poll(() => coordinate('Latitude')).toBeCloseTo(45.18, 1);
      await expect.poll(() => coordinate('Longitude')).toBeCloseTo(5.72, 1);
      const [lat, lon] = [await coordinate('Latitude'), await coordinate('Longitude')];
      // Offline, suggestions are communes: the commune is confirmed, not a full address.
      expect(await page.locator('.address-status').textContent()).toBe('◐ Commune confirmée, adresse à compléter');
      await screenshot(page, 'address-field-filled');
      await shotAround(page, field, 'address-field-filled-view');

      // What the form shows is what gets saved.
      await page.getByLabel('Nom').first().fill('Permanence de la gare');
      await page.getByLabel('Espace Conseil Démo').check();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
      const stored = (await t.call('/dialogwatt/place/?q=gare', { token: await t.login('conseiller@demo.fr') }))
        .body[0];
      expect(stored).toMatchObject({
        name: 'Permanence de la gare',
        address: 'Grenoble',
        postcode: '38000',
        city: 'Grenoble',
        inseecode: '38185',
      });
      expect(stored.lat).toBeCloseTo(lat, 5);
      expect(stored.lon).toBeCloseTo(lon, 5);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    'for a street address, offers the commune it names; ' +
      '« Me localiser » without permission shows the French failure text',
    async () => {
      const { page, context } = await newPage(browser);
      await signIn(page, t.url, 'conseiller@demo.fr');
      await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
      const field = page.getByRole('combobox', { name: 'Adresse' });
      await field.fill("3 rue Paul Bert 38400 Saint-Martin-d'Hères");
      const options = page.getByRole('listbox').getByRole('option');
      await expect.poll(() => options.count(), { timeout: 20_000 }).toBe(1);
      expect(await options.first().textContent()).toContain("Saint-Martin-d'Hères");
      await options.first().click();
      await expect.poll(() => page.getByLabel('Code INSEE').inputValue()).toBe('38421');
      expect(await page.getByLabel('Code postal').inputValue()).toBe('38400');

      // The browser context has no geolocation permission: the request fails at once.
      await page.getByRole('button', { name: 'Me localiser' }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'position' }).textContent())
        .toBe("Impossible d'obtenir votre position géographique, entrez votre adresse.");
      await shotAround(page, field, 'address-field-geolocation-refused');
      await context.close();
    },
  );

  it(
    'keeps the typed street when a commune-only suggestion is chosen, ' + 'and says the address is still to complete',
    async () => {
      for (const width of [1280, 375]) {
        const { page, context, errors } = await newPage(browser, { width });
        await signIn(page, t.url, 'conseiller@demo.fr');
        await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
        const field = page.getByRole('combobox', { name: 'Adresse' });
        await field.fill('12 rue Mainssieux Voiron');
        const options = page.getByRole('listbox').getByRole('option');
        await expect.poll(() => options.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
        expect(await options.first().textContent()).toContain('Voiron');
        await options.first().click();
        await expect.poll(() => page.getByLabel('Code postal').inputValue()).toBe('38500');
        expect(await field.inputValue()).toBe('12 rue Mainssieux 38500 Voiron');
        expect(await page.getByLabel('Commune', { exact: true }).inputValue()).toBe('Voiron');
        const status = page.locator('.address-status');
        expect(await status.textContent()).toBe('◐ Commune confirmée, adresse à compléter');
        expect(await status.textContent()).not.toContain('Adresse confirmée');
        await shotAround(page, field, `address-field-commune-only-${width}`);
        // Typing again forgets the confirmation.
        await field.press('End');
        await field.pressSequentially(' bis');
        expect(await status.textContent()).not.toContain('confirmée');
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );

  it(
    'with force-select-on-blur, leaving the field takes the first suggestion, ' +
      'or clears the field when there is none',
    async () => {
      const { page, context } = await newPage(browser);
      // The places form does not force the choice; switch the option on in the screen's metadata.
      await page.route('**/api/v1/meta/entity/place*', async (route) => {
        const response = await route.fetch();
        const meta = await response.json();
        meta.form.ui.address.options.forceSelectOnBlur = true;
        await route.fulfill({ response, json: meta });
      });
      await signIn(page, t.url, 'conseiller@demo.fr');
      await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
      const field = page.getByRole('combobox', { name: 'Adresse' });
      // Leaving at once: the pending search runs without waiting for the 800 ms pause.
      await field.fill('Échirolles 38130');
      await page.getByLabel('Téléphone').focus();
      await expect.poll(() => page.getByLabel('Code INSEE').inputValue()).toBe('38151');
      expect(await field.inputValue()).toBe('Échirolles');
      await field.fill('zzzz zzzz zzzz');
      await page.getByLabel('Téléphone').focus();
      await expect.poll(() => field.inputValue()).toBe('');
      await context.close();
    },
  );

  it('« Me localiser » with a position looks the address up (after 1.5 s) and offers it', async () => {
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['geolocation'], { origin: t.url });
    await context.setGeolocation({ latitude: 45.1885, longitude: 5.7245 });
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
    const reverse: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api-ban/reverse/')) reverse.push(Date.now());
    });
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Me localiser' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count(), { timeout: 20_000 }).toBe(1);
    expect(reverse).toHaveLength(1);
    expect(reverse[0] - clicked).toBeGreaterThanOrEqual(1400);
    expect(await options.first().textContent()).toContain('Grenoble');
    await page.getByRole('combobox', { name: 'Adresse' }).press('Enter');
    await expect.poll(() => page.getByLabel('Code INSEE').inputValue()).toBe('38185');
    await shotAround(page, page.getByRole('combobox', { name: 'Adresse' }), 'address-field-located');
    await context.close();
  });
});
