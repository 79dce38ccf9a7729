import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { mondayOf, parisParts } from '../../engine/time/paris-time';
import { weekTitle } from '../../client/runtime/calendar/french-dates';
import { addDays } from '../../engine/time/paris-time';

// The generic calendar on the advisor downtimes (schemas/entities/advisor-downtime.schema.json,
// screens.calendar). The fixture's « Formation rénovation globale » runs from Thursday 10 December
// 2026 09:00 to Friday 11 December 17:30, Paris time.
const TRAINING =
  'Indisponibilité du jeudi 10 décembre 09:00 au vendredi 11 décembre 17:30 : Formation rénovation globale';
const SCREEN = '/dialogwatt/indisponibilites/';
// A busy machine may take more than expect.poll's default second to load a page.
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe('calendar view of advisor downtimes (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  const title = (page: Page) => page.locator('#calendar-title').textContent();

  it('switches to the week, navigates to a downtime, opens it, creates one from an empty hour', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}${SCREEN}?view=list`);
    await eventually(() => page.getByRole('row', { name: /Formation rénovation globale/ }).count()).toBe(1);

    await page.getByRole('button', { name: 'Semaine', exact: true }).click();
    await eventually(() =>
      page.getByRole('button', { name: 'Semaine', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    const thisMonday = mondayOf(parisParts(new Date()).day);
    await eventually(() => title(page)).toBe(weekTitle(thisMonday, addDays(thisMonday, 6)));

    // Week by week to the one of the training, with « Semaine suivante » (or « précédente »).
    const target = '2026-12-07';
    const forward = thisMonday <= target;
    for (let monday = thisMonday; monday !== target; monday = addDays(monday, forward ? 7 : -7)) {
      const expected = addDays(monday, forward ? 7 : -7);
      await page.getByRole('button', { name: forward ? 'Semaine suivante' : 'Semaine précédente' }).click();
      await eventually(() => title(page)).toBe(weekTitle(expected, addDays(expected, 6)));
    }
    expect(await title(page)).toBe('Semaine du 7 au 13 décembre 2026');
    const training = page.getByRole('link', { name: TRAINING });
    // Thursday from 09:00 and Friday until 17:30.
    await eventually(() => training.count()).toBe(2);
    await screenshot(page, 'calendar-week');

    // « Aujourd'hui » comes back to this week, and back again.
    await page.getByRole('button', { name: "Aujourd'hui" }).click();
    await eventually(() => title(page)).toBe(weekTitle(thisMonday, addDays(thisMonday, 6)));
    await page.goBack();
    await page.goto(`${t.url}${SCREEN}?view=week&date=2026-12-09`);
    await eventually(() => training.count()).toBe(2);

    await training.first().click();
    await page.waitForURL(/\/edition\/2$/);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Formation rénovation globale');
    await page.goBack();
    await eventually(() => title(page)).toBe('Semaine du 7 au 13 décembre 2026');

    // An empty hour: Tuesday 8 December at 10:00, reached by keyboard from Monday's 10:00.
    const monday10 = page.getByRole('button', { name: 'Nouvelle indisponibilité le lundi 7 décembre à 10:00' });
    await monday10.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Nouvelle indisponibilité le mardi 8 décembre à 10:00',
    );
    await screenshot(page, 'calendar-week-focus');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/creation\/$/);
    await eventually(() => page.getByLabel('Début').inputValue()).toBe('2026-12-08T10:00');
    await eventually(() => page.getByLabel('Fin').inputValue()).toBe('2026-12-08T11:00');
    await page.getByLabel("Motif de l'indisponibilité").fill("Réunion d'équipe");
    await page.getByLabel('Conseiller').selectOption({ label: 'Claire Conseillère' });
    await screenshot(page, 'calendar-create-prefilled');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(new RegExp(`${SCREEN}$`));
    // Back on the week it was created from (kept for the tab).
    await eventually(() => title(page)).toBe('Semaine du 7 au 13 décembre 2026');
    const created = page.getByRole('link', { name: "Indisponibilité de 10:00 à 11:00 : Réunion d'équipe" });
    await eventually(() => created.count()).toBe(1);
    await screenshot(page, 'calendar-week-after-create');
    const stored = (
      await t.call('/dialogwatt/advisor-downtime/?q=equipe', { token: await t.login('conseiller@demo.fr') })
    ).body as { startDate: string; endDate: string; advisor: number }[];
    expect(stored).toHaveLength(1);
    expect(new Date(stored[0].startDate).toISOString()).toBe('2026-12-08T09:00:00.000Z');
    expect(new Date(stored[0].endDate).toISOString()).toBe('2026-12-08T10:00:00.000Z');

    // The day view of Thursday, from its column header.
    await page.getByRole('button', { name: 'jeudi 10 décembre, vue du jour' }).click();
    await eventually(() => title(page)).toBe('Jeudi 10 décembre 2026');
    await eventually(() => training.count()).toBe(1);
    await screenshot(page, 'calendar-day');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens on the day view at 375 px', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}${SCREEN}?date=2026-12-11`);
    await eventually(() => title(page)).toBe('Vendredi 11 décembre 2026');
    await eventually(() => page.getByRole('button', { name: 'Jour', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await eventually(() => page.getByRole('link', { name: TRAINING }).count()).toBe(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'calendar-day-375');
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await eventually(() => title(page)).toBe('Samedi 12 décembre 2026');
    await eventually(() => page.getByRole('link', { name: TRAINING }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe-core violation on the week (1280 px) and the day (375 px)', async () => {
    for (const [width, view] of [
      [1280, 'week'],
      [375, 'day'],
    ] as const) {
      // bypassCSP only lets the test inject axe; the application keeps its policy otherwise.
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        bypassCSP: true,
      });
      const page = await context.newPage();
      await signIn(page, t.url, 'conseiller@demo.fr');
      await page.goto(`${t.url}${SCREEN}?view=${view}&date=2026-12-10`);
      await eventually(() => page.getByRole('link', { name: TRAINING }).count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
