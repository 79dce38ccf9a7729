import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

const WAIT = { timeout: 20_000 };

// Issue 10, done-when in Chromium: on a contact's page an advisor adds a note and its reminder,
// attaches a document and puts the contact in a list, through the related lists; a field added
// for the advisor's structure (a custom form) shows on that structure's contacts only.
describe('a contact’s page and what hangs on it (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  beforeAll(async () => {
    const admin = await t.login('admin@demo.fr');
    const wl = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    const saved = await t.call(`/white_labelling/${wl}/overlays/entity:contact@group:2`, {
      method: 'PUT',
      token: admin,
      body: {
        ops: [
          {
            op: 'addField',
            field: 'xStatutOccupation',
            schema: {
              type: 'string',
              title: "Statut d'occupation",
              enum: ['locataire', 'proprietaire'],
              'x-enum-labels': { locataire: 'Locataire', proprietaire: 'Propriétaire' },
            },
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
  });

  it('adds a note with a reminder, a document and a list; shows the structure’s custom field', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/fac/contacts/1`);
    await expect.poll(() => page.getByLabel('Prénom').inputValue(), WAIT).toBe('Hélène');
    // The custom form of « Espace Conseil Démo ».
    await expect.poll(() => page.getByLabel("Statut d'occupation").count(), WAIT).toBe(1);

    // A note, from the « Notes » panel.
    const notes = page.getByRole('region', { name: /^Notes/ });
    await notes.getByRole('button', { name: /^Ajouter/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Nouvelle note' });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByRole('textbox', { name: /^Note/ }).fill('Visite prévue avec le syndic.');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect.poll(() => notes.getByText('Visite prévue avec le syndic.').count(), WAIT).toBe(1);

    // A document, uploaded from the « Documents » panel.
    const documents = page.getByRole('region', { name: /^Documents/ });
    await documents.getByRole('button', { name: /^Ajouter/ }).click();
    dialog = page.getByRole('dialog', { name: 'Nouveau document' });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByLabel('Description').fill('Devis isolation');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'devis.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 devis') });
    await expect.poll(() => dialog.getByText('devis.pdf').count(), WAIT).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect.poll(() => documents.getByText('devis.pdf').count(), WAIT).toBeGreaterThan(0);

    // A list holding the contact, from the « Listes » panel.
    const lists = page.getByRole('region', { name: /^Listes/ });
    await lists.getByRole('button', { name: /^Ajouter\s*—/ }).click();
    dialog = page.getByRole('dialog', { name: 'Nouvelle liste' });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByLabel('Nom de la liste').fill('Copropriétés à relancer');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect.poll(() => lists.getByText('Copropriétés à relancer').count(), WAIT).toBe(1);
    await screenshot(page, 'fac-contact-related');

    // The note's reminder, from the note's page.
    const token = await t.login('conseiller@demo.fr');
    const note = (await t.call('/fac/note/?contact=1&sort=-updatedAt', { token })).body[0];
    expect(note.note).toContain('Visite prévue');
    await notes.getByRole('link', { name: /Visite prévue/ }).click();
    await page.waitForURL(new RegExp(`/${note.pk}$`));
    const reminders = page.getByRole('region', { name: /^Rappels de la note/ });
    await reminders.getByRole('button', { name: /^Ajouter/ }).click();
    dialog = page.getByRole('dialog', { name: 'Nouveau rappel' });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByLabel('Date de rappel').fill('2026-12-01');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect.poll(() => reminders.locator('tbody tr').count(), WAIT).toBe(1);
    const reminder = (await t.call(`/fac/reminder/?note=${note.pk}`, { token })).body[0];
    expect(reminder).toMatchObject({ contact: 1, date: '2026-12-01', done: false });
    expect(errors).toEqual([]);
    await context.close();

    // The neighbour structure's advisor has no such field on their contacts.
    const other = await newPage(browser);
    await signIn(other.page, t.url, 'conseiller.voisin@demo.fr');
    await other.page.goto(`${t.url}/fac/contacts/creation/`);
    await other.page.getByLabel('Prénom').waitFor();
    expect(await other.page.getByLabel("Statut d'occupation").count()).toBe(0);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
