import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// « Mes rappels » (docs/file-area.md): the advisor opens it, sees the demo reminder addressed to
// them with a link to its contact, opens it and marks it done; it leaves the list.
describe('« Mes rappels » (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('lists the advisor’s open reminders and marks one done', async () => {
    // An overdue reminder and a far one beside the demo one.
    const token = await t.login('conseiller@demo.fr');
    const call = async (path: string, body: Record<string, unknown>) =>
      (await t.call(path, { method: 'POST', token, body })).body as Record<string, number>;
    const late = await call('/fac/contact/', { firstName: 'Louise', lastName: 'Retard' });
    const note = await call('/fac/note/', { contact: late.pk, note: '<p>Relancer</p>' });
    await call('/fac/reminder/', { note: note.pk, date: '2026-01-02', persons: [note.creator] });
    const later = await call('/fac/contact/', { firstName: 'Paul', lastName: 'Avenir' });
    const laterNote = await call('/fac/note/', { contact: later.pk, note: '<p>Plus tard</p>' });
    await call('/fac/reminder/', { note: laterNote.pk, date: '2099-01-05', persons: [note.creator] });

    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/reminders/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mes rappels');
    // The list opens on « my » open reminders: the filters show it.
    expect(await page.getByLabel('Qui rappeler ?').inputValue()).toBe('me');
    expect(await page.getByLabel('Le rappel est traité').inputValue()).toBe('false');
    const row = page.getByRole('row', { name: /Ébrard/ });
    await expect.poll(() => row.count()).toBe(1);
    const overdue = page.getByRole('row', { name: /Retard/ });
    await expect.poll(() => overdue.getByText('En retard').count()).toBe(1);
    expect(
      await page
        .getByRole('row', { name: /Avenir/ })
        .getByText('En retard')
        .count(),
    ).toBe(0);
    // The contact column leads to the contact's record page.
    expect(await row.getByRole('link', { name: 'Ébrard' }).getAttribute('href')).toBe('/fac/contacts/1');
    await screenshot(page, 'fac-reminders-list');

    await row.getByRole('link').first().click();
    await page.getByRole('button', { name: 'Marquer comme traité' }).click();
    await page.waitForURL(/\/fac\/reminders\/$/);
    await expect.poll(() => page.getByText('Rappel traité.').count()).toBe(1);
    await expect.poll(() => page.getByRole('row', { name: /Ébrard/ }).count()).toBe(0);
    // « Tous » on the preset filter shows the closed reminder again.
    await page.getByLabel('Le rappel est traité').selectOption('');
    await expect.poll(() => page.getByRole('row', { name: /Ébrard/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
