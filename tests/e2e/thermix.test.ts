import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import raw from '../../fixtures/reference/energies-reference-data.json';
import { computeResults, type ReferenceData } from '../../engine/simulators';
import { formatWithUnit } from '../../engine/simulators/shared/format-fr';
import { flat, pdfText } from '../helpers/pdf-text';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// Issue 4, done-when (browser half): a visitor fills the thermix needs with demo preset 1, builds
// two solutions, sees the results charts, opens an explanation and downloads the PDF, whose text
// contains the totals shown on screen.

/**
 * Counts the function components React renders per commit, through the DevTools hook (installed
 * before React loads): a component rendered when its fiber is new or did work in this commit;
 * subtrees React did not re-create are skipped.
 */
const RENDER_COUNTER = `
  window.__renders = { commits: 0, rendered: 0, total: 0 };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject: function () { return 1; }, onScheduleFiberRoot: function () {}, onCommitFiberUnmount: function () {},
    onPostCommitFiberRoot: function () {}, checkDCE: function () {},
    onCommitFiberRoot: function (_id, root) {
      var rendered = 0, total = 0;
      function isFunction(f) { return f.tag === 0 || f.tag === 11 || f.tag === 14 || f.tag === 15; }
      function walk(f, fresh) {
        while (f) {
          if (isFunction(f)) { total++; if (fresh && (!f.alternate || (f.flags & 1))) rendered++; }
          walk(f.child, fresh && !(f.alternate && f.child === f.alternate.child));
          f = f.sibling;
        }
      }
      walk(root.current.child, true);
      window.__renders.commits++; window.__renders.rendered += rendered; window.__renders.total = total;
    },
  };
`;

async function rendersOfOneKeystroke(page: Page, key: string): Promise<{ rendered: number; total: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __renders: { commits: number; rendered: number } };
    w.__renders.commits = 0;
    w.__renders.rendered = 0;
  });
  await page.keyboard.type(key);
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __renders: { rendered: number; total: number } }).__renders);
}

const figure = (page: Page, position: number, key: string) => page.locator(`[data-figure="${position}-${key}"]`);

