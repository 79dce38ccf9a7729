import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 28, the rows about screens, as an advisor sees them in Chromium: the experiences pages show their empty
// state and button (row 14: their texts were missing from the browser's catalogue), /fac/lists/new opens the
// list creation form (row 12), /rgpd/abc says « not found » as a plain line, not as an error (row 13).

const INVALID = "Erreur, cette valeur n'est pas valide";

describe('issue 28 screens (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('experiences pages, the list creation path and a consent with a word for key', async () => {
    const { context, page, errors } = await newPage(browser, { width: 1280 });
    await signIn(page, t.url, 'conseiller@demo.fr');
    for (const path of ['/references/lancer-un-projet', '/references/documents-utiles']) {
      await page.goto(`${t.url}${path}`);
      await page.locator('.experience-explanation').waitFor();
      const text = (await page.locator('.experience-explanation').textContent()) ?? '';
      expect(text, path).not.toContain(INVALID);
      expect(text.trim(), path).not.toBe('');
      // The advisor's own structure: the button to write (or change) the page, with its French label.
      await page.getByRole('link', { name: /^(Écrire|Modifier) cette page$/ }).waitFor();
    }

    await page.goto(`${t.url}/fac/lists/new`);
    await page.waitForURL(/\/fac\/lists\/creation\/$/);
    await page.getByRole('heading', { level: 1, name: 'Nouvelle liste' }).waitFor();
    expect(await page.getByText('Enregistrement non trouvé').count()).toBe(0);

    await page.goto(`${t.url}/rgpd/abc`);
    await page.getByRole('status').filter({ hasText: 'Enregistrement non trouvé.' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Enregistrement non trouvé' }).count()).toBe(0);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await context.close();
  });
});
