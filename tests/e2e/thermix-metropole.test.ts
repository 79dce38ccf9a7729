import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 4, done-when: in metropole mode a solution forced for area B is locked with the reason
// « Système préconisé » and cannot be deleted.

describe('thermix metropole mode in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it(
    'area B forces locked « Système préconisé » solutions first; ' +
      'they cannot be deleted; leaving the mode gives the user’s solution back',
    async () => {
      const { page, context, errors } = await newPage(browser);
      await page.goto(`${t.url}/thermix/mes-besoins`);
      await page.getByRole('button', { name: "Appliquer l'exemple" }).click();

      // Two solutions of the user's own, before the mode is on; deleting the first compacts the list.
      await page.getByRole('tab', { name: 'Solutions' }).click();
      await page
        .getByRole('article', { name: 'Solution 1' })
        .getByLabel('Système de chauffage 1')
        .selectOption('fireplace');
      await page
        .getByRole('article', { name: 'Solution 2' })
        .getByLabel('Système de chauffage 1')
        .selectOption('log_stove');
      await page.getByRole('button', { name: 'Supprimer la solution 1' }).click();
      const confirm = page.getByRole('dialog', { name: 'Attention !' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await confirm.getByRole('button', { name: 'Supprimer la solution 1' }).click();
      await expect
        .poll(() => page.getByRole('article', { name: 'Solution 1' }).getByLabel('Système de chauffage 1').inputValue())
        .toBe('log_stove');
      expect(
        await page.getByRole('article', { name: 'Solution 2' }).getByLabel('Système de chauffage 1').inputValue(),
      ).toBe('');
      expect(await page.getByRole('button', { name: 'Supprimer la solution 1' }).count()).toBe(1);

      await page.getByRole('tab', { name: 'Besoins' }).click();
      await page.getByLabel('Mon projet est situé dans Grenoble-Alpes Métropole').check();
      await page.getByLabel('Commune').selectOption({ label: 'Meylan' });
      // The altitude comes with the commune (GeoNames, centre of the commune) and stays editable.
      await expect.poll(() => page.getByLabel('Altitude du bâtiment').inputValue()).toBe('230');
      expect(
        await page.getByText('Choisissez la zone de votre adresse pour activer le mode métropole.').isVisible(),
      ).toBe(true);
      await page.getByLabel("Zone du schéma directeur de l'énergie").selectOption('B');
      await expect.poll(() => page.getByText(/Mode métropole actif \(zone B\)/).isVisible()).toBe(true);
      await screenshot(page, 'thermix-metropole-needs-1280');

      await page.getByRole('tab', { name: 'Solutions' }).click();
      const forced = page.getByRole('article', { name: 'Solution 1' });
      await expect.poll(() => forced.getByText('Système préconisé', { exact: true }).first().isVisible()).toBe(true);
      const heating = forced.getByLabel('Système de chauffage 1');
      expect(await heating.inputValue()).toBe('granulated_wood_boiler');
      expect(await heating.isDisabled()).toBe(true);
      // The lock and its reason are announced with the field.
      const described = await heating.getAttribute('aria-describedby');
      expect((await page.locator(`#${described!.replace(/:/g, '\\:')}`).textContent())?.trim()).toBe(
        'Système préconisé',
      );
      expect(await forced.getByLabel("Système d'eau chaude 1").isDisabled()).toBe(true);
      // No way to delete a forced solution; the user's own one moved after the two forced ones.
      expect(await page.getByRole('button', { name: 'Supprimer la solution 1' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Supprimer la solution 2' }).count()).toBe(0);
      const second = page.getByRole('article', { name: 'Solution 2' });
      expect(await second.getByLabel('Système de chauffage 1').inputValue()).toBe('heat_pump_air_water');
      expect(await second.getByLabel("Système d'eau chaude 1").inputValue()).toBe('solar_water_heater');
      expect(
        await page.getByRole('article', { name: 'Solution 3' }).getByLabel('Système de chauffage 1').inputValue(),
      ).toBe('log_stove');
      expect(await page.getByRole('button', { name: 'Supprimer la solution 3' }).count()).toBe(1);
      // The heating network becomes a choice in metropole mode only (collective housing: not here).
      await screenshot(page, 'thermix-metropole-solutions-1280');

      // Forced solutions are computed like the others.
      await page.getByRole('tab', { name: 'Résultats' }).click();
      await expect
        .poll(() => page.locator('[data-figure="2-periodTotalCost"]').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await page.getByRole('article', { name: 'Solution 1' }).textContent()).toContain(
        'Chaudière à bois granulés',
      );

      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('tab', { name: 'Solutions' }).click();
      await screenshot(page, 'thermix-metropole-solutions-375');
      await page.setViewportSize({ width: 1280, height: 900 });

      // Out of the areas, the mode is off: forced solutions go, the user's comes back first.
      await page.getByRole('tab', { name: 'Besoins' }).click();
      await page.getByLabel("Zone du schéma directeur de l'énergie").selectOption('');
      await page.getByRole('tab', { name: 'Solutions' }).click();
      expect(
        await page.getByRole('article', { name: 'Solution 1' }).getByLabel('Système de chauffage 1').inputValue(),
      ).toBe('log_stove');
      expect(await page.getByText('Système préconisé', { exact: true }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('collective housing in area A: the heating network is forced, its hot water linked to it', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${t.url}/thermix/mes-besoins`);
    await page.getByLabel("Partir d'un exemple").selectOption('2');
    await page.getByRole('button', { name: "Appliquer l'exemple" }).click();
    await page.getByLabel('Mon projet est situé dans Grenoble-Alpes Métropole').check();
    await page.getByLabel("Zone du schéma directeur de l'énergie").selectOption('A');
    await page.getByRole('tab', { name: 'Solutions' }).click();
    const first = page.getByRole('article', { name: 'Solution 1' });
    expect(await first.getByLabel('Système de chauffage 1').inputValue()).toBe('heating_network');
    expect(await first.getByLabel("Système d'eau chaude 1").inputValue()).toBe('synced_with_heating');
    expect(await first.getByText('Appareil : RCU (Réseau de Chaleur Urbain)').isVisible()).toBe(true);
    // In a free slot, the network is now a choice.
    const options = await page
      .getByRole('article', { name: 'Solution 4' })
      .getByLabel('Système de chauffage 1')
      .locator('option')
      .allTextContents();
    expect(options).toContain('RCU (Réseau de Chaleur Urbain)');
    expect(errors).toEqual([]);
    await context.close();
  });
});
