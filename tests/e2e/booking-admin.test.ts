import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import ExcelJS from 'exceljs';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { seriousViolations } from '../helpers/axe';
import { create } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';

// The booking back office in Chromium: the statistics screen (chart, table, spreadsheet), the
// « Dupliquer » action of a slot, the delete warning of a slot with appointments, the mail test.

/** A year of its own: the demo appointments (around the seed day) stay out of the figures. */
const YEAR = '2030';
/** fr-FR puts narrow no-break spaces before « % » and between digit groups. */
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
/** A Friday far ahead, in winter. */
const SLOT_DAY = '2031-01-17';

describe('booking back office (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let slotPk: number;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  beforeAll(async () => {
    const ctx = systemContext(t.app);
    const base = { subject: 'RDV', client: 7, place: 1, advisor: 3 };
    const at = (day: string) => ({
      startDate: `${YEAR}-${day}T08:00:00.000Z`,
      endDate: `${YEAR}-${day}T09:00:00.000Z`,
    });
    await create(ctx, 'appointment', { ...base, reason: 1, ...at('03-10'), hasBeenHonored: true });
    await create(ctx, 'appointment', { ...base, reason: 1, ...at('03-12') });
    await create(ctx, 'appointment', { ...base, reason: 2, ...at('06-02'), hasBeenHonored: true });
    const slot = await create(ctx, 'slot', {
      text: 'Permanence du vendredi',
      group: 2,
      startDate: `${SLOT_DAY}T08:00:00.000Z`,
      endDate: `${SLOT_DAY}T11:00:00.000Z`,
      place: 1,
      catchmentArea: 1,
      reasons: [1],
      advisors: [3],
    });
    slotPk = slot.pk as number;
    await create(ctx, 'appointment', {
      ...base,
      reason: 1,
      slot: slotPk,
      startDate: `${SLOT_DAY}T08:00:00.000Z`,
      endDate: `${SLOT_DAY}T09:00:00.000Z`,
    });
  });

  it('shows the statistics as a chart and its table, regroups by month and exports a spreadsheet', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/statistics/?from=${YEAR}-01-01&to=${YEAR}-12-31`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Statistiques des rendez-vous');
    const table = page.locator('table.statistics-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(spaced(await table.locator('tbody tr').first().innerText()).split('\t')).toEqual([
      'Premier conseil rénovation',
      '2',
      '1',
      '50 %',
    ]);
    expect(spaced(await table.locator('tfoot tr').innerText())).toMatch(/Total\s+3\s+2\s+66,7\s%/);
    const chart = page.getByRole('img', { name: /Rendez-vous par motif de rendez-vous/ });
    expect(await chart.count()).toBe(1);
    expect(await chart.locator('desc').textContent()).toContain(
      'Premier conseil rénovation : 2 rendez-vous, 1 honorés',
    );
    await screenshot(page, 'booking-statistics-reason');

    await page.getByLabel('Regrouper par').selectOption('month');
    await page.getByRole('button', { name: 'Afficher' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(12);
    expect(spaced(await table.locator('tbody tr').nth(2).innerText())).toMatch(/^Mars \d{4}\s+2\s+1\s+50 %$/);
    expect(new URL(page.url()).searchParams.get('groupBy')).toBe('month');
    await screenshot(page, 'booking-statistics-month');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en tableur (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statistiques-rdv-${YEAR}-01-01-${YEAR}-12-31.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as never);
    const sheet = book.getWorksheet('Statistiques')!;
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(['Mois', 'Rendez-vous', 'Honorés', 'Taux honoré']);
    expect((sheet.getRow(6).values as unknown[]).slice(1, 4)).toEqual([`Mars ${YEAR}`, 2, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('duplicates a slot onto two dates from its edit screen, and warns before cancelling it', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/gestion-des-creneaux/edition/${slotPk}`);
    await expect.poll(() => page.getByLabel('Intitulé').inputValue()).toBe('Permanence du vendredi');
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dupliquer le créneau' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Date 1', { exact: true }).inputValue()).toBe('2031-01-24');
    await dialog.getByRole('button', { name: 'Ajouter une date' }).click();
    expect(await dialog.getByLabel('Date 2', { exact: true }).inputValue()).toBe('2031-01-31');
    await dialog.getByLabel('Date 2', { exact: true }).fill('2031-04-04');
    await screenshot(page, 'booking-slot-duplicate-dialog');
    await dialog.getByRole('button', { name: 'Créer 2 créneaux' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByText('Le créneau a été copié sur 2 dates : 24/01/2031, 04/04/2031.').count())
      .toBe(1);
    const token = await t.login('conseiller@demo.fr');
    const copies = (await t.call('/dialogwatt/slot/?q=vendredi&perPage=50', { token })).body as {
      startDate: string;
      endDate: string;
    }[];
    // 09:00–12:00 in Paris on both sides of the clock change (UTC+1 in January, UTC+2 in April).
    expect(copies.map((c) => [c.startDate, c.endDate]).sort()).toEqual([
      ['2031-01-17T08:00:00.000Z', '2031-01-17T11:00:00.000Z'],
      ['2031-01-24T08:00:00.000Z', '2031-01-24T11:00:00.000Z'],
      ['2031-04-04T07:00:00.000Z', '2031-04-04T10:00:00.000Z'],
    ]);

    // A slot is cancelled, not removed: the action says so (labels.delete of the slot schema).
    expect(await page.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Annuler le créneau' }).click();
    const confirm = page.locator('#confirm-text');
    await expect.poll(() => confirm.textContent()).toContain('Vous allez annuler le créneau « ');
    await expect
      .poll(() => confirm.textContent())
      .toContain('Ce créneau a 1 rendez-vous : ils ne seront pas annulés automatiquement.');
    await screenshot(page, 'booking-slot-delete-warning');
    await page.getByRole('dialog').getByRole('button', { name: 'Garder le créneau' }).click();
    expect((await t.call(`/dialogwatt/slot/${slotPk}/`, { token })).body.status).toBe('validated');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates the structure’s mail account from its screen, then « Tester » sends a mail', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'superconseiller@demo.fr');
    await page.goto(`${t.url}/courriel/gestion-de-compte`);
    await expect.poll(() => page.getByRole('button', { name: 'Tester' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Tester' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: "Enregistrez d'abord le compte" }).count())
      .toBe(1);
    const smtp = await startSmtpCapture();
    try {
      await page.getByLabel("Identifiant (adresse d'envoi)").fill('envoi@demo.fr');
      await page.getByLabel('Serveur SMTP').fill('127.0.0.1');
      await page.getByLabel('Port').fill(new URL(smtp.url).port);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Configuration SMTP');
      await page.getByRole('button', { name: 'Tester' }).click();
      await expect
        .poll(() => page.getByText('Le courriel de test a été envoyé à superconseiller@demo.fr.').count())
        .toBe(1);
      const mail = await smtp.waitFor('superconseiller@demo.fr');
      expect(mail.subject).toContain("Test d'envoi de SMTP - DialogWatt");
      await screenshot(page, 'booking-mail-account-test');
    } finally {
      await smtp.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe finding on the statistics and the duplicate dialog at 375 px', async () => {
    // bypassCSP only lets the test inject axe.
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/dialogwatt/statistics/?from=${YEAR}-01-01&to=${YEAR}-12-31&groupBy=month`);
    await expect.poll(() => page.locator('table.statistics-table tbody tr').count()).toBe(12);
    await screenshot(page, 'booking-statistics-375');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${t.url}/dialogwatt/gestion-des-creneaux/edition/${slotPk}`);
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Dupliquer le créneau' }).isVisible()).toBe(true);
    await screenshot(page, 'booking-slot-duplicate-375');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
