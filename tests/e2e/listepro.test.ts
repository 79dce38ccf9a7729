import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { pdfText } from '../helpers/pdf-text';
import { insertFixture } from '../../server/seed/insert-record';
import { systemContext } from '../../server/seed/system-context';

// The professionals directory's public journey on its own white label (issue 13 item 2, issue 16
// item 1): the landing page offers it, the search goes in three steps, the results list the valid,
// published professionals of the demo (Isère) in a random order kept in the address.

const WAIT = { timeout: 20_000 };
const GREEN = 'rgb(30, 123, 52)';

/** The map's markers as drawn: fill colour, favourite or not, and whether the map's frame shows them whole. */
function markers(page: Page) {
  return page.evaluate(() => {
    const frame = document.querySelector('[data-testid="listepro-map"]')!.getBoundingClientRect();
    return [...document.querySelectorAll<SVGPathElement>('[data-testid="listepro-map"] path.listepro-marker')].map(
      (path) => {
        const box = path.getBoundingClientRect();
        return {
          fill: getComputedStyle(path).fill,
          favourite: path.classList.contains('listepro-marker-favourite'),
          inView:
            box.width > 0 &&
            box.left >= frame.left &&
            box.right <= frame.right &&
            box.top >= frame.top &&
            box.bottom <= frame.bottom,
        };
      },
    );
  });
}

/** The white label's brand colour (its theme's CSS variable), as the browser computes a colour. */
const brandColour = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-primary)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });

