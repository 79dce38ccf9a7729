import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';

// A visitor registers to an event from the public agenda (1280 and 375 px) with its question and
// consent, is told to check the mailbox, and confirms by the mailed link, axe-core on both
// pages; the event has one seat, so the second visitor lands on the waiting list. The advisor
// then sees both in the event's registrations list.

const DAY = 86_400_000;
const TITLE = 'Atelier « isoler ses combles »';

describe('events: public registration (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  let event: number;

  beforeAll(async () => {
    const token = await t.login('conseiller@demo.fr');
    const start = new Date(Date.now() + 5 * DAY);
    start.setUTCHours(16, 0, 0, 0);
    const res = await t.call('/events/event/', {
      method: 'POST',
      token,
      body: {
        title: TITLE,
        group: 2,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        address: 'Maison de l’énergie, 12 rue Vendôme, 38130 Échirolles',
        description: '<p>Deux heures pour comprendre <strong>comment isoler</strong> ses combles.</p>',
        capacity: 1,
        isPublic: true,
        form: {
          schema: {
            type: 'object',
            properties: { commune: { type: 'string', title: 'Votre commune' } },
            required: ['commune'],
          },
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    event = res.body.pk;
  });

  for (const [width, who, outcome] of [
    [1280, 'Alice', /inscription est confirmée/],
    [375, 'Bruno', /liste d’attente/],
  ] as const) {
    it(`${who} registers at ${width} px, axe finds nothing serious`, async () => {
      const { context, page, errors } = await newPage(browser, { width });
      await page.goto(`${t.url}/evenements/agenda/`);
      await page.getByRole('link', { name: `S’inscrire à « ${TITLE} »` }).click();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await screenshot(page, `event-page-${width}`);
      expect(await page.locator('.event-description').textContent()).toContain('comment isoler');
      // Sent empty: French errors on the fields, nothing written.
      await page.getByRole('button', { name: /^M’inscrire/ }).click();
      await page.locator('#event-firstName-error').waitFor();
      await page.getByLabel('Prénom').fill(who);
      await page.getByLabel('Nom', { exact: false }).last().fill('Visiteur');
      await page.getByLabel(/^Courriel/).fill(`${who.toLowerCase()}@exemple.fr`);
      await page.getByLabel(/Votre commune/).fill('Échirolles');
      await page.getByLabel(/J’accepte que/).check();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `event-registration-${width}`);
      await page.getByRole('button', { name: /^M’inscrire/ }).click();
      // The same neutral answer whoever the address is: the mail says what happened.
      const sent = `Vérifiez votre boîte mail : nous venons d’écrire à ${who.toLowerCase()}@exemple.fr.`;
      await expect
        .poll(async () => (await page.getByTestId('event-registered').textContent())?.startsWith(sent))
        .toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `event-registered-${width}`);

      // The link of the mail (its secret read here from the registration): one click confirms.
      const { cancel_uuid: secret } = await t.app.database.db
        .selectFrom('events_registration')
        .select('cancel_uuid')
        .where('event', '=', event)
        .where('email', '=', `${who.toLowerCase()}@exemple.fr`)
        .executeTakeFirstOrThrow();
      await page.goto(`${t.url}/evenements/confirmation/${secret}`);
      const confirm = page.getByRole('button', { name: `Confirmer l’inscription de ${who} Visiteur` });
      await confirm.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.click();
      await expect.poll(() => page.getByTestId('event-confirmed').textContent()).toMatch(outcome);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `event-confirmed-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the advisor sees the registrations of the event, in order', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/evenements/inscriptions/${event}`);
    await page.waitForURL(/\/evenements\/inscriptions\/\d+\?event=\d+/);
    await page.getByRole('cell', { name: 'Bruno', exact: true }).waitFor();
    const rows = await page.locator('tbody tr').allTextContents();
    expect(rows[0]).toContain('Alice');
    expect(rows[0]).toContain('Confirmée');
    expect(rows[1]).toContain("En liste d'attente");
    await screenshot(page, 'event-registrations-list');
    await context.close();
  });
});
