import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// The preview of an HTML field (DOMPurify, loaded on demand) shows what the server stores
// (sanitize-html), from one allow-list: checked in Chromium with a hostile snippet.
const HOSTILE = [
  '<p onclick="window.pwned=1">Bonjour <img src=x onerror="window.pwned=1" alt="image"><b>gras</b></p>',
  '<script>window.pwned=1</script><a href="javascript:window.pwned=1" target="_blank">lien</a>',
  '<div><p>non fermé <b>gras</div> suite<iframe src="/"></iframe><h3 id="title" style="color:red">Titre</h3>',
].join('');

describe('HTML field preview (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('shows, without running anything, the HTML that saving stores', async () => {
    const { page, context, errors } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-lieux/`);
    await page.getByRole('link', { name: 'Espace Conseil de Grenoble' }).click();
    await page.waitForURL(/\/edition\/\d+$/);
    const field = page.getByLabel('Présentation publique');
    await field.fill(HOSTILE);
    const before = scripts.length;
    await page.getByRole('button', { name: 'Aperçu' }).click();
    const preview = page.locator('.html-preview');
    await preview.waitFor();
    // DOMPurify came with the first preview, not with the form.
    expect(scripts.slice(before).some((p) => /html-preview/.test(p))).toBe(true);
    const shown = await preview.innerHTML();
    expect(shown).toContain('<b>gras</b>');
    expect(shown).not.toMatch(/onerror|onclick|javascript:|<script|<iframe|style=/);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await screenshot(page, 'html-preview');

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/gestion-des-lieux/`);
    const advisor = await t.login('conseiller@demo.fr');
    const stored = (await t.call('/dialogwatt/place/1/', { token: advisor })).body.presentation as string;
    // The stored HTML, read by the browser as the public page reads it, is the preview's tree.
    const storedAsShown = await page.evaluate((html) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.innerHTML;
    }, stored);
    expect(storedAsShown).toBe(shown);
    // Chromium reports each inline handler of the hostile text when DOMPurify parses it (into an
    // inert document, where nothing runs): the page's CSP speaks, and nothing else may.
    const cspReport = /^Executing inline event handler violates .*script-src-attr 'none'/;
    expect(errors.filter((e) => !cspReport.test(e))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await context.close();
  });
});
