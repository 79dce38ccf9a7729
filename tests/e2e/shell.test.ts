import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../helpers/axe';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

const WAIT = { timeout: 15_000 };

/** Signs in through the form of the page already open, without reloading the application. */
async function signInHere(page: Page, email: string): Promise<void> {
  await page.getByLabel('Adresse électronique').fill(email);
  await page.locator('#login-password').fill('renovation-demo');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.waitForFunction(() => !location.pathname.startsWith('/mon-compte/connexion'));
}

describe('the shell as a new user meets it (issue 16)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [1280, 375]) {
    it(`opens / on a landing page of the white label, each public service a link (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'fr-FR', bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${t.url}/`);
      await page.getByRole('heading', { name: 'Nos services' }).waitFor(WAIT);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.locator('#login-email').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Rénovation Démo');
      const cards = page.locator('.service-card h3 a');
      await expect
        .poll(() => cards.allTextContents(), WAIT)
        .toEqual([
          'Prendre rendez-vous avec un conseiller',
          "Comparer les systèmes de chauffage et d'eau chaude",
          'Trouver le chauffage le plus économique pour mon logement',
          'Calculer le financement de ma rénovation',
          'Trouver un professionnel de la rénovation',
          'Voir la carte des structures actimmo',
          "S'inscrire à une réunion ou un atelier",
        ]);
      // The product's name comes second (issue 26 item 9).
      expect(await page.locator('.service-card .service-kind').first().textContent()).toBe('DialogWatt');
      // Booking leads to its public route; internal tools (file area, follow-up) have no card.
      expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/dialogwatt/rendez-vous/',
        '/thermix',
        '/therminix',
        '/ecorenover',
        '/annuaire-des-pros/recherche',
        '/actimmo-map',
        '/evenements/agenda/',
      ]);
      const text = (await page.locator('main').textContent())!;
      const internal = ['Fabrique à contacts', 'Fichier contacts', 'Dossiers', 'Experiences', 'Newsletters'];
      for (const wrong of [...internal, 'chauffages', 'ActimmoMap']) expect(text).not.toContain(wrong);
      // No breadcrumb repeating the page (« Accueil › Accueil »).
      expect(await page.getByRole('navigation', { name: "Fil d'Ariane" }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `landing-localhost-${width}`);
      // The whole card leads to the service.
      const card = page.locator('.service-card', { hasText: 'Therminix' });
      // The cards are taller with what each service does: at 375 px this one starts below the fold.
      await card.scrollIntoViewIfNeeded();
      const box = (await card.locator('.service-description').boundingBox())!;
      await page.mouse.click(box.x + 5, box.y + 5);
      await page.waitForURL(/\/therminix/, WAIT);

      // The directory-only white label opens on the directory's search itself (issue 26 item 6: no
      // page with one card): its own title and colours, no breadcrumb, nothing offered twice.
      await page.goto(`${t.url}/?domain=annuaire.localhost`);
      await page.waitForURL(/\/annuaire-des-pros\/recherche/, WAIT);
      await page.getByRole('search').getByLabel('Quoi ?').waitFor(WAIT);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Trouver un professionnel');
      expect(await page.getByRole('navigation', { name: "Fil d'Ariane" }).count()).toBe(0);
      expect(await page.locator('#login-email').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `landing-annuaire-${width}`);
      await context.close();
    });
  }

  it('leads the « Accueil » menu entry to the landing page, and says what each product-named entry is', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${t.url}/thermix`);
    const thermix = page.locator('#side-menu a', { hasText: 'Thermix' });
    await thermix.first().waitFor(WAIT);
    expect(await thermix.first().textContent()).toBe('ThermixSimulateur chauffage et eau chaude');
    expect(await thermix.first().getAttribute('title')).toMatch(/^Comparer le coût/);
    expect(await page.locator('#side-menu a', { hasText: 'Écorénover' }).textContent()).toBe(
      'ÉcorénoverSimulateur de prêt rénovation',
    );
    await screenshot(page, 'menu-descriptions-1280');
    await page.locator('#side-menu a', { hasText: 'Accueil' }).click();
    await page.getByRole('heading', { name: 'Nos services' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('reaches the main action in two Tab presses by the skip links, in one banner, one menu, one main', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'manager@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
    await page.getByRole('row').nth(2).waitFor(WAIT);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    const active = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect
      .poll(() => page.locator('.skip-links a').allTextContents(), WAIT)
      .toEqual(['Aller au contenu', "Aller à l'action principale : Nouveau lieu", 'Aller au menu']);
    // Its name is the start of its text: speech input works, and it is not taken for the action itself.
    expect(await page.getByRole('link', { name: 'Nouveau lieu' }).count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await active()).toBe('Aller au contenu');
    await page.keyboard.press('Tab');
    expect(await active()).toBe("Aller à l'action principale : Nouveau lieu");
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      "Aller à l'action principale",
    );
    await screenshot(page, 'skip-link-main-action');
    await page.keyboard.press('Enter');
    expect(await active()).toBe('Nouveau lieu');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dialogwatt\/gestion-des-lieux\/creation\//, WAIT);
    // The screen title and the menu label name one thing.
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Lieux de rendez-vous');
    expect(await page.locator('#side-menu a[aria-current="page"]').textContent()).toBe('Lieux de rendez-vous');
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`shows the typed password on request, by mouse or keyboard (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'fr-FR', bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${t.url}/mon-compte/connexion`);
      const password = page.locator('#login-password');
      await password.fill('renovation-demo');
      expect(await password.getAttribute('type')).toBe('password');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Afficher le mot de passe');
      await page.keyboard.press('Space');
      expect(await password.getAttribute('type')).toBe('text');
      expect(await page.getByRole('button', { name: 'Masquer le mot de passe' }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `login-password-shown-${width}`);
      await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
      expect(await password.getAttribute('type')).toBe('password');
      // The form still signs in (the field keeps its name for password managers).
      await page.getByLabel('Adresse électronique').fill('conseiller@demo.fr');
      await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await page.waitForURL(/\/tableau-de-bord\/conseiller/, WAIT);
      await context.close();
    });
  }

  it('keeps the e-mail of an old /connection/<email> link', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${t.url}/connection/claire.conseillere@demo.fr`);
    await page.waitForURL(/\/mon-compte\/connexion\/claire\.conseillere(%40|@)demo\.fr$/, WAIT);
    expect(await page.getByLabel('Adresse électronique').inputValue()).toBe('claire.conseillere@demo.fr');
    await context.close();
  });

  it('sends the user to the login when the stored session cannot be refreshed at start-up', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
    await page.getByRole('row').nth(2).waitFor(WAIT);
    // The refresh token was revoked meanwhile (signed out elsewhere, expired…).
    await page.evaluate(() => localStorage.setItem('renovation.refresh', 'revoked-or-expired'));
    await page.reload();
    await page.waitForURL(/\/mon-compte\/connexion\?/, WAIT);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dialogwatt/gestion-des-lieux/');
    await expect
      .poll(() => page.locator('.notice-warning').textContent(), WAIT)
      .toBe('Votre session a expiré. Reconnectez-vous pour continuer.');
    expect(await page.evaluate(() => localStorage.getItem('renovation.refresh'))).toBeNull();
    await signInHere(page, 'conseiller@demo.fr');
    expect(new URL(page.url()).pathname).toBe('/dialogwatt/gestion-des-lieux/');
    await context.close();
  });

  it('clears what the browser kept for one person when the next one signs in or out in the same tab', async () => {
    const { page, context } = await newPage(browser);
    const optionCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/meta/options/group')) optionCalls.push(r.headers().authorization ?? '');
    });
    // A visitor starts a loan simulation on the advice centre's computer.
    await page.goto(`${t.url}/ecorenover`);
    await page.getByLabel('Surface habitable').fill('95');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('renovation.simulators.ecorenover')), WAIT)
      .toContain('95');
    // An advisor signs in on the same tab (no reload): the simulation is gone, in memory and in storage.
    await page.getByRole('link', { name: 'Se connecter' }).first().click();
    await signInHere(page, 'conseiller@demo.fr');
    expect(await page.evaluate(() => sessionStorage.getItem('renovation.simulators.ecorenover'))).toBeNull();
    await page.locator('#side-menu a', { hasText: 'Écorénover' }).click();
    await expect.poll(() => page.getByLabel('Surface habitable').inputValue(), WAIT).toBe('110');
    // The advisor opens a form with relation choices, then signs out; a neighbour signs in.
    await page.locator('#side-menu a', { hasText: 'Lieux de rendez-vous' }).click();
    await page.getByRole('link', { name: 'Nouveau lieu' }).first().click();
    await page.getByLabel('Espace Conseil Démo').waitFor(WAIT);
    expect(optionCalls).toHaveLength(1);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/mon-compte\/connexion/, WAIT);
    await signInHere(page, 'conseiller.voisin@demo.fr');
    await page.locator('#side-menu a', { hasText: 'Lieux de rendez-vous' }).click();
    await page.getByRole('link', { name: 'Nouveau lieu' }).first().click();
    await page.getByLabel('Espace Conseil Voisin').waitFor(WAIT);
    // The neighbour's choices were asked for with the neighbour's session, not served from the first one's.
    expect(optionCalls).toHaveLength(2);
    expect(optionCalls[1]).not.toBe(optionCalls[0]);
    await context.close();
  });

  it('hides a menu entry whose service is not configured for the white label (/simulaides)', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.locator('#side-menu a').first().waitFor(WAIT);
    expect(await page.locator('#side-menu a[href="/simulaides"]').count()).toBe(0);
    const menu = (await page.locator('#side-menu').textContent())!;
    expect(menu).not.toContain('Simulaides');
    await context.close();
  });

  it('writes French for administrators: elision, no technical names in the menu editor', async () => {
    const advisor = await newPage(browser);
    await signIn(advisor.page, t.url, 'conseiller@demo.fr');
    await expect
      .poll(() => advisor.page.locator('.figure-label').first().textContent(), WAIT)
      .toBe("Membres d'Espace Conseil Démo");
    await advisor.context.close();
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    const pk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk as number;
    await page.goto(`${t.url}/administration/marques-blanches/${pk}/menus/`);
    await page.locator('.wl-menu-entry').first().waitFor(WAIT);
    const editor = (await page.locator('main').textContent())!;
    for (const technical of ['place.list', 'ActimmoMap', 'thermix-v2', 'user.list'])
      expect(editor).not.toContain(technical);
    const titles = await page.locator('.wl-menu-entry .wl-field-title').allTextContents();
    expect(titles).toContain('Thermix (ancienne version)');
    await context.close();
  });

  it('shows notifications above an open modal dialog, where they can be read and closed', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/administration/marques-blanches/edition/1`);
    await page.getByRole('button', { name: 'Exporter / Importer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter / Importer la configuration' });
    // Export the configuration, then import it back: the import reports while the dialog stays open.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Télécharger la configuration' }).click(),
    ]);
    const file = readFileSync((await download.path())!);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'configuration.json', mimeType: 'application/json', buffer: file });
    await dialog.getByRole('button', { name: 'Importer le fichier' }).click();
    await page.getByRole('button', { name: 'Remplacer la configuration' }).click();
    const toast = page.locator('.toast', { hasText: 'Import terminé' });
    await toast.waitFor(WAIT);
    // In the dialog's top layer, not under its backdrop: the toast is what is at its own place.
    expect(await toast.evaluate((el) => Boolean(el.closest('dialog[open]')))).toBe(true);
    const box = (await toast.boundingBox())!;
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.toast')?.textContent ?? null, {
        x: box.x + 10,
        y: box.y + box.height / 2,
      }),
    ).toContain('Import terminé');
    await screenshot(page, 'notification-over-modal');
    await toast.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => toast.count(), WAIT).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });

  it('asks no consent and calls no outside service by default; asks and measures only once configured', async () => {
    const { page, context } = await newPage(browser);
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(t.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
        outside.push(r.url());
    });
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Nos services' }).waitFor(WAIT);
    await page.goto(`${t.url}/thermix`);
    await page.locator('#side-menu a').first().waitFor(WAIT);
    expect(await page.locator('.consent-banner').count()).toBe(0);
    expect(outside).toEqual([]);

    // The white label names its measurement server: the visitor is asked, and only then measured.
    const admin = await t.login('admin@demo.fr');
    const pk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk as number;
    const changed = await t.call(`/white_labelling/${pk}/`, {
      method: 'PATCH',
      token: admin,
      body: { matomoUrl: 'https://stats.example.test', matomoSiteId: 12 },
    });
    expect(changed.status).toBe(200);
    const hits: string[] = [];
    await context.route('https://stats.example.test/**', (route) => {
      hits.push(route.request().url());
      return route.fulfill({ status: 204, body: '' });
    });
    try {
      await expect
        .poll(async () => {
          await page.goto(`${t.url}/`);
          return page.locator('.consent-banner').count();
        }, WAIT)
        .toBe(1);
      expect(await page.getByRole('complementary', { name: "Mesure d'audience" }).textContent()).toContain('200 jours');
      await screenshot(page, 'consent-banner');
      expect(hits).toEqual([]);
      await page.getByRole('button', { name: "J'accepte" }).click();
      await expect.poll(() => hits.length, WAIT).toBeGreaterThan(0);
      const hit = new URL(hits[0]!);
      expect(hit.pathname).toBe('/piwik.php');
      expect(hit.searchParams.get('idsite')).toBe('12');
      // The answer is kept: no question on the next visit.
      await page.goto(`${t.url}/thermix`);
      await page.locator('#side-menu a').first().waitFor(WAIT);
      expect(await page.locator('.consent-banner').count()).toBe(0);
    } finally {
      await t.call(`/white_labelling/${pk}/`, {
        method: 'PATCH',
        token: admin,
        body: { matomoUrl: '', matomoSiteId: null },
      });
      await context.close();
    }
  });
});

describe('the new-version banner', () => {
  it('links to the « Nouveautés » page of the new version, not to the 404 page', async () => {
    const app = await startTestApp('sqlite', { withClient: true, env: { APP_VERSION: '99.0.0' } });
    const browser = await launchBrowser();
    try {
      const { page, context } = await newPage(browser);
      await page.goto(`${app.url}/`);
      const banner = page.locator('.version-banner');
      await banner.waitFor(WAIT);
      expect(await banner.textContent()).toContain('99.0.0');
      const link = banner.getByRole('link', { name: 'Voir les nouveautés' });
      const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await opened.waitForLoadState();
      expect(new URL(opened.url()).pathname).toBe('/nouveautes');
      await expect.poll(() => opened.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Nouveautés');
      await opened.getByRole('heading', { name: 'Version 0.1.0' }).waitFor(WAIT);
      expect(await opened.locator('main').textContent()).not.toContain('Page introuvable');
      await context.close();
    } finally {
      await browser.close();
      await app.close();
    }
  });
});
