import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatWithUnit } from '../../engine/simulators/shared/format-fr';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('therminix in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it(
    'incomplete informations give French errors on their fields; ' +
      'complete ones give ranked propositions with their reasons',
    async () => {
      const { page, context, errors } = await newPage(browser);
      await page.goto(`${t.url}/therminix`);
      await page.waitForURL(/\/therminix\/votre-projet$/);
      await page.getByRole('button', { name: 'Voir nos préconisations' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Impossible' });
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(flat((await alert.textContent())!)).toContain(
        'Impossible d’établir une proposition : les informations sur votre projet sont incomplètes ou invalides.',
      );
      expect(flat((await alert.textContent())!)).toContain('Surface habitable : Ce champ est obligatoire.');
      // Each error sits on its field and is announced with it.
      const surface = page.getByLabel('Surface habitable');
      expect(await surface.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await surface.getAttribute('aria-describedby'))!.split(' ').pop()!;
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Ce champ est obligatoire.');
      expect(await page.locator('#tx-renovation-error').textContent()).toBe('Ce champ est obligatoire.');
      expect(await page.locator('#tx-heating-error').textContent()).toBe('Ce champ est obligatoire.');
      expect(page.url()).toMatch(/\/therminix\/votre-projet$/);
      await screenshot(page, 'therminix-errors-1280');

      // A surface of 0 is refused by the rule « greater than 0 ».
      await page.getByLabel('Type de projet').selectOption('systems_renovation');
      await surface.fill('0');
      await page.getByLabel('Système de chauffage actuel').selectOption('oil_boiler_standard');
      await page.getByLabel("Système d'eau chaude actuel").selectOption('oil_boiler_standard');
      await page.getByLabel('Besoin de chauffage').fill('15000');
      await page.getByLabel("Besoin d'eau chaude sanitaire").fill('3000');
      await page.getByRole('button', { name: 'Voir nos préconisations' }).click();
      await expect
        .poll(async () => flat((await alert.textContent()) ?? ''))
        .toContain('Surface habitable : La valeur doit être supérieure à 0.');

      await surface.fill('120');
      await page.getByRole('button', { name: 'Voir nos préconisations' }).click();
      await page.waitForURL(/\/therminix\/nos-preconisations$/);
      const first = page.getByRole('article', { name: 'Proposition 1', exact: true });
      await expect.poll(() => first.isVisible()).toBe(true);
      // The figures are the server's answer for the same informations.
      const body = {
        housingType: 'individual',
        renovationType: 'systems_renovation',
        floorSurface: 120,
        heatingSystem: 'oil_boiler_standard',
        hotWaterSystem: 'oil_boiler_standard',
        heatingNeeds: 15000,
        hotWaterNeeds: 3000,
      };
      const answer = (await t.call('/therminix/compute', { method: 'POST', body })).body;
      expect(answer.propositions.length).toBeGreaterThanOrEqual(3);
      const text = flat((await first.textContent())!);
      expect(text).toContain(flat(formatWithUnit(answer.propositions[0].periodTotalCost, '€', 0)));
      expect(text).toContain(answer.propositions[0].heatingSystem.label.trim());
      expect(text).toContain('La moins chère sur 20 ans');
      expect(text).toContain('Pourquoi cette proposition ?');
      expect(text).toContain(flat(answer.propositions[0].reasons[0]));
      expect(await page.getByRole('article', { name: /^Proposition \d+$/ }).count()).toBe(answer.propositions.length);
      expect(flat((await page.getByText(/Votre installation actuelle/).textContent())!)).toContain(
        flat(formatWithUnit(answer.baseline.periodTotalCost, '€', 0)),
      );
      expect(await page.getByRole('figure', { name: 'Coût global sur 20 ans' }).isVisible()).toBe(true);
      await screenshot(page, 'therminix-propositions-1280');
      await page.setViewportSize({ width: 375, height: 800 });
      await screenshot(page, 'therminix-propositions-375');
      await page.setViewportSize({ width: 1280, height: 900 });

      // A proposition opens in the detailed simulator with its systems and the project's needs.
      await first.getByRole('button', { name: 'Ouvrir dans le simulateur détaillé' }).click();
      await page.waitForURL(/\/thermix\/solutions$/);
      const solution = page.getByRole('article', { name: 'Solution 1' });
      await expect
        .poll(() => solution.getByLabel('Système de chauffage 1').inputValue())
        .toBe(answer.propositions[0].heatingSystem.identifier);
      await page.getByRole('tab', { name: 'Besoins' }).click();
      expect(await page.getByLabel('Besoin de chauffage').inputValue()).toBe('15000');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('the estimation pages fill the project’s needs', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 800 });
    await page.goto(`${t.url}/therminix/votre-projet`);
    await page.getByRole('link', { name: 'Construction neuve' }).click();
    await page.waitForURL(/\/therminix\/votre-projet\/construction-neuve$/);
    await page.getByLabel('Surface chauffée').fill('120');
    await page.getByLabel('Altitude').fill('650');
    await page.getByLabel("Nombre d'occupants").fill('4');
    // 120 m² × 50 × 1,1 = 6 600 kWh; 4 × 650 = 2 600 kWh.
    const result = page.getByRole('region', { name: 'Estimation' });
    await expect.poll(async () => flat((await result.textContent()) ?? '')).toContain('Chauffage : 6 600 kWh/an');
    await screenshot(page, 'therminix-estimation-375');
    await result.getByRole('button', { name: 'Utiliser ces besoins' }).click();
    await page.waitForURL(/\/therminix\/votre-projet$/);
    expect(await page.getByLabel('Besoin de chauffage').inputValue()).toBe('6600');
    expect(await page.getByLabel('Type de projet').inputValue()).toBe('new_building');
    expect(await page.getByLabel('Surface habitable').inputValue()).toBe('120');
    expect(errors).toEqual([]);
    await context.close();
  });
});
