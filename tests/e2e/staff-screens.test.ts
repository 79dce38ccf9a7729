import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../helpers/axe';
import type { TestApp } from '../helpers/test-app';
import { screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

const WAIT = { timeout: 20_000 };
const WIDTHS = [1280, 375];

/**
 * The generic staff screens as issue 16 asks them to behave: rights evaluated in the browser
 * (item 5), the error summary and notices (6), the accent-blind search and its empty state (7),
 * sortable headers (8), filter wording (10) and dialogs naming their action (11).
 */
describe('generic staff screens (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  /** A page of its own at this width; bypassCSP only lets axe be injected. */
  async function pageAt(width: number): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (
        m.type() === 'error' &&
        !/Failed to load resource: the server responded with a status of (4\d\d)/.test(m.text())
      )
        errors.push(m.text());
    });
    return { page, errors, close: () => context.close() };
  }

  for (const width of WIDTHS) {
    it(
      `opens another structure's reason read-only, without « Supprimer », ` +
        `and offers only the user's structure (${width} px)`,
      async () => {
        const { page, close, errors } = await pageAt(width);
        const deletes: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'DELETE') deletes.push(r.url());
        });
        await signIn(page, t.url, 'conseiller@demo.fr');

        // « Conseil copropriété » belongs to Espace Conseil Voisin: shown (active), not changeable.
        await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/edition/4`);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT)
          .toBe('Conseil copropriété');
        expect(await page.locator('.notice-info').textContent()).toBe(
          'Vous pouvez consulter cette fiche, mais vos droits ne permettent pas de la modifier.',
        );
        expect(await page.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
        expect(await page.locator('#field_name').getAttribute('readonly')).not.toBeNull();
        expect(await page.getByRole('button', { name: 'Retour à la liste' }).count()).toBe(1);
        // The questionnaire (booking) is described in French, without the JSON's technical names.
        await expect
          .poll(() => page.locator('.questionnaire-preview').textContent(), WAIT)
          .toBe("Aperçu : aucune question pour l'instant.");
        expect(await page.locator('main').textContent()).not.toMatch(/schema\.properties|\{schema, uiSchema\}/);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `rights-read-only-reason-${width}`);

        // One's own reason: editable, with « Supprimer ».
        await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/edition/1`);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT)
          .toBe('Premier conseil rénovation');
        expect(await page.getByRole('button', { name: 'Supprimer' }).count()).toBe(1);
        expect(await page.locator('.notice-info').count()).toBe(0);

        // A new reason: « Structure » offers the advisor's structure only (the server would refuse
        // the neighbours' with a 403, after the fact).
        await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/creation/`);
        const structure = page.locator('select#field_group');
        await expect
          .poll(() => structure.locator('option').allTextContents(), WAIT)
          .toEqual(['Choisir…', 'Espace Conseil Démo']);
        await screenshot(page, `rights-reason-choices-${width}`);
        expect(deletes).toEqual([]);
        expect(errors).toEqual([]);
        await close();
      },
    );
  }

  it('leaves the administrator every structure and « Supprimer » on any reason', async () => {
    const { page, close } = await pageAt(1280);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/edition/4`);
    await expect.poll(() => page.getByRole('button', { name: 'Supprimer' }).count(), WAIT).toBe(1);
    await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/creation/`);
    const options = page.locator('select#field_group option');
    await expect.poll(() => options.allTextContents(), WAIT).toContain('Espace Conseil Voisin');
    expect(await options.allTextContents()).toContain('Espace Conseil Démo');
    await close();
  });

  for (const width of WIDTHS) {
    it(
      `sums up a refused save at the top with links to the fields, focused; ` +
        `a later success clears the error notice (${width} px)`,
      async () => {
        const { page, close, errors } = await pageAt(width);
        await signIn(page, t.url, 'conseiller@demo.fr');
        await page.goto(`${t.url}/dialogwatt/notifications/creation/`);
        await page.getByRole('tab').first().waitFor();
        const save = page.getByRole('button', { name: 'Enregistrer' });
        await save.click();
        const summary = page.locator('.error-summary');
        await expect.poll(() => summary.isVisible(), WAIT).toBe(true);
        // The focus is on the summary: a screen reader reads it at once.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary')), WAIT)
          .toBe(true);
        const title = await summary.getByRole('heading').textContent();
        expect(title).toMatch(/^Le formulaire comporte \d+ erreurs$/);
        const links = summary.getByRole('link');
        const texts = await links.allTextContents();
        expect(texts).toContain('Nom : Ce champ est obligatoire.');
        expect(texts).toContain('Structure : Ce champ est obligatoire.');
        expect(texts.length).toBe(Number(title!.match(/\d+/)![0]));
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `error-summary-${width}`);

        // A second refused attempt: one error notice, not two.
        await save.click();
        await expect.poll(() => page.locator('.toast-error').count(), WAIT).toBe(1);

        // A link to a field on another tab opens the tab and focuses the field.
        const other = texts.find((x) => x.startsWith('Destinataires'));
        if (other) {
          await links.filter({ hasText: other }).click();
          await expect
            .poll(
              () => page.getByRole('tab', { name: /Périmètre et destinataires/ }).getAttribute('aria-selected'),
              WAIT,
            )
            .toBe('true');
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]')?.id), WAIT)
            .toBe('panel-scope');
        }
        await links.filter({ hasText: 'Nom : ' }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('field_name');

        // A refused save, then the same form filled in and saved: the stale red notice goes.
        await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/creation/`);
        await page.locator('#field_name').waitFor();
        await save.click();
        await expect.poll(() => page.locator('.toast-error').count(), WAIT).toBe(1);
        expect(await page.locator('.error-summary').getByRole('link').allTextContents()).toContain(
          'Nom : Ce champ est obligatoire.',
        );
        await page.locator('#field_name').fill(`Permanence ${width}`);
        await page.getByLabel('Espace Conseil Démo').check();
        // Buttons ignore a second press within 300 ms (spec 01 §5): this is a new press.
        await page.waitForTimeout(350);
        await save.click();
        await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`, WAIT);
        await expect.poll(() => page.locator('.toast-success').count(), WAIT).toBe(1);
        expect(await page.locator('.toast-error').count()).toBe(0);
        expect(errors).toEqual([]);
        await close();
      },
    );
  }

  for (const width of WIDTHS) {
    it(
      `searches places whatever the accents, says « Aucun résultat », ` +
        `sorts by buttons with aria-sort kept in the address (${width} px)`,
      async () => {
        const { page, close, errors } = await pageAt(width);
        await signIn(page, t.url, 'conseiller@demo.fr');
        await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
        const rows = page.locator('.data-table tbody tr');
        await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(1);
        const search = page.getByRole('searchbox', { name: 'Rechercher' });
        await search.fill('echirolles');
        await expect
          .poll(() => rows.allTextContents(), WAIT)
          .toEqual([expect.stringContaining("Permanence d'Échirolles")]);
        expect(new URL(page.url()).searchParams.get('q')).toBe('echirolles');
        await search.fill('ÉCHIROLLES');
        await expect.poll(() => new URL(page.url()).searchParams.get('q'), WAIT).toBe('ÉCHIROLLES');
        expect(await rows.count()).toBe(1);
        await search.fill('zzzz introuvable');
        await expect.poll(() => page.locator('.range').textContent(), WAIT).toBe('Aucun résultat');
        expect(await page.locator('.empty-state').textContent()).toBe('Aucun résultat pour cette recherche.');
        await screenshot(page, `list-no-result-${width}`);
        await search.fill('');
        await expect.poll(() => page.locator('.range').textContent(), WAIT).toMatch(/^1–\d+ sur \d+$/);

        const names = () => page.locator('.data-table tbody tr td:first-child').allTextContents();
        // By name, ascending by default; descending is its exact reverse (ties by pk, reversed too).
        await expect.poll(async () => (await names()).length, WAIT).toBeGreaterThan(1);
        const ascending = await names();
        if (width === 1280) {
          // Sortable headers are buttons and carry aria-sort; the others have neither.
          const nameHeader = page.getByRole('columnheader', { name: /^Nom/ });
          expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
          expect(await page.getByRole('columnheader', { name: /^Ville|^Commune/ }).getAttribute('aria-sort')).toBe(
            'none',
          );
          const plain = page.locator('.data-table th:not([aria-sort])');
          expect(await plain.locator('button').count()).toBe(0);
          expect(await page.locator('.data-table th[aria-sort] button').count()).toBe(
            await page.locator('.data-table th[aria-sort]').count(),
          );
          await nameHeader.getByRole('button').click();
          await expect.poll(() => new URL(page.url()).searchParams.get('sort'), WAIT).toBe('-name');
          await expect.poll(() => nameHeader.getAttribute('aria-sort'), WAIT).toBe('descending');
        } else {
          // Cards on a narrow screen: « Trier par » instead of the header row.
          expect(await page.locator('.data-table thead').isVisible()).toBe(false);
          await page.getByLabel('Trier par').selectOption('-name');
          await expect.poll(() => new URL(page.url()).searchParams.get('sort'), WAIT).toBe('-name');
        }
        const descending = [...ascending].reverse();
        await expect.poll(names, WAIT).toEqual(descending);
        // The order survives a reload, like the page.
        await page.reload();
        await expect.poll(names, WAIT).toEqual(descending);
        if (width === 1280)
          expect(await page.getByRole('columnheader', { name: /^Nom/ }).getAttribute('aria-sort')).toBe('descending');
        else expect(await page.getByLabel('Trier par').inputValue()).toBe('-name');
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `list-sorted-${width}`);
        expect(errors).toEqual([]);
        await close();
      },
    );
  }

  it(
    'words list filters by the gender of their field: « Structure : Toutes », ' +
      '« Actif : Tous », « Catégorie : Toutes »',
    async () => {
      const { page, close } = await pageAt(1280);
      await signIn(page, t.url, 'admin@demo.fr');
      await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/`);
      const first = (label: string) => page.getByLabel(label, { exact: true }).locator('option').first().textContent();
      await expect.poll(() => first('Structure'), WAIT).toBe('Toutes');
      expect(await first('Actif')).toBe('Tous');
      await page.goto(`${t.url}/configuration/energies/`);
      await expect.poll(() => first('Catégorie'), WAIT).toBe('Toutes');
      expect(await first('Identifiant')).toBe('Tous');
      await close();
    },
  );

  it('keeps the structures in the browser and asks again only for what changed (limit-to-objects-after)', async () => {
    const { page, close, errors } = await pageAt(1280);
    const markers: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/accounts/group/')
        markers.push(r.headers()['limit-to-objects-after'] ?? 'none');
    });
    await signIn(page, t.url, 'conseiller@demo.fr');
    markers.length = 0;
    await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/`);
    // The « Structure » column is labelled from the structures' store list: everything, once.
    const structures = page.locator('.data-table tbody tr td:nth-child(3)');
    await expect.poll(() => structures.allTextContents(), WAIT).toContain('Espace Conseil Démo');
    expect(markers).toEqual(['']);
    // Elsewhere and back without reloading: the list is asked only for what changed since its marker.
    await page.locator('#side-menu a[href="/dialogwatt/gestion-des-lieux/"]').click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`, WAIT);
    await page.locator('#side-menu a[href="/dialogwatt/motifs-de-rendez-vous/"]').click();
    await expect.poll(() => markers.length, WAIT).toBe(2);
    expect(markers[1]).toMatch(/^\d+(\.\d+)?$/);
    await expect.poll(() => structures.allTextContents(), WAIT).toContain('Espace Conseil Démo');
    expect(errors).toEqual([]);
    await close();
  });
});
