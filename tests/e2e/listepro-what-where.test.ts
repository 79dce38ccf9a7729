import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// The directory searched as people know it (issue 26 item 6): « Quoi ? » and « Où ? » on the
// directory's home, a commune picked from suggestions (mouse or keyboard) or « Autour de moi », the
// results nearest first with their distance, at a phone's and a desktop's width.

const WAIT = { timeout: 20_000 };
const DOMAIN = '?domain=annuaire.localhost';

/** « À 0,3 km de Grenoble » → 0.3: the distances as the cards show them, in their order. */
async function shownDistances(page: Page): Promise<number[]> {
  const texts = await page.locator('.listepro-card .listepro-distance').allTextContents();
  return texts.map((t) => Number(/À ([0-9 ,]+) km/.exec(t)![1].replace(/\s/g, '').replace(',', '.')));
}

/** Elements of the page's content wider than the screen (the map's inner panes aside: the map clips them). */
const overflowing = (page: Page, width: number) =>
  page.evaluate(
    (w) =>
      [...document.querySelectorAll('main *')]
        .filter((e) => !e.parentElement?.closest('.leaflet-container'))
        .filter((e) => e.getBoundingClientRect().right > w + 1)
        .map((e) => `${e.tagName}.${e.className}`),
    width,
  );

