import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { screenshot } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { loadBookingSettings, useBookingSettings } from '../../server/modules/booking';

// A visitor books from the public home to the récapitulatif (1280 and 375 px), part of it by
// keyboard alone, with axe-core on the four steps; the /da/:uuid link then cancels without sign-in.

const INSEE = '38151'; // Échirolles: the demo « Permanence d'Échirolles » (place 2, group 2)
const PLACE = 2;
const ADVISOR = 3; // conseiller@demo.fr
const REASON_NAME = 'Conseil rénovation (parcours de test)';
const QUESTION = 'Votre projet en quelques mots';

/** `dayOffset` days from now at `hour`:00 UTC. */
function at(dayOffset: number, hour: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + dayOffset);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
}

const paris = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

describe('public booking (visitor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  let advisorToken: string;
  let reason: number;
  let slotStart: string;

  const staff = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call(path, { method: 'POST', token: advisorToken, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.pk as number;
  };

  beforeAll(async () => {
    useBookingSettings(t.app, { ...loadBookingSettings({}), bookingsPerIp: 100_000, linkCallsPerIp: 100_000 });
    advisorToken = await t.login('conseiller@demo.fr');
    reason = await staff('/dialogwatt/reason/', {
      name: REASON_NAME,
      group: 2,
      duration: 60,
      description: '<p>Un premier conseil gratuit sur votre projet de rénovation.</p>',
      form: { schema: { type: 'object', properties: { projet: { type: 'string', title: QUESTION } } } },
    });
    const area = await staff('/dialogwatt/catchment-area/', {
      name: 'Zone du parcours de test',
      group: 2,
      territories: [INSEE],
    });
    // Ten days ahead: never in the current week, so the calendar opens on a later week by itself.
    slotStart = at(10, 8);
    const slot = {
      group: 2,
      place: PLACE,
      catchmentArea: area,
      reasons: [reason],
      deadline: 0,
      timeBetweenSlots: 0,
      useAdvisorCalendar: true,
      numberOfActiveAdvisors: 0,
      advisors: [ADVISOR],
    };
    await staff('/dialogwatt/slot/', {
      ...slot,
      text: 'Matinée conseil',
      startDate: slotStart,
      endDate: at(10, 11),
      visibility: 'online',
    });
    await staff('/dialogwatt/slot/', {
      ...slot,
      text: 'Permanence sans rendez-vous',
      startDate: at(10, 13),
      endDate: at(10, 16),
      visibility: 'without_reservation',
    });
  });

  /** The step's heading has the focus, and the stepper says where we are. */
  async function expectStep(page: Page, label: string, index: number) {
    await expect.poll(() => page.getByTestId('step-status').textContent()).toBe(`Étape ${index} sur 4 : ${label}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(label);
  }

  for (const width of [1280, 375]) {
    it(`books from the public home to the récapitulatif (${width} px), axe finds nothing serious`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        bypassCSP: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const a11y: Record<string, string[]> = {};

      // Home: the commune by keyboard in the address field, then the reason, then the place.
      await page.goto(`${t.url}/dialogwatt/rendez-vous/`);
      const commune = page.getByRole('combobox', { name: /Commune/ });
      await commune.focus();
      await page.keyboard.type('Échirolles', { delay: 20 });
      const option = page.getByRole('option', { name: /Échirolles/ }).first();
      await option.waitFor({ timeout: 60_000 }); // the first search of the run reads the commune data
      // The first suggestion is highlighted as the list opens: Enter chooses it.
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.booking-commune-chosen').textContent()).toContain('Échirolles');
      const reasonRadio = page.getByRole('radio', { name: new RegExp(REASON_NAME.replace(/[()]/g, '.')) });
      await reasonRadio.waitFor();
      expect(await page.getByText('Durée : 1 h').first().isVisible()).toBe(true);
      await reasonRadio.focus();
      await page.keyboard.press('Space');
      a11y.home = await seriousViolations(page);
      await screenshot(page, `booking-home-${width}`);
      const book = page.getByRole('link', { name: "Prendre rendez-vous à Permanence d'Échirolles" });
      await book.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/dialogwatt\/rendez-vous\/permanence-echirolles\?insee=38151&reason=\d+/);

      // Sélection: this week is empty, the calendar opens on the slot's week.
      await expect.poll(() => page.getByTestId('step-status').textContent()).toBe('Étape 1 sur 4 : Sélection');
      const times = page.locator('.week-time');
      await times.first().waitFor();
      expect(await page.getByRole('button', { name: 'Semaine précédente' }).isEnabled()).toBe(true);
      const firstFree = (await times.first().textContent())!;
      expect(await page.getByText('Sans rendez-vous de 14:00 à 17:00').isVisible()).toBe(true);
      a11y.selection = await seriousViolations(page);
      await screenshot(page, `booking-step1-${width}`);
      // The time is a real button: the keyboard chooses it.
      await times.first().focus();
      await page.keyboard.press('Enter');
      // The reason has a questionnaire: choosing the time goes on to it (the time is held with its
      // answers, after this step).

      // Questionnaire, by keyboard alone: the focus starts on the step's heading.
      await expectStep(page, 'Questionnaire', 2);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('questionnaire_projet');
      await page.keyboard.type('Isolation des combles', { delay: 5 });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('booking-description');
      await page.keyboard.type('Maison de 1975, chauffage au fioul.', { delay: 5 });
      a11y.questionnaire = await seriousViolations(page);
      await screenshot(page, `booking-step2-${width}`);
      await page.keyboard.press('Tab'); // Retour
      await page.keyboard.press('Tab'); // Continuer
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continuer');
      await page.keyboard.press('Enter');

      // Identification: the time is now held, a short while; sign in with the platform's form.
      await expectStep(page, 'Identification', 3);
      await expect
        .poll(() => page.getByTestId('hold-countdown').textContent())
        .toBe('Ce créneau vous est réservé pendant 10 minutes.');
      a11y.identification = await seriousViolations(page);
      await screenshot(page, `booking-step3-${width}`);
      await page.locator('#booking-signin-email').fill('client@demo.fr');
      await page.locator('#booking-signin-password').fill('renovation-demo');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect.poll(() => page.getByTestId('booking-identified').textContent()).toContain('client@demo.fr');
      // Identified, the visitor has longer to confirm.
      await expect
        .poll(() => page.getByTestId('hold-countdown').textContent())
        .toBe('Ce créneau vous est réservé pendant 30 minutes.');
      await page.getByRole('button', { name: 'Continuer' }).click();

      // Récapitulatif: confirm, then the appointment and its links.
      await expectStep(page, 'Récapitulatif', 4);
      await page.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
      await expect.poll(() => page.getByText('Votre rendez-vous est confirmé. Un courriel').isVisible()).toBe(true);
      const summary = (await page.locator('.booking-summary').textContent())!;
      expect(summary).toContain(REASON_NAME);
      expect(summary).toContain("Permanence d'Échirolles");
      expect(summary).toContain('place des Écrins');
      expect(summary).toContain(`de ${firstFree} à`);
      expect(summary).toContain('Confirmé');
      a11y.recapitulatif = await seriousViolations(page);
      await screenshot(page, `booking-step4-${width}`);
      const ics = await page.getByRole('link', { name: 'Ajouter à mon agenda' }).getAttribute('href');
      expect(ics).toMatch(/\/api\/v1\/dialogwatt\/appointment-by-uuid\/[0-9a-f-]{36}\/ics$/);
      const uuid = /appointment-by-uuid\/([0-9a-f-]{36})\//.exec(ics!)![1];

      // Stored as the visitor saw it: validated, for the signed-in client, at the chosen time.
      const stored = await t.call(`/dialogwatt/appointment-by-uuid/${uuid}/`);
      expect(stored.status).toBe(200);
      expect(stored.body.status).toBe('validated');
      expect(paris.format(new Date(stored.body.startDate))).toBe(firstFree);
      expect(stored.body.reason.pk).toBe(reason);
      expect(stored.body.formAnswers).toEqual({ projet: 'Isolation des combles' });
      expect(stored.body.description).toBe('Maison de 1975, chauffage au fioul.');

      expect(a11y).toEqual({
        home: [],
        selection: [],
        questionnaire: [],
        identification: [],
        recapitulatif: [],
      });
      expect(errors).toEqual([]);

      if (width === 375) {
        // The cancel link of the mails, without sign-in, after the confirmation dialog.
        const visitor = await browser.newContext({ viewport: { width, height: 900 }, locale: 'fr-FR' });
        const linkPage = await visitor.newPage();
        await linkPage.goto(`${t.url}/da/${uuid}`);
        await linkPage.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
        const dialog = linkPage.getByRole('dialog');
        await dialog.waitFor();
        await screenshot(linkPage, `booking-cancel-dialog-${width}`);
        await dialog.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
        await expect.poll(() => linkPage.getByText('Votre rendez-vous est annulé.').first().isVisible()).toBe(true);
        await screenshot(linkPage, `booking-cancelled-${width}`);
        const after = await t.call(`/dialogwatt/appointment-by-uuid/${uuid}/`);
        expect(after.body.status).toBe('cancelled');
        // The time is offered again.
        const day = stored.body.startDate.slice(0, 10);
        const offers = await t.call(
          `/dialogwatt/find-appointment/?reason=${reason}&place=${PLACE}&inseecode=${INSEE}&startDate=${day}`,
        );
        const starts = (offers.body.days as { offers: { start?: string }[] }[]).flatMap((d) =>
          d.offers.map((o) => (o.start ? new Date(o.start).toISOString() : '')),
        );
        expect(starts).toContain(new Date(stored.body.startDate).toISOString());
        await visitor.close();
      }
      await context.close();
    });
  }
  it('lists my appointments, moves one through /dg/:uuid, and shows the places of a commune', async () => {
    // A booking made through the API, as the client, on the test slot's day.
    const clientToken = await t.login('client@demo.fr');
    const day = slotStart.slice(0, 10);
    const offers = await t.call(
      `/dialogwatt/find-appointment/?reason=${reason}&place=${PLACE}&inseecode=${INSEE}&startDate=${day}`,
    );
    const free = (offers.body.days as { offers: { start?: string; slot: string }[] }[])
      .flatMap((d) => d.offers)
      .filter((o) => o.start);
    expect(free.length).toBeGreaterThanOrEqual(2);
    const booked = await t.call('/dialogwatt/book-appointment/', {
      method: 'POST',
      token: clientToken,
      body: { reason, slot: free[0].slot, start: free[0].start },
    });
    expect(booked.status).toBe(201);
    const uuid = booked.body.uuid as string;

    for (const width of [1280, 375]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        bypassCSP: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      // Anonymous: an invitation to sign in; signed in: the appointment among the upcoming ones.
      await page.goto(`${t.url}/dialogwatt/rendez-vous/liste/`);
      await page.getByText('Connectez-vous pour voir vos rendez-vous.').waitFor();
      await page.getByRole('link', { name: 'Me connecter' }).click();
      await page.getByLabel('Adresse électronique').fill('client@demo.fr');
      await page.getByLabel('Mot de passe').fill('renovation-demo');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(`${t.url}/dialogwatt/rendez-vous/liste/`);
      const upcoming = page.locator('section', { has: page.getByRole('heading', { name: 'À venir' }) });
      await expect.poll(() => upcoming.locator('.booking-appointment').count()).toBeGreaterThanOrEqual(1);
      expect(await upcoming.textContent()).toContain(REASON_NAME);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `booking-my-appointments-${width}`);

      // The places of the commune and a place's information.
      await page.goto(`${t.url}/dialogwatt/lieux/${INSEE}/`);
      await page.getByRole('heading', { name: "Permanence d'Échirolles" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `booking-places-${width}`);
      await page.getByRole('link', { name: "Informations sur le lieu Permanence d'Échirolles" }).click();
      await page.waitForURL(`${t.url}/dialogwatt/lieux/infos/${PLACE}`);
      await expect.poll(() => page.locator('.booking-place-info').textContent()).toContain('place des Écrins');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `booking-place-infos-${width}`);
      await context.close();
      expect(errors).toEqual([]);
    }

    // /dg/:uuid without sign-in: move to the next offered time of the same week calendar.
    const { page, context } = await (async () => {
      const c = await browser.newContext({ viewport: { width: 375, height: 900 }, locale: 'fr-FR', bypassCSP: true });
      return { context: c, page: await c.newPage() };
    })();
    await page.goto(`${t.url}/dg/${uuid}`);
    await page.getByRole('button', { name: 'Déplacer le rendez-vous' }).click();
    // The calendar opens on the appointment's week, its own time said and not offered.
    const target = page.locator('.week-time[aria-pressed="false"]').first();
    await target.waitFor();
    const newTime = (await target.textContent())!;
    await target.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Déplacer le rendez-vous' }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Votre rendez-vous est déplacé au' }).first().textContent(),
      )
      .toContain(`à ${newTime}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'booking-moved-375');
    const moved = await t.call(`/dialogwatt/appointment-by-uuid/${uuid}/`);
    expect(moved.body.status).toBe('validated');
    expect(paris.format(new Date(moved.body.startDate))).toBe(newTime);
    await context.close();
  });
  it('gives a hold back when the visitor chooses another time, and when the page is left', async () => {
    const free = await staff('/dialogwatt/reason/', {
      name: 'Question libre (parcours de test)',
      group: 2,
      duration: 30,
    });
    const area = await staff('/dialogwatt/catchment-area/', { name: 'Zone libre', group: 2, territories: [INSEE] });
    await staff('/dialogwatt/slot/', {
      group: 2,
      place: PLACE,
      catchmentArea: area,
      reasons: [free],
      deadline: 0,
      timeBetweenSlots: 0,
      useAdvisorCalendar: true,
      numberOfActiveAdvisors: 0,
      advisors: [ADVISOR],
      text: 'Questions libres',
      startDate: at(12, 8),
      endDate: at(12, 9),
      visibility: 'online',
    });
    /** The uuids of the live holds of that reason. */
    const held = async () =>
      (
        await t.app.database.db
          .selectFrom('dialogwatt_appointment')
          .select('uuid')
          .where('reason', '=', free)
          .where('status', '=', 'waiting')
          .execute()
      ).map((a) => a.uuid);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${t.url}/dialogwatt/rendez-vous/permanence-echirolles?insee=${INSEE}&reason=${free}`);
    // The calendar opens on the first week with an offer; a tapped time goes on to the identification.
    const times = page.locator('.week-time');
    await times.first().click();
    await expect.poll(held).toHaveLength(1);
    const [first] = await held();
    // Another time, back from « Changer d'horaire »: the same call gives the first one back.
    await page.getByRole('button', { name: "Changer d'horaire" }).click();
    // The held time is the visitor's own and is not offered again: the one left is the other time.
    await expect.poll(() => times.count()).toBe(1);
    await times.first().click();
    await expect.poll(async () => (await held()).filter((u) => u !== first)).toHaveLength(1);
    expect(await held()).not.toContain(first);
    // Leaving the page gives the second one back too.
    await page.goto(`${t.url}/`);
    await expect.poll(held).toEqual([]);
    await context.close();
  });

  it('sends the visitor back to the selection with the French message once the hold has run out', async () => {
    // A reason without questionnaire: the time is held as soon as it is chosen.
    const quick = await staff('/dialogwatt/reason/', {
      name: 'Question rapide (parcours de test)',
      group: 2,
      duration: 30,
    });
    const area = await staff('/dialogwatt/catchment-area/', { name: 'Zone rapide', group: 2, territories: [INSEE] });
    await staff('/dialogwatt/slot/', {
      group: 2,
      place: PLACE,
      catchmentArea: area,
      reasons: [quick],
      deadline: 0,
      timeBetweenSlots: 0,
      useAdvisorCalendar: true,
      numberOfActiveAdvisors: 0,
      advisors: [ADVISOR],
      text: 'Questions rapides',
      startDate: at(11, 8),
      endDate: at(11, 9),
      visibility: 'online',
    });
    const context = await browser.newContext({
      viewport: { width: 375, height: 900 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${t.url}/dialogwatt/rendez-vous/permanence-echirolles?insee=${INSEE}&reason=${quick}`);
    const time = page.locator('.week-time').first();
    await time.click();
    await expect
      .poll(() => page.getByTestId('hold-countdown').textContent())
      .toBe('Ce créneau vous est réservé pendant 10 minutes.');
    // No questionnaire for this reason: the chosen time leads to the identification at once.
    await expect.poll(() => page.getByTestId('step-status').textContent()).toBe('Étape 3 sur 4 : Identification');
    await page.clock.fastForward('00:10:30');
    await expect.poll(() => page.getByTestId('step-status').textContent()).toBe('Étape 1 sur 4 : Sélection');
    // On the page, above the step, and as a notice.
    expect(await page.locator('.booking > .notice-error[role="alert"]').textContent()).toBe(
      'La réservation temporaire du rendez-vous est expirée. Merci de choisir un nouvel horaire.',
    );
    expect(await page.locator('.toast-error').textContent()).toContain(
      'La réservation temporaire du rendez-vous est expirée.',
    );
    expect(await page.getByTestId('hold-countdown').count()).toBe(0);
    // Back on the week of the time that was held, offered again.
    await expect.poll(() => page.locator('.week-time').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'booking-hold-expired-375');
    await context.close();
  });
});
