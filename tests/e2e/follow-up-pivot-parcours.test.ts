import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { deleteDemoFolders } from '../helpers/app-suite';

const WAIT = { timeout: 20_000 };
type Rec = Record<string, any>;

// Issue 11, done-when in Chromium: the pivot shows actions by structure × month (and passes
// axe-core), and an administrator builds a two-status journey on /fac/parcours.
describe('follow-up pivot and journeys (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  beforeAll(async () => {
    // The figures are those of the folders made here: the demo's own 2020 folders go first.
    await deleteDemoFolders(t, await t.login('admin@demo.fr'));
    // Three done acts of the advisor's structure (two in March, one in April 2020), one of the neighbour's.
    for (const [email, days] of [
      ['conseiller@demo.fr', ['2020-03-02', '2020-04-10']],
      ['conseiller@demo.fr', ['2020-03-20']],
      ['conseiller.voisin@demo.fr', ['2020-03-05']],
    ] as const) {
      const token = await t.login(email);
      const contact = await t.call('/fac/contact/', {
        method: 'POST',
        token,
        body: { firstName: 'Pivot', lastName: email.split('@')[0] },
      });
      const folder = await t.call('/fac/folder/', {
        method: 'POST',
        token,
        body: { contact: contact.body.pk, model: 1 },
      });
      expect(folder.status).toBe(201);
      const acts = (folder.body.actions as Rec[]).slice(0, days.length);
      for (const [i, a] of acts.entries()) {
        const res = await t.call(`/fac/action/${a.pk}/`, {
          method: 'PATCH',
          token,
          body: { done: true, date: days[i] },
        });
        expect(res.status).toBe(200);
      }
    }
  });

  it('shows the actions by structure × month, as a table, a chart and a shareable link', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/fac/pivot?rows=structure&cols=month&measure=count&from=2020-01-01&to=2020-12-31`);
    const table = page.getByRole('table', { name: "Nombre d'actions par structure et par mois" });
    await expect
      .poll(() => table.locator('thead th').allTextContents(), WAIT)
      .toEqual(['Structure', 'Mars 2020', 'Avril 2020', 'Total']);
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) }).locator('td');
    await expect.poll(() => row('Espace Conseil Démo').allTextContents(), WAIT).toEqual(['2', '1', '3']);
    await expect.poll(() => row('Espace Conseil Voisin').allTextContents(), WAIT).toEqual(['1', '0', '1']);
    await expect.poll(() => table.locator('tfoot td').allTextContents(), WAIT).toEqual(['3', '1', '4']);
    await expect.poll(() => page.getByRole('img', { name: /par structure et par mois/ }).count(), WAIT).toBe(1);
    await screenshot(page, 'follow-up-pivot');
    expect(await seriousViolations(page)).toEqual([]);

    // Changing the choice writes it in the address.
    await page.getByLabel('Mesure').selectOption('cost');
    await page.getByLabel('Colonnes').selectOption('none');
    await page.getByRole('button', { name: 'Afficher' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('measure'), WAIT).toBe('cost');
    const costs = page.getByRole('table', { name: 'Coût (€) par structure' });
    // French figures group with no-break spaces: compared as plain spaces.
    const costCells = async () =>
      (
        await costs
          .getByRole('row', { name: /^Espace Conseil Démo/ })
          .locator('td')
          .allTextContents()
      ).map((x) => x.replace(/\s/g, ' '));
    await expect.poll(costCells, WAIT).toEqual(['66,00 €']);
    await screenshot(page, 'follow-up-pivot-cost');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an advisor only their structure', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/pivot?rows=structure&cols=month&from=2020-01-01&to=2020-12-31`);
    const table = page.getByRole('table', { name: /par structure et par mois/ });
    await expect.poll(() => table.locator('tbody tr').count(), WAIT).toBe(1);
    await expect.poll(() => table.locator('tfoot td').allTextContents(), WAIT).toEqual(['2', '1', '3']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an administrator build a two-status journey on /fac/parcours', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/fac/parcours?programme=1`);
    const households = page.getByRole('region', { name: /^Ménages/ });
    await expect
      .poll(
        () =>
          households
            .getByRole('list', { name: /Statuts du parcours/ })
            .locator('> li')
            .count(),
        WAIT,
      )
      .toBe(4);
    await screenshot(page, 'follow-up-parcours-sare');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Nom du modèle de dossier').fill('Rénovation accompagnée');
    await page.getByRole('button', { name: 'Créer le modèle de dossier' }).click();
    const journey = page.getByRole('region', { name: /^Rénovation accompagnée/ });
    await expect.poll(() => journey.getByText('Aucun statut').count(), WAIT).toBe(1);
    for (const name of ['Premier contact', 'Accompagné']) {
      await journey.getByLabel('Nouveau statut (en fin de parcours)').fill(name);
      await journey.getByRole('button', { name: 'Ajouter le statut' }).click();
      await expect.poll(() => journey.getByRole('link', { name, exact: true }).count(), WAIT).toBe(1);
    }
    await journey.getByLabel('Nouvel acte').fill('Visite à domicile');
    await journey.getByLabel('Mène au statut').selectOption({ label: 'Accompagné' });
    await journey.getByRole('button', { name: "Ajouter l'acte" }).click();
    const steps = journey.getByRole('list', { name: /Statuts du parcours/ }).locator('> li');
    await expect
      .poll(() => steps.locator('h3').allTextContents(), WAIT)
      .toEqual(['Étape 1 : Premier contact', 'Étape 2 : Accompagné']);
    await expect.poll(() => steps.nth(1).getByRole('link', { name: 'Visite à domicile' }).count(), WAIT).toBe(1);
    await screenshot(page, 'follow-up-parcours-built');
    expect(await seriousViolations(page)).toEqual([]);

    // The journey is data: its statuses are ordered and the act triggers the second one.
    const token = await t.login('admin@demo.fr');
    const models = (await t.call('/fac/folder-model/?project=1&perPage=50', { token })).body as Rec[];
    const model = models.find((m) => m.name === 'Rénovation accompagnée')!;
    const statuses = (await t.call(`/fac/status/?folderModel=${model.pk}`, { token })).body as Rec[];
    expect(statuses.sort((a, b) => a.order - b.order).map((s) => s.name)).toEqual(['Premier contact', 'Accompagné']);
    const acts = (await t.call('/fac/action-model/?perPage=500', { token })).body as Rec[];
    expect(acts.find((a) => a.name === 'Visite à domicile')?.triggerStatus).toBe(statuses[1].pk);

    // Each status opens its generic form.
    await steps.nth(0).getByRole('link', { name: 'Premier contact' }).click();
    await page.waitForURL(/\/fac\/statuts\/\d+$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a superadvisor the journeys read only', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'superconseiller@demo.fr');
    await page.goto(`${t.url}/fac/parcours`);
    await expect.poll(() => page.getByRole('region', { name: /^Ménages/ }).count(), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Ajouter le statut' }).count()).toBe(0);
    await expect.poll(() => page.getByText('seuls les administrateurs modifient les parcours').count(), WAIT).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
