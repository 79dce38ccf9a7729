import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { resolve } from 'node:path';
import { newPage, screenshot, signIn, SCREENSHOTS_DIR } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

const PLACES = '/dialogwatt/gestion-des-lieux/';
// Screens load lazily and the preview waits for a pause in the edits: polls get more than the default second.
const WAIT = { timeout: 20_000 };

/** What the screen shows at this scroll position (a full-page capture misplaces the sticky preview). */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(SCREENSHOTS_DIR, `${name}.png`) });
}

/** The test server as another white label's domain (browsers resolve *.localhost to this machine). */
function onDomain(baseUrl: string, domain: string): string {
  return baseUrl.replace('//localhost', `//${domain}`);
}

/** Signs in on a given domain: a signed-in user's white label is the Host's (`?domain=` only serves public reads). */
async function signInOn(page: Page, baseUrl: string, domain: string, email: string): Promise<void> {
  await page.goto(`${onDomain(baseUrl, domain)}/mon-compte/connexion`);
  await page.getByLabel('Adresse électronique').fill(email);
  await page.getByLabel('Mot de passe').fill('renovation-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForFunction(() => !location.pathname.startsWith('/mon-compte/connexion'));
}

describe('form editor: a white-label administrator customises the places form of one domain (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let localhostPk: number;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  beforeAll(async () => {
    localhostPk = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    // Another domain with appointments on, whose places form must stay as declared.
    const other = await t.call('/white_labelling/', {
      method: 'POST',
      token: await t.login('admin@demo.fr'),
      body: { domain: 'autre.localhost', siteTitle: 'Autre réseau', dialogwattIsActive: true },
    });
    expect(other.status).toBe(201);
  });

  it('opens the white label administration, its tabs and the ways into the editors', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/administration/marques-blanches/`);
    await page.getByRole('link', { name: 'localhost', exact: true }).click();
    await page.waitForURL(`${t.url}/administration/marques-blanches/edition/${localhostPk}`);
    await expect
      .poll(() => page.getByRole('tab').allTextContents(), WAIT)
      .toEqual([
        'Général',
        'Modules',
        'Apparence',
        'Affichage',
        'Accueil par rôle',
        'Statistiques de visite',
        'Annuaire',
        'Intégrations',
      ]);
    expect(await page.getByLabel('Prise de rendez-vous : actif').isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Modules' }).click();
    expect(await page.getByLabel('Prise de rendez-vous : actif').isChecked()).toBe(true);
    await screenshot(page, 'white-label-edit-modules');
    await page.getByRole('button', { name: 'Exporter / Importer' }).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Exporter / Importer la configuration' }).isVisible(), WAIT)
      .toBe(true);
    await screenshot(page, 'white-label-export-import');
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).first().click();
    await page.getByRole('link', { name: 'Personnaliser les formulaires' }).click();
    await page.waitForURL(`${t.url}/administration/marques-blanches/${localhostPk}/formulaires/`);
    await expect
      .poll(() => page.getByRole('main').getByRole('link', { name: 'Lieux de rendez-vous' }).count(), WAIT)
      .toBe(1);
    await screenshot(page, 'form-editor-picker');
    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'has no serious accessibility violation on the administration, ' +
      'the form editor with its preview, and the menu editor',
    async () => {
      // bypassCSP only lets the test inject axe.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'fr-FR',
        bypassCSP: true,
      });
      const page = await context.newPage();
      await signIn(page, t.url, 'admin@demo.fr');
      const report: Record<string, string[]> = {};
      await page.goto(`${t.url}/administration/marques-blanches/edition/${localhostPk}`);
      await page.getByRole('tab', { name: 'Modules' }).click();
      report.edit = await seriousViolations(page);
      await page.goto(`${t.url}/administration/marques-blanches/${localhostPk}/formulaires/place`);
      await page.locator('.wl-preview').getByRole('button', { name: 'Vérifier la saisie' }).waitFor();
      report.editor = await seriousViolations(page);
      await page.getByRole('button', { name: 'Ajouter un champ' }).click();
      await page
        .getByRole('dialog', { name: 'Ajouter un champ' })
        .getByLabel('Type de champ')
        .selectOption({ label: 'nombre entier' });
      report.addField = await seriousViolations(page);
      await page.goto(`${t.url}/administration/marques-blanches/${localhostPk}/menus/`);
      await page.locator('.wl-menu-preview').first().waitFor();
      report.menus = await seriousViolations(page);
      expect(report).toEqual({ edit: [], editor: [], addField: [], menus: [] });
      await context.close();
    },
  );

  it('hides, renames and moves menu entries of localhost with a preview', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/administration/marques-blanches/${localhostPk}/menus/`);
    const places = page.getByRole('group', { name: /^Lieux de rendez-vous/ });
    await places.getByLabel('Libellé').fill('Nos permanences');
    await page
      .getByRole('group', { name: /^Indisponibilités/ })
      .getByLabel('Masqué')
      .check();
    await page.getByRole('button', { name: "Monter l'entrée « Notifications »" }).click();
    const preview = page.locator('.wl-preview');
    await expect
      .poll(() => preview.locator('li').filter({ hasText: 'Nos permanences' }).count(), WAIT)
      .toBeGreaterThan(0);
    expect(await preview.textContent()).not.toContain('Indisponibilités');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect
      .poll(() => page.locator('.wl-save-status').textContent(), WAIT)
      .toBe('Version 1 enregistrée, aucune modification en cours.');
    await screenshot(page, 'menu-editor');
    const menu = (await t.call('/meta/menu', { token: await t.login('conseiller@demo.fr'), domain: 'localhost' }))
      .body as { id: string; children?: { id: string; label: string }[] }[];
    const children = menu.find((m) => m.id === 'dialogwatt')!.children!;
    expect(children.map((c) => c.label)).toContain('Nos permanences');
    expect(children.map((c) => c.id)).not.toContain('advisor-downtime.list');
    expect(children.findIndex((c) => c.id === 'notification.list')).toBeLessThan(
      children.findIndex((c) => c.id === 'reason.list'),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports a configuration file and imports one, with French errors for a wrong file', async () => {
    const admin = await t.login('admin@demo.fr');
    const copy = (
      await t.call('/white_labelling/', {
        method: 'POST',
        token: admin,
        body: { domain: 'copie.localhost', siteTitle: 'Copie' },
      })
    ).body;
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/administration/marques-blanches/edition/${copy.pk}`);
    await page.getByRole('button', { name: 'Exporter / Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter / Importer la configuration' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Télécharger la configuration' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('marque-blanche-copie.localhost.json');

    // A JSON file that is not an export: refused, in French, nothing changed.
    await dialog
      .getByLabel('Fichier de configuration (.json)')
      .setInputFiles({ name: 'autre.json', mimeType: 'application/json', buffer: Buffer.from('{"bonjour": 1}') });
    expect(await dialog.textContent()).toContain('autre.json');
    await dialog.getByRole('button', { name: 'Importer le fichier' }).click();
    await page
      .getByRole('dialog', { name: 'Attention !' })
      .getByRole('button', { name: 'Remplacer la configuration' })
      .click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), WAIT)
      .toContain("Ce fichier n'est pas un export de configuration de marque blanche.");

    // The export of localhost with another title: imported, the form shows it, the domain stays.
    const doc = (await t.call(`/white_labelling/${localhostPk}/export/`, { token: admin })).body;
    doc.whiteLabel.siteTitle = 'Réseau copié';
    await dialog.getByLabel('Fichier de configuration (.json)').setInputFiles({
      name: 'localhost.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(doc)),
    });
    await dialog.getByRole('button', { name: 'Importer le fichier' }).click();
    await page
      .getByRole('dialog', { name: 'Attention !' })
      .getByRole('button', { name: 'Remplacer la configuration' })
      .click();
    await expect.poll(() => dialog.getByRole('status').last().textContent(), WAIT).toContain('Import terminé');
    await screenshot(page, 'white-label-import-done');
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await expect.poll(() => page.getByLabel('Titre du site').inputValue(), WAIT).toBe('Réseau copié');
    expect(await page.getByRole('textbox', { name: 'Domaine' }).inputValue()).toBe('copie.localhost');
    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'hides a field and adds a required one on localhost; ' + 'the other domain is unchanged; versions compare and undo',
    async () => {
      const admin = await newPage(browser);
      const page = admin.page;
      await signIn(page, t.url, 'admin@demo.fr');
      await page.goto(`${t.url}/administration/marques-blanches/${localhostPk}/formulaires/`);
      await page.getByRole('main').getByRole('link', { name: 'Lieux de rendez-vous' }).click();
      await page.waitForURL(`${t.url}/administration/marques-blanches/${localhostPk}/formulaires/place`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT)
        .toBe('Formulaire « Lieux de rendez-vous » — localhost');

      // Hide « Présentation interne ».
      const internal = page.getByRole('group', { name: /^Présentation interne \(conseillers\)/ });
      await internal.getByLabel('Masqué').check();
      // A required field of the base cannot be hidden, and stays required.
      const name = page.getByRole('group', { name: 'Nom', exact: true });
      expect(await name.getByLabel('Masqué').isDisabled()).toBe(true);
      expect(await name.getByLabel('Obligatoire').isChecked()).toBe(true);

      // Add a required choice list « Accessibilité PMR ».
      await page.getByRole('button', { name: 'Ajouter un champ' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter un champ' });
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
      await dialog.getByRole('button', { name: 'Ajouter le champ' }).click();
      await expect
        .poll(() => dialog.locator('.field-error').first().textContent(), WAIT)
        .toBe('Ce champ est obligatoire.');
      await dialog.getByLabel('Libellé').fill('Accessibilité PMR');
      await dialog.getByLabel('Type de champ').selectOption({ label: 'liste de choix' });
      await dialog.getByLabel('Choix possibles').fill('Oui\nNon\nPartielle');
      await dialog.getByLabel('Champ obligatoire').check();
      // Administrators never see technical names (issue 16, item 10).
      expect(await dialog.textContent()).not.toContain('xAccessibilitePmr');
      await screenshot(page, 'form-editor-add-field');
      await dialog.getByRole('button', { name: 'Ajouter le champ' }).click();
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);

      // Move it up with the keyboard: the focus stays on the button, the move is announced.
      const up = page.getByRole('button', { name: 'Monter « Accessibilité PMR »' });
      await up.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
        .toBe('Monter « Accessibilité PMR »');
      await expect
        .poll(() => page.locator('.wl-editor [aria-live="polite"]').first().textContent(), WAIT)
        .toBe('« Accessibilité PMR » déplacé en position 6 sur 7.');

      // The live preview (computed by the server) shows the new field and not the hidden one.
      const preview = page.locator('.wl-preview');
      await expect.poll(() => preview.getByLabel('Accessibilité PMR').count(), WAIT).toBe(1);
      expect(await preview.getByLabel('Présentation interne (conseillers)').count()).toBe(0);
      await preview.getByRole('button', { name: 'Vérifier la saisie' }).click();
      await expect
        .poll(
          () =>
            preview
              .locator('.has-error')
              .filter({ hasText: 'Accessibilité PMR' })
              .locator('.field-error')
              .textContent(),
          WAIT,
        )
        .toBe('Ce champ est obligatoire.');
      await screenshot(page, 'form-editor-preview');
      await page
        .getByRole('group', { name: /^Accessibilité PMR/ })
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await preview.getByLabel('Accessibilité PMR').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await viewportShot(page, 'form-editor-preview-viewport');

      await page.getByLabel('Commentaire de la version (facultatif)').fill('Accessibilité et présentation');
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await expect
        .poll(() => page.locator('.wl-save-status').textContent(), WAIT)
        .toBe('Version 1 enregistrée, aucune modification en cours.');
      expect(await page.getByRole('row', { name: /Accessibilité et présentation/ }).count()).toBe(1);

      // An advisor on localhost sees the new field, not the hidden one, and cannot save without it.
      const advisor = await newPage(browser);
      await signIn(advisor.page, t.url, 'conseiller@demo.fr');
      await advisor.page.goto(`${t.url}${PLACES}creation/`);
      const pmr = advisor.page.getByLabel('Accessibilité PMR');
      await expect.poll(() => pmr.count(), WAIT).toBe(1);
      expect(await advisor.page.getByLabel('Présentation interne (conseillers)').count()).toBe(0);
      await advisor.page.getByLabel('Nom').first().fill('Permanence accessible');
      await advisor.page.getByLabel('Espace Conseil Démo').check();
      await advisor.page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect
        .poll(() => advisor.page.locator('.has-error .field-error').first().textContent(), WAIT)
        .toBe('Ce champ est obligatoire.');
      expect(await advisor.page.locator('.has-error label').first().textContent()).toContain('Accessibilité PMR');
      await screenshot(advisor.page, 'form-editor-advisor-localhost');
      await pmr.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await viewportShot(advisor.page, 'form-editor-advisor-localhost-viewport');
      await pmr.selectOption({ label: 'Partielle' });
      await advisor.page.getByRole('button', { name: 'Enregistrer' }).click();
      await advisor.page.waitForURL(`${t.url}${PLACES}`);
      const stored = (
        await t.call('/dialogwatt/place/?q=accessible', {
          token: await t.login('conseiller@demo.fr'),
          domain: 'localhost',
        })
      ).body[0];
      expect(stored).toMatchObject({ name: 'Permanence accessible', xAccessibilitePmr: 'partielle' });
      expect(advisor.errors).toEqual([]);
      await advisor.context.close();

      // On autre.localhost the places form is the declared one.
      const elsewhere = await newPage(browser);
      await signInOn(elsewhere.page, t.url, 'autre.localhost', 'conseiller@demo.fr');
      await elsewhere.page.goto(`${onDomain(t.url, 'autre.localhost')}${PLACES}creation/`);
      await expect.poll(() => elsewhere.page.getByLabel('Présentation interne (conseillers)').count(), WAIT).toBe(1);
      expect(await elsewhere.page.getByLabel('Accessibilité PMR').count()).toBe(0);
      expect(await elsewhere.page.locator('.app-header').textContent()).toContain('Autre réseau');
      await screenshot(elsewhere.page, 'form-editor-advisor-other-domain');
      expect(elsewhere.errors).toEqual([]);
      await elsewhere.context.close();

      // A second version relabels « Nom »; the history compares the versions in French.
      await name.getByLabel('Libellé').fill('Nom de la permanence');
      await page.getByLabel('Commentaire de la version (facultatif)').fill('Vocabulaire du réseau');
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await expect
        .poll(() => page.locator('.wl-save-status').textContent(), WAIT)
        .toBe('Version 2 enregistrée, aucune modification en cours.');
      await page.getByRole('button', { name: 'Comparer la version 2 avec la précédente' }).click();
      const diff = page.locator('.wl-diff');
      await expect
        .poll(() => diff.locator('li').allTextContents(), WAIT)
        .toEqual(['Champ Nom : libellé “Nom” → “Nom de la permanence”']);
      await page.getByRole('button', { name: 'Comparer la version 1 avec la précédente' }).click();
      await expect.poll(() => diff.locator('h3').textContent(), WAIT).toBe('Différences de Modèle de base à Version 1');
      const lines = await diff.locator('li').allTextContents();
      expect(lines).toContain(
        'Champ ajouté : Accessibilité PMR (liste de choix, obligatoire) dans « Informations générales »',
      );
      expect(lines).toContain('Champ Présentation interne (conseillers) : masqué');
      await screenshot(page, 'form-editor-compare');
      await diff.scrollIntoViewIfNeeded();
      await viewportShot(page, 'form-editor-compare-viewport');

      // Undo: back to version 1, as a new version 3.
      await page.getByRole('button', { name: 'Revenir à la version 1' }).click();
      const confirm = page.getByRole('dialog', { name: 'Attention !' });
      await expect.poll(() => confirm.isVisible(), WAIT).toBe(true);
      // The confirming button names the action; restoring is undone like any version: not red.
      const restore = confirm.getByRole('button', { name: 'Restaurer cette version' });
      expect(await restore.getAttribute('class')).not.toContain('button-danger');
      await restore.click();
      await expect
        .poll(() => page.locator('.wl-save-status').textContent(), WAIT)
        .toBe('Version 3 enregistrée, aucune modification en cours.');
      expect(await name.getByLabel('Libellé').inputValue()).toBe('');
      // The comparison shown before was about versions that are no longer the latest: gone.
      await expect.poll(() => diff.locator('h3').count(), WAIT).toBe(0);
      expect(await diff.locator('li').count()).toBe(0);
      const meta = (
        await t.call('/meta/entity/place', { token: await t.login('conseiller@demo.fr'), domain: 'localhost' })
      ).body;
      expect(meta.version).toBe(3);
      expect(meta.schema.properties.name.title).toBe('Nom');
      expect(meta.schema.required).toContain('xAccessibilitePmr');
      await screenshot(page, 'form-editor-after-undo');

      // Back to the base declaration in one click (nothing unsaved: no question), as version 4.
      await page.getByRole('button', { name: 'Revenir au modèle de base' }).click();
      await expect
        .poll(() => page.locator('.wl-save-status').textContent(), WAIT)
        .toBe('Version 4 enregistrée, aucune modification en cours.');
      expect(await confirm.isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Revenir au modèle de base' }).count()).toBe(0);
      const based = (
        await t.call('/meta/entity/place', { token: await t.login('conseiller@demo.fr'), domain: 'localhost' })
      ).body;
      expect(based.version).toBe(4);
      expect(based.schema.properties.xAccessibilitePmr).toBeUndefined();
      expect(based.schema.required).not.toContain('xAccessibilitePmr');
      expect(await page.locator('.wl-versions tbody tr').first().textContent()).toContain('Retour au modèle de base');
      // The preview follows: the added field is gone.
      await expect.poll(() => page.locator('.wl-preview').getByText('Accessibilité PMR').count(), WAIT).toBe(0);
      await screenshot(page, 'form-editor-back-to-base');
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    },
  );
});
