import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { loadBookingSettings, useBookingSettings } from '../../server/modules/booking';
import { dayName, eventLabel } from '../../client/runtime/calendar/french-dates';

// From the public journey to the advisor's agenda: a visitor books through the four steps, then
// conseiller@demo.fr finds that appointment in the calendar of appointments (screens.calendar of
// the appointment entity) on its Paris day at its Paris time, and opens it.

const INSEE = '38151'; // Échirolles: the demo « Permanence d'Échirolles » (place 2, group 2)
const PLACE_SLUG = 'permanence-echirolles';
const ADVISOR = 3; // conseiller@demo.fr
const AGENDA = '/dialogwatt/mes-rendez-vous/';
// A busy machine may take more than expect.poll's default second to load a page.
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** `dayOffset` days from now at `hour`:00 UTC. */
function at(dayOffset: number, hour: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + dayOffset);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
}

/** The Paris calendar day of an instant, `YYYY-MM-DD`. */
const parisDay = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

describe('a public booking in the advisor agenda (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  let reason: number;

  beforeAll(async () => {
    useBookingSettings(t.app, { ...loadBookingSettings({}), bookingsPerIp: 100_000, linkCallsPerIp: 100_000 });
    const token = await t.login('conseiller@demo.fr');
    const staff = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call(path, { method: 'POST', token, body });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.pk as number;
    };
    // No questionnaire: the time is held as soon as it is chosen.
    reason = await staff('/dialogwatt/reason/', { name: 'Visite agenda (parcours de test)', group: 2, duration: 45 });
    const area = await staff('/dialogwatt/catchment-area/', { name: 'Zone agenda', group: 2, territories: [INSEE] });
    await staff('/dialogwatt/slot/', {
      group: 2,
      place: 2,
      catchmentArea: area,
      reasons: [reason],
      deadline: 0,
      timeBetweenSlots: 0,
      useAdvisorCalendar: true,
      numberOfActiveAdvisors: 0,
      advisors: [ADVISOR],
      text: 'Matinée agenda',
      startDate: at(9, 8),
      endDate: at(9, 11),
      visibility: 'online',
    });
  });

  it('books through the steps, then the advisor sees it in the week and day agenda and opens it', async () => {
    // The visitor, at the place's booking page.
    const visitor = await newPage(browser);
    const page = visitor.page;
    await page.goto(`${t.url}/dialogwatt/rendez-vous/${PLACE_SLUG}?insee=${INSEE}&reason=${reason}`);
    await eventually(() => page.getByTestId('step-status').textContent()).toBe('Étape 1 sur 4 : Sélection');
    // The calendar opens on the slot's week; the time chosen, the identification follows (no questionnaire).
    const time = page.locator('.week-time').first();
    await time.waitFor();
    await time.click();
    await eventually(() => page.getByTestId('hold-countdown').textContent()).toBe(
      'Ce créneau vous est réservé pendant 10 minutes.',
    );
    await eventually(() => page.getByTestId('step-status').textContent()).toBe('Étape 3 sur 4 : Identification');
    await page.locator('#booking-signin-email').fill('client@demo.fr');
    await page.locator('#booking-signin-password').fill('renovation-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await eventually(() => page.getByTestId('booking-identified').textContent()).toContain('client@demo.fr');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await eventually(() => page.getByTestId('step-status').textContent()).toBe('Étape 4 sur 4 : Récapitulatif');
    await page.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
    await eventually(() => page.getByText('Votre rendez-vous est confirmé.').first().isVisible()).toBe(true);
    const ics = await page.getByRole('link', { name: 'Ajouter à mon agenda' }).getAttribute('href');
    const uuid = /appointment-by-uuid\/([0-9a-f-]{36})\//.exec(ics!)![1];
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // What was stored: its pk (the generic list, as the advisor), start and end.
    const booked = await t.call(`/dialogwatt/appointment-by-uuid/${uuid}/`);
    expect(booked.body.status).toBe('validated');
    const token = await t.login('conseiller@demo.fr');
    const list = await t.call(`/dialogwatt/appointment/?reason=${reason}`, { token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const { pk, startDate, endDate, subject } = list.body[0] as Record<string, string>;
    expect(new Date(startDate).toISOString()).toBe(new Date(booked.body.startDate).toISOString());
    const day = parisDay(startDate);
    const label = eventLabel('rendez-vous', new Date(startDate), new Date(endDate), subject);

    // The advisor, in the week of the appointment: the event sits in its day's column, at its time.
    const advisor = await newPage(browser);
    const agenda = advisor.page;
    await signIn(agenda, t.url, 'conseiller@demo.fr');
    await agenda.goto(`${t.url}${AGENDA}?view=week&date=${day}`);
    const event = agenda.getByRole('group', { name: dayName(day) }).getByRole('link', { name: label });
    await eventually(() => event.count()).toBe(1);
    // Nowhere else in the week.
    expect(await agenda.getByRole('link', { name: label }).count()).toBe(1);
    await screenshot(agenda, 'booking-agenda-week');

    // The day view of that day shows it too.
    await agenda.goto(`${t.url}${AGENDA}?view=day&date=${day}`);
    await eventually(() =>
      agenda
        .getByRole('group', { name: dayName(day) })
        .getByRole('link', { name: label })
        .count(),
    ).toBe(1);

    // Opening it gives the appointment's form, with its Paris start time.
    await agenda.getByRole('link', { name: label }).click();
    await agenda.waitForURL(new RegExp(`/edition/${pk}$`));
    await eventually(() => agenda.getByRole('heading', { level: 1 }).textContent()).toBe(subject);
    await screenshot(agenda, 'booking-agenda-open');
    const start = new Date(startDate).toLocaleString('sv-SE', { timeZone: 'Europe/Paris' }).slice(0, 16);
    await eventually(() => agenda.getByLabel('Début').inputValue()).toBe(start.replace(' ', 'T'));

    // Cancelled, not deleted: the generic delete says what it does (labels.delete of the schema).
    expect(await agenda.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    await agenda.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    const dialog = agenda.getByRole('dialog');
    await eventually(() => dialog.locator('#confirm-text').textContent()).toContain(
      `Vous allez annuler le rendez-vous « ${subject} ». Il restera dans l'agenda à l'état « Annulé » et son ` +
        'horaire sera libéré.',
    );
    expect(await dialog.getByRole('button', { name: 'Garder le rendez-vous' }).count()).toBe(1);
    await screenshot(agenda, 'booking-agenda-cancel-dialog');
    await dialog.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    await eventually(() => agenda.getByText(`Rendez-vous « ${subject} » annulé.`).count()).toBe(1);
    expect((await t.call(`/dialogwatt/appointment-by-uuid/${uuid}/`)).body.status).toBe('cancelled');
    expect(advisor.errors).toEqual([]);
    await advisor.context.close();
  });
});
