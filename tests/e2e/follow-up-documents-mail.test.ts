import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { createJobRunner } from '../../server/jobs/job-runner';

const WAIT = { timeout: 15_000 };

type Rec = Record<string, any>;

// Issue 11 items 4 and 6 in Chromium: a pilot structure's advisor browses its laureate's
// documents on `/fac/documents/` and downloads one, the laureate never sees the pilot's; the
// statistics workbook « Recevoir par e-mail » on `/fac/suivi` shows its progress until sent, and
// the mailed link downloads it.
describe('follow-up: laureates’ documents and the mailed workbook (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  async function document(token: string, lastName: string, fileName: string, note: string): Promise<Rec> {
    const contact = await t.call('/fac/contact/', { method: 'POST', token, body: { firstName: 'Anne', lastName } });
    expect(contact.status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob([`%PDF-1.4 ${note}`], { type: 'application/pdf' }), fileName);
    const up = await fetch(`${t.url}/api/v1/fac/file/file/file/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const body = { contact: contact.body.pk, note, file: await up.json() };
    const doc = await t.call('/fac/file/', { method: 'POST', token, body });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    return doc.body as Rec;
  }

  beforeAll(async () => {
    const admin = await t.login('admin@demo.fr');
    // « Espace Conseil Démo » (2) pilots « Espace Conseil Voisin » (3) in the programme.
    const share = await t.call('/fac/project-share/', {
      method: 'POST',
      token: admin,
      body: { project: 1, pilotGroup: 2, laureateGroups: [3] },
    });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    await document(await t.login('conseiller.voisin@demo.fr'), 'Lauréate', 'devis-laureat.pdf', 'Devis du lauréat');
    await document(await t.login('conseiller@demo.fr'), 'Pilote', 'note-pilote.pdf', 'Note du pilote');
  });

  it('lets the pilot’s advisor read and download a laureate’s document, never the reverse', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/documents/`);
    const laureate = page.getByRole('row', { name: /Devis du lauréat/ });
    await laureate.waitFor(WAIT);
    await expect.poll(() => laureate.textContent(), WAIT).toContain('Espace Conseil Voisin');
    // The laureate's contact is not the pilot's to read: said so, not shown as a bare « n° 16 ».
    await expect.poll(() => laureate.textContent(), WAIT).toContain('fiche non consultable');
    expect(await laureate.textContent()).not.toMatch(/n° \d/);
    await expect.poll(() => page.getByRole('row', { name: /Note du pilote/ }).count(), WAIT).toBe(1);
    await screenshot(page, 'follow-up-laureate-documents');
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await laureate.getByRole('button', { name: /devis-laureat\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('devis-laureat.pdf');
    // Opened, the laureate's document is read only for the pilot.
    await laureate.getByRole('link').first().click();
    await expect.poll(() => page.locator('.notice-info').first().textContent(), WAIT).toBeTruthy();
    expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    const neighbour = await newPage(browser);
    await signIn(neighbour.page, t.url, 'conseiller.voisin@demo.fr');
    await neighbour.page.goto(`${t.url}/fac/documents/`);
    await neighbour.page.getByRole('row', { name: /Devis du lauréat/ }).waitFor(WAIT);
    expect(await neighbour.page.getByRole('row', { name: /Note du pilote/ }).count()).toBe(0);
    expect(neighbour.errors).toEqual([]);
    await neighbour.context.close();
  });

  it('mails the statistics workbook, with its progress, and the mailed link downloads it', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/suivi`);
    await page.getByRole('button', { name: 'Recevoir par e-mail' }).click(WAIT);
    const state = page.locator('#mailed-state');
    await expect.poll(() => state.textContent(), WAIT).toContain('Le classeur est en attente');
    // The job runner of a server process (none runs in tests): one pass builds and mails it.
    expect(await createJobRunner(t.app, { id: 'e2e', schedules: [] }).runOnce()).toBe(1);
    await expect.poll(() => state.textContent(), WAIT).toContain('Le classeur a été envoyé à conseiller@demo.fr');
    await screenshot(page, 'follow-up-statistics-mailed');
    expect(await seriousViolations(page)).toEqual([]);

    // No SMTP here: the mail is in the outbox, with its link.
    const mail = await t.app.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_email', '=', 'conseiller@demo.fr')
      .where('subject', 'like', '%classeur de statistiques%')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/fac\/suivi\?classeur=\d+&cle=[A-Za-z0-9_-]+/.exec(String(mail.text_body))![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, t.url));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le classeur' }).click(WAIT);
    expect((await download).suggestedFilename()).toMatch(/^FAC_.*statistics_\d{4}_\d{2}_\d{2}\.xlsx$/);
    await screenshot(page, 'follow-up-statistics-mailed-link');
    expect(errors).toEqual([]);
    await context.close();
  });
});