describe('directory « Quoi ? / Où ? » search (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [375, 1280]) {
    it(`finds « isolation » around Grenoble, nearest first, at ${width} px`, async () => {
      const { page, context, errors } = await newPage(browser, { width, height: 812 });
      await page.goto(`${t.url}/${DOMAIN}`);
      // The white label's home is the search: « Quoi ? » and « Où ? » at once, the guided path below.
      await page.waitForURL(/\/annuaire-des-pros\/recherche/, WAIT);
      const form = page.getByRole('search');
      await form.getByLabel('Quoi ?').waitFor(WAIT);
      await page.getByRole('heading', { name: 'Ou laissez-vous guider', level: 2 }).waitFor(WAIT);
      expect(await page.getByText('Étape 1 sur 3').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowing(page, width)).toEqual([]);
      await screenshot(page, `listepro-whatwhere-home-${width}`);

      await form.getByLabel('Quoi ?').fill('isolation');
      const where = form.getByRole('combobox', { name: 'Où ?' });
      await where.pressSequentially('Greno');
      const option = page.getByRole('option', { name: 'Grenoble (38000)' });
      await option.waitFor(WAIT);
      expect(await where.getAttribute('aria-expanded')).toBe('true');
      await screenshot(page, `listepro-whatwhere-suggestions-${width}`);
      await option.click();
      // The pick replaces what was typed (never « Greno Grenoble »).
      expect(await where.inputValue()).toBe('Grenoble (38000)');
      expect(await where.getAttribute('aria-expanded')).toBe('false');
      await form.getByRole('button', { name: 'Rechercher' }).click();

      await page.waitForURL(/\/annuaire-des-pros\/trouver\?quoi=isolation&ou=38185&seed=\d+/, WAIT);
      await page.getByText('3 professionnels trouvés').waitFor(WAIT);
      expect(await page.getByText('Du plus proche au plus éloigné.').count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Résultats pour « isolation »', level: 2 }).count()).toBe(1);
      // Nearest first: the firm in Grenoble, then Villard-de-Lans (about 19 km), then Voiron (about 22 km).
      expect(await page.locator('.listepro-card h3').allTextContents()).toEqual([
        'Entreprise Démo Rénovation',
        'Atelier Bois Vercors',
        'Thermique Isère Conseil',
      ]);
      const distances = await shownDistances(page);
      expect(distances).toHaveLength(3);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances[0]).toBeLessThan(3);
      expect(await page.locator('.listepro-card .listepro-distance').first().textContent()).toMatch(
        /^À \d+,\d km de Grenoble$/,
      );
      // The search is in the form again, to change it.
      expect(await page.getByRole('search').getByRole('combobox', { name: 'Où ?' }).inputValue()).toBe(
        'Grenoble (38000)',
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowing(page, width)).toEqual([]);
      await screenshot(page, `listepro-whatwhere-results-${width}`);

      // The same « Quoi ? » from Voiron, the commune chosen by keyboard: Voiron's firm comes first now.
      const again = page.getByRole('search');
      const where2 = again.getByRole('combobox', { name: 'Où ?' });
      await where2.fill('');
      await where2.pressSequentially('Voiron');
      await page.getByRole('option', { name: 'Voiron (38500)' }).waitFor(WAIT);
      await where2.press('Enter');
      expect(await where2.inputValue()).toBe('Voiron (38500)');
      await again.getByRole('button', { name: 'Rechercher' }).click();
      await page.waitForURL(/ou=38563/, WAIT);
      await expect
        .poll(() => page.locator('.listepro-card h3').first().textContent(), WAIT)
        .toBe('Thermique Isère Conseil');
      const fromVoiron = await shownDistances(page);
      expect(fromVoiron).toEqual([...fromVoiron].sort((a, b) => a - b));
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('offers Contact, Actualités, information links, and news the team writes (issue 28 row 3)', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
    await page.goto(`${t.url}/annuaire-des-pros/recherche${DOMAIN}`);
    const bar = page.getByRole('navigation', { name: "Liens de l'annuaire" });
    const contact = bar.getByRole('link', { name: 'Contact' });
    await contact.waitFor(WAIT);
    expect(await contact.getAttribute('href')).toBe(
      'mailto:annuaire@demo.fr?subject=Demande%20de%20contact%20annuaire%20des%20pros',
    );
    // Only the information link the white label sets is offered, in a new tab.
    const info = page.getByRole('navigation', { name: 'Pour en savoir plus' });
    expect(await info.getByRole('link').count()).toBe(1);
    const actors = info.getByRole('link', { name: /Connaître les acteurs du bâtiment/ });
    expect(await actors.getAttribute('href')).toBe('https://france-renov.gouv.fr/');
    expect(await actors.getAttribute('target')).toBe('_blank');
    expect(await seriousViolations(page)).toEqual([]);
    await bar.getByRole('link', { name: "Actualités de l'annuaire" }).click();
    await page.waitForURL(/\/annuaire-des-pros\/actualites/, WAIT);
    await page.getByRole('heading', { name: /Bienvenue dans l.annuaire/ }).waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'Éditer le message' }).count()).toBe(0);
    await screenshot(page, 'listepro-news-375');
    await context.close();

    // The directory administrator writes the news in place; a visitor reads it.
    const team = await newPage(browser, { width: 1280, height: 900 });
    await team.page.goto(`${t.url}/${DOMAIN}`);
    await signIn(team.page, t.url, 'listepro@demo.fr');
    await team.page.goto(`${t.url}/annuaire-des-pros/actualites${DOMAIN}`);
    await team.page.getByRole('button', { name: 'Éditer le message' }).click();
    const field = team.page.getByLabel("Texte de l'aide");
    await field.fill('<h3>Rencontre des professionnels</h3><p>Le 12 janvier à Grenoble.</p>');
    await team.page.getByRole('button', { name: 'Sauvegarder' }).click();
    await team.page.getByRole('heading', { name: 'Rencontre des professionnels' }).waitFor(WAIT);
    expect(team.errors).toEqual([]);
    await team.context.close();
    const visitor = await newPage(browser, { width: 375, height: 812 });
    await visitor.page.goto(`${t.url}/annuaire-des-pros/actualites${DOMAIN}`);
    await visitor.page.getByText('Le 12 janvier à Grenoble.').waitFor(WAIT);
    expect(errors).toEqual([]);
    await visitor.context.close();
  });

  it('shows markers above the offline base, clustered, in French, in view enlarged (issue 26 item 7)', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
    await page.goto(`${t.url}/annuaire-des-pros/trouver${DOMAIN}`);
    await page.getByText('5 professionnels trouvés').waitFor(WAIT);
    // The offline base (no tile server here): the departments' outlines, in their own pane under the markers.
    await expect.poll(() => page.locator('.leaflet-offlineBase-pane path').count(), WAIT).toBeGreaterThan(10);
    await page.locator('path.listepro-marker').first().waitFor(WAIT);
    // On a phone the map is below the cards: « Agrandir la carte » brings it into view.
    await page.getByRole('button', { name: 'Agrandir la carte' }).click();
    await expect
      .poll(async () => {
        const box = (await page.getByTestId('listepro-map').boundingBox())!;
        return box.y >= -1 && box.y < 812 / 2;
      }, WAIT)
      .toBe(true);
    // Five firms: the markers and the clusters' numbers add up; the two Grenoble firms, 600 m apart, gather.
    const clusterCounts = async () =>
      (await page.locator('.listepro-cluster span[aria-hidden]').allTextContents()).map(Number);
    await expect
      .poll(
        async () =>
          (await page.locator('path.listepro-marker').count()) + (await clusterCounts()).reduce((a, b) => a + b, 0),
        WAIT,
      )
      .toBe(5);
    // Each marker is what the browser finds at its centre: drawn above the outlines, not under them.
    const onTop = await page.evaluate(() =>
      [...document.querySelectorAll<SVGPathElement>('path.listepro-marker')].map((path) => {
        const box = path.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === path;
      }),
    );
    expect(onTop.length).toBeGreaterThan(0);
    expect(onTop.every(Boolean)).toBe(true);
    await screenshot(page, 'listepro-map-offline-375');
    // Leaflet's own controls speak French: the popup's close button is « Fermer ».
    await page.locator('path.listepro-marker').first().click();
    const close = page.locator('.leaflet-popup-close-button');
    await close.waitFor(WAIT);
    expect(await close.getAttribute('aria-label')).toBe('Fermer');
    // A cluster opens by a click (zooming in) until its firms show.
    if ((await clusterCounts()).length) {
      await close.click();
      await page.locator('.listepro-cluster').first().click();
      await expect.poll(() => page.locator('path.listepro-marker').count(), WAIT).toBe(5);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches « autour de moi » from the browser’s position, and keeps the random order without a place', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
    await context.grantPermissions(['geolocation']);
    // Voiron's market square.
    await context.setGeolocation({ latitude: 45.364, longitude: 5.5893 });
    await page.goto(`${t.url}/annuaire-des-pros/recherche${DOMAIN}`);
    const form = page.getByRole('search');
    await form.getByLabel('Quoi ?').fill('pompe à chaleur');
    await form.getByRole('button', { name: 'Autour de moi' }).click();
    await expect.poll(() => form.getByRole('combobox', { name: 'Où ?' }).inputValue(), WAIT).toBe('Autour de moi');
    await form.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/lat=45\.364&lon=5\.589/, WAIT);
    await page.getByText('2 professionnels trouvés').waitFor(WAIT);
    expect(await page.locator('.listepro-card h3').allTextContents()).toEqual([
      'Thermique Isère Conseil',
      'Entreprise Démo Rénovation',
    ]);
    expect(await page.locator('.listepro-card .listepro-distance').first().textContent()).toBe('À 0 km');
    await screenshot(page, 'listepro-whatwhere-around-me-375');

    // No place: every public firm, in the seed's random order (said so), no distance.
    await page.goto(`${t.url}/annuaire-des-pros/trouver${DOMAIN}`);
    await page.getByText('5 professionnels trouvés').waitFor(WAIT);
    expect(await page.getByText('Les professionnels sont présentés dans un ordre aléatoire.').count()).toBe(1);
    expect(await page.locator('.listepro-distance').count()).toBe(0);
    // A word no firm uses: said in French, with the way to the guided path.
    await page.goto(`${t.url}/annuaire-des-pros/trouver${DOMAIN}&quoi=zzzz`);
    await page.getByText(/Aucun professionnel ne correspond à cette recherche/).waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });
});