describe('thermix in Chromium: preset, two solutions, charts, explanation, PDF', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  it('a visitor compares two solutions and gets the same totals on screen and in the PDF', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${t.url}/thermix`);
    await page.waitForURL(/\/thermix\/mes-besoins$/);
    expect(await page.getByRole('tab', { name: 'Besoins' }).getAttribute('aria-selected')).toBe('true');

    // Demo preset 1: an individual house, 15 000 kWh of heating, 3 000 kWh of hot water.
    await page.getByLabel("Partir d'un exemple").selectOption('1');
    await page.getByRole('button', { name: "Appliquer l'exemple" }).click();
    await expect.poll(() => page.getByLabel('Besoin de chauffage').inputValue()).toBe('15000');
    expect(await page.getByLabel("Besoin d'eau chaude sanitaire").inputValue()).toBe('3000');
    await screenshot(page, 'thermix-needs-1280');

    // Tabs answer the keyboard: → moves to Solutions.
    await page.getByRole('tab', { name: 'Besoins' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\/thermix\/solutions$/);

    const first = page.getByRole('article', { name: 'Solution 1' });
    const second = page.getByRole('article', { name: 'Solution 2' });
    await first.getByLabel('Système de chauffage 1').selectOption('gaz_boiler_condensing');
    await first.getByLabel("Système d'eau chaude 1").selectOption('synced_with_heating');
    await second.getByLabel('Système de chauffage 1').selectOption('granulated_wood_boiler');
    await second.getByLabel("Système d'eau chaude 1").selectOption('solar_water_heater');
    await second.getByRole('button', { name: "Ajouter un second système d'eau chaude" }).click();
    await second.getByLabel("Système d'eau chaude 2").selectOption('synced_with_heating');
    // A number typed the French way is accepted (and a reload keeps it: sessionStorage).
    await second.getByText('Paramètres de ce système (modifiables)').first().click();
    await second.getByLabel('Investissement', { exact: false }).first().fill('15500,5');
    await expect.poll(() => first.locator('.sim-quick').textContent()).toMatch(/Coût global estimé sur 20 ans : \d/);
    await page.reload();
    await expect
      .poll(() => page.getByRole('article', { name: 'Solution 2' }).getByLabel('Système de chauffage 1').inputValue())
      .toBe('granulated_wood_boiler');
    await screenshot(page, 'thermix-solutions-1280');

    await page.getByRole('tab', { name: 'Résultats' }).click();
    await page.waitForURL(/\/thermix\/resultats$/);
    await expect.poll(() => figure(page, 1, 'periodTotalCost').isVisible(), { timeout: 15_000 }).toBe(true);
    const totals = [
      flat((await figure(page, 0, 'periodTotalCost').textContent())!),
      flat((await figure(page, 1, 'periodTotalCost').textContent())!),
    ];

    // The figures are the engine's: the gas-boiler solution, computed here with the same data.
    const data = raw as unknown as ReferenceData;
    const expected = computeResults(
      {
        year: new Date().getFullYear(),
        thermalSolarProdByM2: 450,
        needs: { heating: 15_000, hotWater: 3_000, housingCategory: 'individual' },
        solutions: [
          {
            heatingSystems: [{ identifier: 'gaz_boiler_condensing', productionShare: 1 }],
            hotWaterSystems: [
              {
                identifier: 'gaz_boiler_condensing',
                productionShare: 1,
                estimatedInvestment: 0,
                maintenanceCost: 0,
                provisionsCost: 0,
              },
            ],
          },
        ],
      },
      data,
    );
    expect(totals[0]).toBe(flat(formatWithUnit(expected.solutionsResults[0].periodTotalCost, '€', 0)));
    expect(totals[1]).toMatch(/^\d{1,3}( \d{3})* €$/);
    expect(totals[1]).not.toBe(totals[0]);

    // The four kinds of chart, each with its title, its sentence and bars or lines drawn.
    for (const title of [
      'Coût global sur 20 ans, par poste',
      'Coût cumulé au fil des années',
      'Émissions de gaz à effet de serre',
      'Prix annuels des énergies',
    ]) {
      const chart = page.getByRole('figure', { name: title });
      expect(await chart.isVisible()).toBe(true);
      expect(await chart.locator('svg[role="img"] rect, svg[role="img"] path').count()).toBeGreaterThan(0);
    }
    const costs = page.getByRole('figure', { name: 'Coût global sur 20 ans, par poste' });
    await costs.getByText('Voir les données sous forme de tableau').click();
    expect(flat((await costs.getByRole('row', { name: /^Total/ }).textContent())!)).toBe(
      `Total${totals[0]}${totals[1]}`,
    );
    await screenshot(page, 'thermix-results-1280');

    // « Comment est-ce calculé ? » on the headline total of solution 1.
    await page.getByRole('button', { name: 'Comment est-ce calculé ? Coût global sur 20 ans, Solution 1' }).click();
    const dialog = page.getByRole('dialog', { name: /Comment est-ce calculé \? Coût global sur 20 ans/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const explained = flat((await dialog.textContent())!);
    expect(explained).toContain('Étapes du calcul');
    expect(explained).toContain('Combustible + entretien + provisions + investissement');
    expect(explained).toContain('Durée de la projection');
    await screenshot(page, 'thermix-explanation-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Saving into a household's file is for staff only.
    expect(await page.getByRole('button', { name: 'Enregistrer dans le dossier' }).count()).toBe(0);

    // The PDF, downloaded through the screen, read back with a PDF parser.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le rapport PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^thermix-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { text } = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain('Coût global sur 20 ans');
    for (const total of totals) expect(text).toContain(total);

    // The printable page (/thermix/rapport/:uuid/pdf) reads the stored simulation back.
    const [printable] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Version imprimable' }).click(),
    ]);
    await printable.waitForURL(/\/thermix\/rapport\/[0-9a-f-]{36}\/pdf$/);
    await expect
      .poll(() => printable.locator('[data-figure="1-periodTotalCost"]').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(flat((await printable.locator('[data-figure="0-periodTotalCost"]').textContent())!)).toBe(totals[0]);
    expect(await printable.locator('.side-menu').count()).toBe(0);
    await screenshot(printable, 'thermix-printable-1280');
    await printable.close();

    // The same screens at 375 px.
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'thermix-results-375');
    await page.getByRole('tab', { name: 'Solutions' }).click();
    await screenshot(page, 'thermix-solutions-375');
    await page.getByRole('tab', { name: 'Besoins' }).click();
    await screenshot(page, 'thermix-needs-375');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an advisor saves the simulation into a contact's file, for a visit report to attach", async () => {
    const token = await t.login('conseiller@demo.fr');
    const contact = (
      await t.call('/fac/contact/', { method: 'POST', token, body: { firstName: 'Inès', lastName: 'Thermixine' } })
    ).body.pk as number;
    const { page, context } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/thermix`);
    await page.waitForURL(/\/thermix\/mes-besoins$/);
    await page.getByLabel("Partir d'un exemple").selectOption('1');
    await page.getByRole('button', { name: "Appliquer l'exemple" }).click();
    await page.getByRole('tab', { name: 'Solutions' }).click();
    await page
      .getByRole('article', { name: 'Solution 1' })
      .getByLabel('Système de chauffage 1')
      .selectOption('gaz_boiler_condensing');
    await page.getByRole('tab', { name: 'Résultats' }).click();
    await expect.poll(() => figure(page, 0, 'periodTotalCost').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Enregistrer dans le dossier' }).click();
    await page.getByLabel('Rechercher un contact').fill('thermixine');
    await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('radio', { name: /Inès Thermixine/ }).check();
    await page.getByLabel('Description').fill('Chaudière gaz à condensation');
    await screenshot(page, 'thermix-save-to-file-1280');
    await page.getByRole('button', { name: 'Enregistrer la simulation' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Simulation enregistrée dans le dossier de' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    const saved = (await t.call(`/fac/heating-simulation/?contact=${contact}`, { token })).body;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      simulator: 'thermix',
      description: 'Chaudière gaz à condensation',
      owningGroup: 2,
    });
    expect(saved[0].savedInputs.needs).toMatchObject({ heating: 15_000, hotWater: 3_000 });
    await context.close();
  });

  it('an estimation page fills the needs and says how it computed them', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${t.url}/thermix/mes-besoins`);
    await page.getByRole('link', { name: 'Rénovation des systèmes : époque de construction' }).click();
    await page.waitForURL(/\/thermix\/mes-besoins\/renovation-par-epoque$/);
    await page.getByLabel('Surface chauffée').fill('110');
    await page.getByLabel('Époque de construction').selectOption('between_1971_1990');
    await page.getByLabel("Nombre d'occupants").fill('4');
    // 110 m² × 136 kWh/m² × 0,9 = 13 464 kWh; 4 × 650 = 2 600 kWh.
    const result = page.getByRole('region', { name: 'Estimation' });
    await expect.poll(async () => flat((await result.textContent()) ?? '')).toContain('Chauffage : 13 464 kWh/an');
    expect(flat((await result.textContent())!)).toContain('110 m² × 136 kWh/m² × 0,9 = 13 464 kWh/an');
    await screenshot(page, 'thermix-estimation-era-1280');
    await result.getByRole('button', { name: 'Utiliser ces besoins' }).click();
    await page.waitForURL(/\/thermix\/mes-besoins$/);
    await expect.poll(() => page.getByLabel('Besoin de chauffage').inputValue()).toBe('13464');
    expect(await page.getByLabel("Besoin d'eau chaude sanitaire").inputValue()).toBe('2600');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('a keystroke re-renders the field’s own entry, not the form (per-field subscriptions)', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.addInitScript(RENDER_COUNTER);
    await page.goto(`${t.url}/thermix/mes-besoins`);
    await page.getByRole('button', { name: "Appliquer l'exemple" }).click();
    const heating = page.getByLabel('Besoin de chauffage');
    await heating.click();
    await heating.press('End');
    const needs = await rendersOfOneKeystroke(page, '1');
    // The field and its own subscriber; the presets, the housing, the metropole panel stay as they are.
    expect(needs.rendered).toBeLessThanOrEqual(3);
    expect(needs.total).toBeGreaterThan(40);

    await page.getByRole('tab', { name: 'Solutions' }).click();
    for (const [n, system] of [
      [1, 'gaz_boiler_condensing'],
      [2, 'granulated_wood_boiler'],
      [3, 'log_stove'],
    ] as const) {
      await page
        .getByRole('article', { name: `Solution ${n}` })
        .getByLabel('Système de chauffage 1')
        .selectOption(system);
    }
    const first = page.getByRole('article', { name: 'Solution 1' });
    await first.getByText('Paramètres de ce système (modifiables)').first().click();
    const investment = first.getByLabel('Investissement').first();
    await investment.click();
    await investment.press('End');
    const solutions = await rendersOfOneKeystroke(page, '5');
    // That entry's editor and fields, and the card's instant total: not the other cards.
    expect(solutions.rendered).toBeLessThanOrEqual(15);
    expect(solutions.total).toBeGreaterThan(70);
    console.log(
      `one keystroke: needs ${needs.rendered} of ${needs.total} components, ` +
        `solutions ${solutions.rendered} of ${solutions.total}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
