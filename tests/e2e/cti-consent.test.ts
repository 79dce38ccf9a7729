import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// An advisor takes a call (docs/file-area.md): the number typed with dots finds the demo contact
// of their structure, its link opens the record, and from there its consent is recorded at
// /rgpd/:pk, each change adding a line to the history.
describe('telephony lookup and contact consent (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('finds the caller, opens the contact and records a consent change', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/cti/04.76.12.34.56`);
    const contacts = page.getByRole('heading', { name: 'Contacts' });
    await contacts.waitFor();
    await screenshot(page, 'cti-contact-found');
    await page.getByRole('link', { name: 'Hélène Ébrard' }).click();
    await page.waitForURL(/\/fac\/contacts\/1$/);
    await expect.poll(() => page.getByLabel('Prénom').inputValue()).toBe('Hélène');

    await page.getByRole('link', { name: 'Consentement (RGPD)' }).click();
    await page.waitForURL(/\/rgpd\/1$/);
    const sms = page.getByLabel('Utiliser mon numéro de téléphone pour les rappels de rendez-vous (SMS).');
    await sms.waitFor();
    const rows = page.locator('.consent table tbody tr');
    const before = await rows.count();
    const wasChecked = await sms.isChecked();
    await sms.setChecked(!wasChecked);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => rows.count()).toBe(before + 1);
    // The newest record, first in the history, holds the change; the form shows it in force.
    expect(await rows.first().locator('td').nth(3).textContent()).toBe(wasChecked ? 'Non' : 'Oui');
    await page.reload();
    await sms.waitFor();
    expect(await sms.isChecked()).toBe(!wasChecked);
    await screenshot(page, 'contact-consent-recorded');
    expect(errors).toEqual([]);
    await context.close();
  });
});
