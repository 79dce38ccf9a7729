import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// Experiences (docs/experiences.md) in Chromium at 1280 and 375 px: the advisor's references list
// (search and a tag filter), the showcase sheet as a visitor reads it (formatted text, no edit
// button), axe-core on both; then the staff adding an attendee by hand to the demo event.

const TILLEULS = 'Rénovation globale de la copropriété Les Tilleuls';
const MAISONS = 'Maisons des années 1950 : un parcours de rénovation par étapes';

describe('experiences and hand-added attendees (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [1280, 375]) {
    it(`lists, filters and reads references at ${width} px, axe finds nothing serious`, async () => {
      const { context, page, errors } = await newPage(browser, { width });
      await signIn(page, t.url, 'conseiller@demo.fr');
      await page.goto(`${t.url}/references/liste-references`);
      await page.waitForURL(/\/references\/$/);
      await page.getByRole('cell', { name: MAISONS }).waitFor();
      expect(await page.getByRole('cell', { name: TILLEULS }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `references-list-${width}`);
      // The « Partenaires » filter offers the structure's partner tags only.
      await page.getByLabel('Partenaires').selectOption({ label: 'Réseau européen des villes durables (fictif)' });
      await expect.poll(() => page.getByRole('cell', { name: TILLEULS }).count()).toBe(0);
      expect(await page.getByRole('cell', { name: MAISONS }).count()).toBe(1);
      await page.getByLabel('Partenaires').selectOption({ index: 0 });
      await page.getByRole('searchbox').fill('chaleur');
      await expect.poll(() => page.getByRole('cell', { name: MAISONS }).count()).toBe(0);
      await page.getByRole('cell', { name: TILLEULS }).waitFor();
      expect(errors).toEqual([]);
      await context.close();

      // A visitor (no account) reads the showcase reference's sheet.
      const visitor = await newPage(browser, { width });
      await visitor.page.goto(`${t.url}/references/fiche/1`);
      await visitor.page.getByText('Consommation de chauffage divisée par deux.').waitFor();
      // Rich text is shown formatted (the bold sentence), not as markup.
      expect(await visitor.page.locator('.rich-text strong').first().textContent()).toBe(
        'Consommation de chauffage divisée par deux.',
      );
      expect(await visitor.page.locator('main').textContent()).not.toContain('<p>');
      expect(await visitor.page.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
      // No section is shown empty (« Classement » was: a visitor cannot read the records its links name).
      const rowsPerSection = await visitor.page
        .locator('.generic-detail section.panel')
        .evaluateAll((sections) => sections.map((s) => s.querySelectorAll('.detail-row').length));
      expect(rowsPerSection.length).toBeGreaterThan(0);
      expect(rowsPerSection.filter((n) => n === 0)).toEqual([]);
      expect(await seriousViolations(visitor.page)).toEqual([]);
      await screenshot(visitor.page, `references-sheet-${width}`);
      // A reference that is not a showcase stays the structure's.
      await visitor.page.goto(`${t.url}/references/fiche/2`);
      await visitor.page.getByRole('alert').waitFor();
      expect(await visitor.page.getByText('une rénovation par étapes').count()).toBe(0);
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    });
  }

  it('the advisor adds an attendee by hand to the demo event, and sees them in the list', async () => {
    const { context, page, errors } = await newPage(browser, { width: 1280 });
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/evenements/inscriptions/1`);
    await page.waitForURL(/\/evenements\/inscriptions\/1\?event=1/);
    await page.getByRole('heading', { level: 2, name: /Réunion d'information/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Page d’inscription publique' }).getAttribute('href')).toBe(
      '/evenements/inscription/1',
    );
    await page.getByText('Ajouter un inscrit').click();
    // Without the consent box: the server's French error on it, nothing written.
    await page.getByLabel('Prénom').fill('Lucie');
    await page.locator('#attendee-lastName').fill('Guichet');
    await page.getByLabel('Courriel').fill('lucie.guichet@exemple.fr');
    await page.getByRole('button', { name: 'Inscrire cette personne' }).click();
    await page.locator('#attendee-consent-error').waitFor();
    await page.getByLabel(/La personne accepte/).check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'event-add-attendee-1280');
    await page.getByRole('button', { name: 'Inscrire cette personne' }).click();
    await expect.poll(() => page.getByTestId('attendee-added').textContent()).toMatch(/Lucie Guichet est inscrit/);
    await page.getByRole('cell', { name: 'Lucie', exact: true }).waitFor();
    const row = await page.locator('tbody tr', { hasText: 'Lucie' }).textContent();
    expect(row).toContain('Confirmée');
    // The « Présent » filter says « Tous » (a masculine yes/no), not « Toutes ».
    expect(await page.getByLabel('Présent').locator('option').first().textContent()).toBe('Tous');
    await screenshot(page, 'event-attendee-added-1280');
    // On a phone the event filter (its option is the event's long title) shrinks instead of widening the page.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await screenshot(page, 'event-registrations-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