describe('directory public search (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  // An additional address of the demo's first firm, for the detail's `{id}-{addressId}` form.
  let extraAddress = 0;
  it('adds an additional address to a demo sheet (directory team, API)', async () => {
    const token = await t.login('listepro@demo.fr');
    const res = await t.call('/listepro/additional-address/', {
      method: 'POST',
      token,
      domain: 'annuaire.localhost',
      body: {
        professional: 1,
        name: 'Agence Démo Voiron',
        email: 'voiron@demo.fr',
        url: 'https://voiron.demo.example.fr',
        phoneNumber: '04 76 00 00 09',
        address: '3 place du Marché',
        postcode: '38500',
        town: 'Voiron',
        lat: 45.364,
        lon: 5.589,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    extraAddress = res.body.pk as number;
  });

  for (const width of [1280, 375]) {
    it(`goes from the annuaire.localhost landing to the results in three steps at ${width} px`, async () => {
      const { page, context, errors } = await newPage(browser, { width, height: 900 });
      // The white label's home is the search itself; the guided path is below « Quoi ? / Où ? ».
      await page.goto(`${t.url}/?domain=annuaire.localhost`);
      await page.waitForURL(/\/annuaire-des-pros\/recherche/, WAIT);

      // Step 1, by keyboard: the first option takes Enter.
      await page.getByText('Étape 1 sur 3').waitFor(WAIT);
      expect(await page.locator('.listepro-option').allTextContents()).toEqual([
        'Maison',
        'Petit collectif',
        'Copropriété',
        'Tertiaire',
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-search-step1-${width}`);
      await page.getByRole('button', { name: 'Maison' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Étape 2 sur 3').waitFor(WAIT);
      // The step's heading has the focus; the MAR shortcut is offered for houses.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Que recherchez-vous ?');
      expect(await page.getByRole('link', { name: "Mon Accompagnateur Rénov'" }).getAttribute('href')).toBe(
        '/annuaire-des-pros/resultats-MAR/true',
      );

      // Financement has a single sub-mission for houses: chosen at once; « Retour » undoes both.
      await page.getByRole('button', { name: 'Financement' }).click();
      await page.getByRole('link', { name: 'Afficher les résultats' }).waitFor(WAIT);
      expect(await page.locator('.listepro-choice').textContent()).toBe('Votre choix : Maison › Financement › Banques');
      await page.getByRole('button', { name: /Retour/ }).click();
      await page.getByText('Étape 2 sur 3').waitFor(WAIT);

      await page.getByRole('button', { name: 'Audit' }).click();
      await page.getByText('Étape 3 sur 3').waitFor(WAIT);
      await page.getByRole('button', { name: 'Audit global (architectural et énergétique)' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Afficher les résultats' }).click();

      // Results: the three valid, published demo professionals offering it; the unvalidated one never.
      await page.waitForURL(/\/annuaire-des-pros\/resultats\/1\/1\/4\?seed=\d+/, WAIT);
      await page.locator('.listepro-card').first().waitFor(WAIT);
      const names = await page.locator('.listepro-card h3').allTextContents();
      expect([...names].sort()).toEqual([
        'Atelier Bois Vercors',
        'Entreprise Démo Rénovation',
        'Thermique Isère Conseil',
      ]);
      expect(await page.getByText('Les professionnels sont présentés dans un ordre aléatoire.').count()).toBe(1);
      // The order is the seed's: reloading the address gives the same one.
      await page.reload();
      await page.locator('.listepro-card').first().waitFor(WAIT);
      expect(await page.locator('.listepro-card h3').allTextContents()).toEqual(names);
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing of the directory's page wider than the screen at 375 px (the shell's header is not this page's;
      // Leaflet's panes and vector layer extend past the map, which clips them: the map itself is checked).
      const wide = await page.evaluate(
        (w) =>
          [...document.querySelectorAll('.listepro-results *')]
            .filter((e) => !e.parentElement?.closest('.leaflet-container'))
            .filter((e) => e.getBoundingClientRect().right > w)
            .map((e) => e.tagName),
        width,
      );
      expect(wide).toEqual([]);
      await screenshot(page, `listepro-results-${width}`);

      // The map: one marker per card (the three are located), in the white label's colour, all in view.
      const brand = await brandColour(page);
      await page.locator('path.listepro-marker').nth(2).waitFor(WAIT);
      let drawn = await markers(page);
      expect(drawn).toHaveLength(names.length);
      expect(drawn.map((m) => m.fill)).toEqual(names.map(() => brand));
      expect(drawn.every((m) => m.inView)).toBe(true);
      // At 375 px the map comes below the cards; at 1280 px beside them.
      const cardsBox = (await page.locator('.listepro-cards').boundingBox())!;
      const mapBox = (await page.getByTestId('listepro-map').boundingBox())!;
      if (width === 375) expect(mapBox.y).toBeGreaterThanOrEqual(cardsBox.y + cardsBox.height);
      else expect(mapBox.x).toBeGreaterThanOrEqual(cardsBox.x + cardsBox.width);

      // A favourite by keyboard: Tab reaches the checkbox with a visible focus, Space ticks it, its marker turns green.
      const favourite = page.getByRole('checkbox', { name: `Ajouter à ma sélection : ${names[0]}` });
      await favourite.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await favourite.evaluate((e) => e === document.activeElement && e.matches(':focus-visible'))).toBe(true);
      await page.keyboard.press('Space');
      // Ticked, its label says what the box now does (issue 26 item 8).
      const ticked = page.getByRole('checkbox', { name: `Retirer de ma sélection : ${names[0]}` });
      await ticked.waitFor(WAIT);
      expect(await ticked.isChecked()).toBe(true);
      await page.getByText('Ma sélection : 1 professionnel').waitFor(WAIT);
      await page.locator('path.listepro-marker-favourite').waitFor(WAIT);
      drawn = await markers(page);
      expect(drawn.filter((m) => m.favourite).map((m) => m.fill)).toEqual([GREEN]);
      expect(drawn.filter((m) => !m.favourite)).toHaveLength(names.length - 1);
      // A second one with the mouse (the PDF below prints the two).
      await page.getByRole('checkbox', { name: `Ajouter à ma sélection : ${names[1]}` }).check();
      await page.getByText('Ma sélection : 2 professionnels').waitFor(WAIT);

      // « Situer sur la carte » opens the professional's popup; « Agrandir » gives the map more room.
      await page.getByRole('button', { name: `Situer sur la carte : ${names[2]}` }).click();
      await page.locator('.leaflet-popup', { hasText: names[2] }).waitFor(WAIT);
      const before = mapBox.height;
      await page.getByRole('button', { name: 'Agrandir la carte' }).click();
      await page.getByRole('button', { name: 'Réduire la carte' }).waitFor(WAIT);
      await page.waitForFunction(
        (h) => document.querySelector('[data-testid="listepro-map"]')!.getBoundingClientRect().height > h,
        before,
        WAIT,
      );
      // The enlarged frame fits the results again (the « Situer » zoom showed one of them).
      await expect.poll(async () => (await markers(page)).every((m) => m.inView), WAIT).toBe(true);
      await page.getByRole('button', { name: 'Réduire la carte' }).click();
      await page.getByRole('button', { name: 'Agrandir la carte' }).waitFor(WAIT);
      await screenshot(page, `listepro-results-favourites-${width}`);

      // The PDF of the selection with a comment, read back: the two favourites and the comment, not the third.
      const comment = `Rénovation de notre maison à Saint-Égrève, devis avant juin (${width} px).`;
      await page.getByRole('button', { name: 'Télécharger en PDF' }).click();
      await page.getByRole('radio', { name: /La sélection uniquement/ }).check();
      await page.getByLabel('Votre commentaire (facultatif, imprimé en première page)').fill(comment);
      expect(await seriousViolations(page)).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download', WAIT),
        page.getByRole('button', { name: 'Lancer le téléchargement' }).click(),
      ]);
      const { text } = await pdfText(readFileSync((await download.path())!));
      expect(text).toContain(comment);
      expect(text).toContain(names[0]);
      expect(text).toContain(names[1]);
      expect(text).not.toContain(names[2]);

      // The detail from a card: the favourite kept, the carousel of references, the labels, axe clean.
      await page.getByRole('link', { name: 'Atelier Bois Vercors', exact: true }).click();
      await page.waitForURL(/\/detail-professionnel\/2$/, WAIT);
      await page.getByRole('heading', { name: 'Atelier Bois Vercors', level: 2 }).waitFor(WAIT);
      const carousel = page.getByRole('region', { name: 'Réalisations' });
      await carousel.getByRole('heading', { name: "Rénovation d'une ferme du Vercors" }).waitFor(WAIT);
      const kept = names.slice(0, 2).includes('Atelier Bois Vercors');
      const box = page.getByRole('checkbox', { name: kept ? 'Retirer de ma sélection' : 'Ajouter à ma sélection' });
      expect(await box.isChecked()).toBe(kept);
      // « Site internet » shows the address it leads to.
      expect(await page.getByRole('link', { name: 'pro2.demo.example.fr' }).getAttribute('href')).toBe(
        'https://pro2.demo.example.fr',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-detail-${width}`);
      // « 12-3 »: the firm's sheet at one of its additional addresses, with its labels.
      await page.goto(`${t.url}/annuaire-des-pros/detail-professionnel/1-${extraAddress}?domain=annuaire.localhost`);
      await page.getByRole('heading', { name: 'Agence Démo Voiron', level: 2 }).waitFor(WAIT);
      expect(await page.getByText('3 place du Marché, 38500 Voiron').count()).toBe(1);
      await page.getByRole('heading', { name: 'Labels', level: 3 }).waitFor(WAIT);
      expect(await page.getByText('Rénovation exemplaire (démo)').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-detail-address-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('follows the redirects of spec 03, lists the MAR professionals and shows the news page', async () => {
    const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
    // /listepro → /annuaire-des-pros → a visitor's part of it, the search; /listepro/recherche → the search.
    for (const from of ['/listepro', '/listepro/recherche', '/annuaire-des-pros']) {
      await page.goto(`${t.url}${from}?domain=annuaire.localhost`);
      await page.waitForURL(/\/annuaire-des-pros\/recherche/, WAIT);
      await page.getByText('Étape 1 sur 3').waitFor(WAIT);
    }
    // The « Mon Accompagnateur Rénov' » list: the one valid, published MAR professional, on the map too.
    await page.getByRole('button', { name: 'Maison' }).click();
    await page.getByRole('link', { name: "Mon Accompagnateur Rénov'" }).click();
    await page.waitForURL(/\/annuaire-des-pros\/resultats-MAR\/true\?seed=\d+/, WAIT);
    await page.locator('.listepro-card').first().waitFor(WAIT);
    expect(await page.locator('.listepro-card h3').allTextContents()).toEqual(['Atelier Bois Vercors']);
    expect(await page.getByRole('heading', { name: "Mon Accompagnateur Rénov'", level: 2 }).count()).toBe(1);
    await page.locator('path.listepro-marker').first().waitFor(WAIT);
    expect(await page.locator('path.listepro-marker').count()).toBe(1);
    // The news page (module on for this white label), whose way back leads a visitor to the search.
    await page.goto(`${t.url}/annuaire-des-pros/actualites?domain=annuaire.localhost`);
    const back = page.getByRole('link', { name: "← Retour à l'annuaire" });
    await back.waitFor(WAIT);
    expect(await page.locator('.listepro-news h2').textContent()).toMatch(/Actualités/);
    expect(await seriousViolations(page)).toEqual([]);
    await back.click();
    await page.waitForURL(/\/annuaire-des-pros\/recherche/, WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps every match on the map from page to page, its points asked with the first page only', async () => {
    // Twelve more valid, published firms offering « assistance maîtrise d’usage » for « tertiaire »
    // (4/21, a link no demo sheet offers): two pages of results.
    const ctx = systemContext(t.app);
    for (let i = 0; i < 12; i++) {
      const pk = 500 + i;
      await insertFixture(ctx, 'listepro-professional', {
        pk,
        user: 13, // one account may hold several sheets (quirk 12)
        name: `Bureau d'usage n° ${i + 1}`,
        job: 1,
        email: `usage${i + 1}@exemple.fr`,
        postcode: '38000',
        town: 'Grenoble',
        lat: 45.15 + i * 0.01,
        lon: 5.7 + i * 0.01,
        proIsValid: true,
        transitionState: 'published',
      });
      await insertFixture(ctx, 'listepro-presentation', {
        pk,
        professional: pk,
        version: 'published',
        transitionState: 'published',
        segments: [1],
        activities: [4],
        subMissions: [21],
        description: '<p>Assistance à maîtrise d’usage.</p>',
      });
    }
    const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
    const searches: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/listepro/public/search/')) searches.push(new URL(r.url()));
    });
    await page.goto(`${t.url}/annuaire-des-pros/resultats/4/2/21?domain=annuaire.localhost`);
    await page.waitForURL(/seed=\d+/, WAIT);
    await page.getByText('12 professionnels trouvés').waitFor(WAIT);
    await page.locator('.listepro-cluster').first().waitFor(WAIT);
    const firstPage = await page.locator('.listepro-card h3').allTextContents();
    expect(firstPage).toHaveLength(10);
    await page.getByRole('link', { name: /Page suivante/ }).click();
    await page.waitForURL(/page=2/, WAIT);
    await expect.poll(() => page.locator('.listepro-card h3').allTextContents(), WAIT).toHaveLength(2);
    const secondPage = await page.locator('.listepro-card h3').allTextContents();
    // The same draw: the two pages are the twelve firms, each once.
    expect(new Set([...firstPage, ...secondPage]).size).toBe(12);
    // Twelve firms about a kilometre apart: gathered into clusters (issue 26 item 7), twelve in all.
    const shown = async () =>
      (await page.locator('path.listepro-marker').count()) +
      (await page.locator('.listepro-cluster span[aria-hidden]').allTextContents()).reduce((n, c) => n + Number(c), 0);
    await expect.poll(shown, WAIT).toBe(12);
    expect(await page.locator('.listepro-cluster').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await markers(page)).every((m) => m.inView), WAIT).toBe(true);
    // « Situer sur la carte » on a card of page 2: its marker is there.
    expect(
      await page
        .locator('.listepro-card')
        .first()
        .getByRole('button', { name: /Situer sur la carte/ })
        .count(),
    ).toBe(1);
    await screenshot(page, 'listepro-results-page-2');
    // The points travelled once: with the request that drew the seed, not with the others.
    const withPoints = searches.filter((u) => u.searchParams.get('points') === '1');
    expect(withPoints).toHaveLength(1);
    expect(withPoints[0].searchParams.get('seed')).toBeNull();
    expect(searches.some((u) => u.searchParams.get('page') === '2' && !u.searchParams.has('points'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
