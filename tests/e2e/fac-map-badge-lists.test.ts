import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { addDays, parisDate } from '../../engine/time/paris-time';

const WAIT = { timeout: 20_000 };

/** The points the map shows: single markers plus the numbers of the clusters (leaflet.markercluster). */
async function shownOnMap(page: Page): Promise<number> {
  const singles = await page.locator('.map-leaflet path.leaflet-interactive').count();
  const clustered = await page.locator('.map-leaflet .map-cluster span[aria-hidden="true"]').allTextContents();
  return singles + clustered.reduce((sum, n) => sum + Number(n), 0);
}

// Issue 10, items 12, 9, 4 and 5 in Chromium: the contacts' « Carte » view keeps the list's search
// in the address (map=1) and lists its points as links; « Saisies incomplètes » carries a badge
// that follows saves; a contact joins an existing list from its page; « Mes rappels » keeps its
// « Échéance » and period filters in the address. axe: nothing serious.
describe('contacts map, incomplete-entries badge, « Ajouter à une liste » (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('shows the map with the search kept, the badge, and adds a contact to a list', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const a11y: Record<string, string[]> = {};
    await signIn(page, t.url, 'conseiller@demo.fr');

    // Before the first page arrives the list says it is loading, not « 0–0 sur 0 » (an empty file).
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/fac/contact/?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${t.url}/fac/contacts/`);
    await expect.poll(() => page.locator('.range').textContent(), WAIT).toBe('Chargement…');
    expect(await page.locator('.table-wrap .loading').textContent()).toBe('Chargement…');
    release();
    await expect.poll(() => page.locator('.range').textContent(), WAIT).toMatch(/^1–\d+ sur \d+$/);
    await page.unroute('**/api/v1/fac/contact/?*');

    // The badge: the demo's incomplete contact of « Espace Conseil Démo » (Sophie Bernard).
    // Its name: « Saisies incomplètes, N à compléter » (Chromium puts a space before the hidden comma).
    const entry = page.getByRole('link', { name: /^Saisies incomplètes ?, \d+ à compléter$/ });
    await expect.poll(() => entry.count(), WAIT).toBe(1);
    const count = Number(/(\d+)/.exec((await entry.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);

    // « Carte » keeps the search and says so in the address.
    await page.getByLabel('Rechercher').fill('Grenoble');
    await page.waitForURL(/q=Grenoble/, WAIT);
    await page.getByRole('button', { name: 'Carte' }).click();
    await page.waitForURL(/map=1/, WAIT);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Grenoble');
    await expect
      .poll(() => page.getByRole('button', { name: 'Carte' }).getAttribute('aria-pressed'), WAIT)
      .toBe('true');
    const points = page.getByRole('region', { name: 'Fiches sur la carte (3)' });
    await expect.poll(() => points.getByRole('link').count(), WAIT).toBe(3);
    // Close points gather into clusters: each point is a marker or counted in a cluster's number.
    await expect.poll(() => shownOnMap(page), WAIT).toBe(3);
    expect(await page.getByRole('region', { name: 'Carte des contacts' }).count()).toBe(1);
    // « Situer » opens the point's popup, whose link leads to the record.
    await points.getByRole('button', { name: 'Situer Claire Dubois' }).click();
    const popupLink = page.locator('.leaflet-popup a', { hasText: 'Claire Dubois' });
    await expect.poll(() => popupLink.count(), WAIT).toBe(1);
    expect(await popupLink.getAttribute('href')).toBe('/fac/contacts/5');
    await page.waitForTimeout(300);
    a11y.map = await seriousViolations(page);
    await screenshot(page, 'fac-contacts-map');

    // A search with no located record: the empty state, in French.
    await page.getByLabel('Rechercher').fill('Bernard');
    await expect
      .poll(
        () => page.getByText('Aucune fiche localisée ne correspond à cette recherche ou à ces filtres.').count(),
        WAIT,
      )
      .toBe(1);
    await screenshot(page, 'fac-contacts-map-empty');
    // Back to the list, search kept.
    await page.getByRole('button', { name: 'Liste' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('map'), WAIT).toBe(null);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Bernard');
    await expect.poll(() => page.getByRole('row', { name: /Bernard/ }).count(), WAIT).toBe(1);

    // A contact reachable by no means: the badge counts it once saved.
    await page.getByRole('link', { name: 'Nouveau contact' }).click();
    await page.getByLabel('Prénom').fill('Hugo');
    await page.getByLabel(/^Nom/).fill('Sanscoordonnees');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(
        () => page.getByRole('link', { name: new RegExp(`^Saisies incomplètes ?, ${count + 1} à compléter$`) }).count(),
        WAIT,
      )
      .toBe(1);
    await screenshot(page, 'fac-incomplete-badge');

    // « Ajouter à une liste » on Hélène Ébrard's page: the lists she is not in yet.
    await page.goto(`${t.url}/fac/contacts/1`);
    const lists = page.getByRole('region', { name: /^Listes/ });
    await expect.poll(() => lists.getByRole('button', { name: 'Ajouter à une liste' }).count(), WAIT).toBe(1);
    await expect.poll(() => lists.getByRole('link', { name: "Lettre d'information rénovation" }).count(), WAIT).toBe(1);
    await lists.getByRole('button', { name: 'Ajouter à une liste' }).click();
    const dialog = page.getByRole('dialog', { name: /^Ajouter à une liste/ });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    const select = dialog.getByLabel('Liste');
    await expect.poll(() => select.locator('option').count(), WAIT).toBe(2);
    // Already in « Lettre d'information », not offered; the neighbour's list neither.
    const offered = await select.locator('option').allTextContents();
    expect(offered).toEqual(['— Choisir —', 'Copropriétés suivies']);
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect.poll(() => dialog.getByText('Choisissez dans la liste.').count(), WAIT).toBe(1);
    a11y.dialog = await seriousViolations(page);
    await screenshot(page, 'fac-add-to-list-dialog');
    await select.selectOption({ label: 'Copropriétés suivies' });
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect.poll(() => lists.getByRole('link', { name: 'Copropriétés suivies' }).count(), WAIT).toBe(1);
    await expect
      .poll(() => page.getByText('« Hélène Ébrard » a été ajouté(e) à « Copropriétés suivies ».').count(), WAIT)
      .toBe(1);
    // The focus is back on the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ajouter à une liste');
    a11y.contact = await seriousViolations(page);
    await screenshot(page, 'fac-contact-added-to-list');

    // « Mes rappels »: « Échéance » and the period are filters kept in the address, like the others.
    await page.goto(`${t.url}/fac/reminders/`);
    await expect.poll(() => page.getByRole('row', { name: /Ébrard/ }).count(), WAIT).toBe(1);
    await page.getByLabel('Échéance').selectOption('overdue');
    await expect.poll(() => new URL(page.url()).searchParams.get('due'), WAIT).toBe('overdue');
    await expect.poll(() => page.getByRole('row', { name: /Mairie de Bernin/ }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('row', { name: /Ébrard/ }).count(), WAIT).toBe(0);
    // The demo reminders are due in 5 days, 9 days ago and (done) 36 days ago: the period holds the second only.
    const today = parisDate(Date.now());
    const [from, to] = [addDays(today, -24), addDays(today, -5)];
    await page.getByLabel('Date de rappel : du').fill(from);
    await page.getByLabel('Date de rappel : au').fill(to);
    await expect.poll(() => new URL(page.url()).searchParams.get('dateTo'), WAIT).toBe(to);
    await page.reload();
    await expect.poll(() => page.getByLabel('Échéance').inputValue(), WAIT).toBe('overdue');
    expect(await page.getByLabel('Date de rappel : du').inputValue()).toBe(from);
    await expect.poll(() => page.getByRole('row', { name: /Mairie de Bernin/ }).count(), WAIT).toBe(1);
    // « Traité : Tous » and « Échéance : Toutes » with the period: the done one of October is out.
    await page.getByLabel('Le rappel est traité').selectOption('');
    await page.getByLabel('Échéance').selectOption('');
    await expect.poll(() => new URL(page.url()).searchParams.get('due'), WAIT).toBe(null);
    await expect.poll(() => page.getByRole('row').count(), WAIT).toBe(2);
    a11y.reminders = await seriousViolations(page);
    await screenshot(page, 'fac-reminders-filters');

    const list = await t.call('/fac/list/1/', { token: await t.login('conseiller@demo.fr') });
    expect(list.body.contacts).toContain(1);
    expect(a11y).toEqual({ map: [], dialog: [], contact: [], reminders: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clusters the points of a large map, and lets an administrator recompute the incomplete entries', async () => {
    const { page, context, errors } = await newPage(browser);
    // The advisor has no « Tout recalculer » (administrators only).
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/saisies-incompletes/`);
    await expect.poll(() => page.getByRole('row').count(), WAIT).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: 'Tout recalculer' }).count()).toBe(0);
    await context.close();

    const admin = await newPage(browser);
    await signIn(admin.page, t.url, 'admin@demo.fr');
    const p = admin.page;
    await p.goto(`${t.url}/fac/saisies-incompletes/`);
    const button = p.getByRole('button', { name: 'Tout recalculer' });
    await expect.poll(() => button.count(), WAIT).toBe(1);
    await button.click();
    const done = p.getByRole('status').getByText(/^Saisies incomplètes recalculées : \d+ contact\(s\)/);
    await expect.poll(() => done.count(), WAIT).toBe(1);
    expect(await button.isEnabled()).toBe(true);
    expect(await p.getByRole('row').count()).toBeGreaterThan(1);
    expect(await seriousViolations(p)).toEqual([]);
    await screenshot(p, 'fac-incomplete-recompute');

    // Every located contact of the demo (both structures): the Isère ones gather into clusters.
    await p.goto(`${t.url}/fac/contacts/?map=1`);
    const points = p.getByRole('region', { name: /^Fiches sur la carte \(\d+\)$/ });
    await expect.poll(() => points.getByRole('link').count(), WAIT).toBeGreaterThan(5);
    const total = await points.getByRole('link').count();
    await expect.poll(() => shownOnMap(p), WAIT).toBe(total);
    expect(await p.locator('.map-leaflet .map-cluster').count()).toBeGreaterThan(0);
    expect(await seriousViolations(p)).toEqual([]);
    await screenshot(p, 'fac-contacts-map-clusters');
    // « Situer » brings a clustered point out of its cluster, popup open.
    const first = points.getByRole('button', { name: /^Situer / }).first();
    const name = ((await first.getAttribute('aria-label')) ?? (await first.textContent()) ?? '').replace(
      /^Situer /,
      '',
    );
    await first.click();
    await expect.poll(() => p.locator('.leaflet-popup a', { hasText: name }).count(), WAIT).toBe(1);
    await screenshot(p, 'fac-contacts-map-cluster-located');
    expect([...errors, ...admin.errors]).toEqual([]);
    await admin.context.close();
  });
});
