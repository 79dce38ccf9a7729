import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// « Doublons » (/fac/doublons, docs/file-area.md): the advisor sees the demo pair Michel Durand /
// Michel Durant, merges the second into the first taking the e-mail of the second, then undoes
// the merge: both contacts come back as they were. The record page's « Doublons » leads to the group.
describe('« Doublons » (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('merges a pair choosing one field from the other record, and undoes it', async () => {
    const token = await t.login('conseiller@demo.fr');
    const read = async (pk: number) => (await t.call(`/fac/contact/${pk}/`, { token })).body as Record<string, unknown>;
    const [before14, before15] = [await read(14), await read(15)];

    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    // « Doublons » on the record page of a contact in a group leads to its group, focused.
    await page.goto(`${t.url}/fac/contacts/15`);
    const toGroup = page.getByRole('main').getByRole('link', { name: 'Doublons', exact: true });
    // The link comes once the group is found (a request after the record's).
    await expect.poll(() => toGroup.count(), { timeout: 20_000 }).toBe(1);
    expect(await toGroup.getAttribute('href')).toBe('/fac/doublons?kind=contact&group=1');
    await screenshot(page, 'fac-duplicates-record-action');
    await toGroup.click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 20_000 })
      .toBe('Doublons possibles n° 1');
    // A contact in no group has no such link (its page loaded: the consent link is there).
    await page.goto(`${t.url}/fac/contacts/1`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Consentement (RGPD)' }).count(), { timeout: 20_000 })
      .toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('main').getByRole('link', { name: 'Doublons', exact: true }).count()).toBe(0);
    await page.goto(`${t.url}/fac/doublons`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Doublons');
    const group = page.getByRole('region', { name: 'Doublons possibles n° 1' });
    await expect.poll(() => group.getByRole('row').count()).toBe(3);
    expect(await group.getByRole('link', { name: 'Michel Durand' }).getAttribute('href')).toBe('/fac/contacts/14');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'fac-duplicates-list');

    // Durand (first) is kept; Durant is merged into it.
    await group.getByRole('button', { name: 'Fusionner dans la fiche conservée : Michel Durant' }).click();
    const chooser = page.getByRole('region', { name: 'Fusionner Michel Durant dans Michel Durand' });
    await expect.poll(() => chooser.getByRole('row').count()).toBe(16);
    // Proposed: the kept record's values, the other's where the kept one is empty (mobile phone).
    expect(await chooser.getByRole('radio', { name: 'Courriel : michel.durand@exemple.fr' }).isChecked()).toBe(true);
    expect(await chooser.getByRole('radio', { name: 'Numéro de mobile : 06 52 15 15 15' }).isChecked()).toBe(true);
    await chooser.getByRole('radio', { name: 'Courriel : michel.durant@exemple.fr' }).check();
    await expect.poll(() => chooser.getByText(/Seront rattachés à la fiche conservée : .*1 note/).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'fac-duplicates-merge');
    await chooser.getByRole('button', { name: 'Fusionner', exact: true }).click();

    await expect.poll(() => page.getByText(/Fusion effectuée : Michel Durant \(n° 15\) fusionné dans/).count()).toBe(1);
    await expect.poll(() => page.getByText('Aucun doublon à examiner.').count()).toBe(1);
    const merged = await read(14);
    expect(merged).toMatchObject({
      email: 'michel.durant@exemple.fr',
      phone: '04 76 52 14 14',
      mobilePhone: '06 52 15 15 15',
      civility: 'M.',
    });
    expect((await t.call('/fac/contact/15/', { token })).status).toBe(404);
    const notes = (await t.call('/fac/note/?contact=14', { token })).body as unknown[];
    expect(notes).toHaveLength(1);
    await screenshot(page, 'fac-duplicates-merged');

    await page.getByRole('status').getByRole('button', { name: 'Annuler la fusion' }).click();
    await expect.poll(() => page.getByText('Fusion annulée : les deux fiches sont rétablies.').count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'Doublons possibles n° 1' }).count()).toBe(1);
    const strip = (r: Record<string, unknown>) => ({ ...r, customFormData: undefined });
    expect(strip(await read(14))).toEqual(strip(before14));
    expect(strip(await read(15))).toEqual(strip(before15));
    expect(await page.getByRole('cell', { name: /^Annulée le/ }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'fac-duplicates-undone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
