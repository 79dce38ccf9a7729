import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

const WAIT = { timeout: 20_000 };

// Issue 27 items 4, 6 and 12 in Chromium (1280 px): a new contact is not opted in to newsletters and
// its notice names it (« Contact « Élodie Nommée » créé. »); a dialog opens on its first field, and
// leaving it with changes asks « Continuer la saisie » or « Abandonner les modifications ».
describe('records named for people, dialogs that open on their field (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('creates a contact named in its notice; a dialog starts on its first field and keeps a draft', async () => {
    const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/contacts/creation/`);
    const newsletters = page.getByLabel('Accepte les newsletters');
    await newsletters.waitFor(WAIT);
    expect(await newsletters.isChecked()).toBe(false);
    await page.getByLabel('Prénom').fill('Élodie');
    await page
      .getByRole('textbox', { name: /^Nom\b(?! d)/ })
      .first()
      .fill('Nommée');
    await page.getByRole('button', { name: 'Enregistrer' }).first().click();
    const notice = page.locator('.toast').filter({ hasText: 'Contact « Élodie Nommée » créé.' });
    await expect.poll(() => notice.count(), WAIT).toBe(1);
    await screenshot(page, 'record-names-created-notice-1280');

    await page.goto(`${t.url}/fac/contacts/1`);
    const notes = page.getByRole('region', { name: /^Notes/ });
    await notes.getByRole('button', { name: /^Ajouter/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle note' });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    // The focus is on a field of the form, never on « × ».
    const focusInForm = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return Boolean(el?.closest('.dialog-body')) && !el?.classList.contains('dialog-close');
      });
    await expect.poll(focusInForm, WAIT).toBe(true);
    await page.keyboard.type('Rappeler le syndic');
    await page.keyboard.press('Escape');
    const keep = page.getByRole('button', { name: 'Continuer la saisie' });
    await expect.poll(() => keep.isVisible(), WAIT).toBe(true);
    expect(await page.getByRole('button', { name: 'Abandonner les modifications' }).isVisible()).toBe(true);
    await screenshot(page, 'record-names-unsaved-question-1280');
    await keep.click();
    await expect.poll(() => keep.isVisible(), WAIT).toBe(false);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Rappeler le syndic').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the events screens to an administrator, whose rights already allowed them (1280 px)', async () => {
    const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/evenements/`);
    await page.getByRole('heading', { name: 'Événements', level: 1 }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/evenements/');
    await page.goto(`${t.url}/evenements/inscriptions/`);
    await page.getByRole('heading', { name: 'Inscriptions aux événements', level: 1 }).waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a sent mail rendered in a frame that runs nothing, not its HTML source (1280 px)', async () => {
    expect(
      (await t.call('/accounts/password/reset/', { method: 'POST', body: { email: 'client@demo.fr' } })).status,
    ).toBe(200);
    const admin = await t.login('admin@demo.fr');
    const mails = await t.call('/accounts/mail-outbox/?toEmail=client@demo.fr', { token: admin });
    const mail = (mails.body as { pk: number; htmlBody: string }[]).find((m) => m.htmlBody);
    expect(mail).toBeDefined();
    const { page, context, errors } = await newPage(browser, { width: 1280, height: 900 });
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/administration/courriels-envoyes/${mail!.pk}`);
    const frame = page.locator('iframe.html-document');
    await frame.waitFor(WAIT);
    expect(await frame.getAttribute('sandbox')).toBe('');
    // The mail reads as text in the frame; its markup is not printed on the page.
    await expect.poll(() => page.frameLocator('iframe.html-document').locator('body').innerText(), WAIT).toMatch(/\w/);
    expect(await page.locator('.details').getByText('<html', { exact: false }).count()).toBe(0);
    await screenshot(page, 'sent-mail-rendered-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
