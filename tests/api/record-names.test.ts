import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// How records are named and filled for people (issue 27 items 4, 6, 12): a relation choice names
// a contact by first and last name (x-entity.label), a new contact has not opted in to newsletters,
// a document without a description is named by its file, a custom field's pattern says what it wants.
describe.each(DIALECTS)('record names and defaults on %s', (dialect) => {
  let t: TestApp;
  let advisor: string;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    advisor = await t.login('conseiller@demo.fr');
  });

  it('names a contact by its first and last name in relation choices, and opts it out of newsletters', async () => {
    const created = await t.call('/fac/contact/', {
      method: 'POST',
      token: advisor,
      body: { firstName: 'Élodie', lastName: 'Nommée' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.acceptsNewsletters).toBe(false);
    const choices = await t.call(`/meta/options/contact?q=Nommée&ids=${created.body.pk}`, { token: advisor });
    expect(choices.status).toBe(200);
    expect(choices.body).toContainEqual(expect.objectContaining({ value: created.body.pk, label: 'Élodie Nommée' }));
    const meta = await t.call('/meta/entity/contact', { token: advisor });
    expect(meta.body.label).toEqual(['firstName', 'lastName']);
  });

  it('names a document by its file when no description is given, and refuses one with nothing to name it', async () => {
    const contact = await t.call('/fac/contact/', {
      method: 'POST',
      token: advisor,
      body: { firstName: 'Denis', lastName: 'Documenté' },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'devis-isolation.pdf');
    const upload = await fetch(`${t.url}/api/v1/fac/file/file/file/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${advisor}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const named = await t.call('/fac/file/', {
      method: 'POST',
      token: advisor,
      body: { contact: contact.body.pk, file: await upload.json() },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body.note).toBe('devis-isolation');

    const before = await t.call(`/fac/file/?contact=${contact.body.pk}`, { token: advisor });
    const empty = await t.call('/fac/file/', { method: 'POST', token: advisor, body: { contact: contact.body.pk } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContainEqual(
      expect.objectContaining({
        path: 'note',
        message: 'Décrivez le document, ou joignez un fichier (son nom servira de description) ou un lien.',
      }),
    );
    const after = await t.call(`/fac/file/?contact=${contact.body.pk}`, { token: advisor });
    expect(after.body).toEqual(before.body);
  });

  it("says what a custom field's pattern wants (the demo's SIRET: 14 digits)", async () => {
    const meta = await t.call('/meta/entity/organization?scopes=group:2', { token: advisor });
    expect(meta.body.schema.properties.xD069?.['x-pattern-message']).toMatch(/14 chiffres/);
    const refused = await t.call('/fac/organization/', {
      method: 'POST',
      token: advisor,
      body: { name: 'Structure au SIRET court', owningGroup: 2, xD069: '1234 5678' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual(
      expect.objectContaining({
        path: 'xD069',
        message: 'Le numéro de SIRET compte exactement 14 chiffres, sans espace.',
      }),
    );
  });

  it('names an action by its act and day in choices; a reminder needs a day and one per note', async () => {
    const choices = await t.call('/meta/options/action?field=reminder.action', { token: advisor });
    expect(choices.status).toBe(200);
    expect(choices.body.length).toBeGreaterThan(0);
    const models = await t.call('/meta/options/action-model', { token: advisor });
    const modelNames = (models.body as { label: string }[]).map((m) => m.label);
    // « A1 — … 1er décembre 2026 », never the act's number alone.
    for (const c of choices.body as { label: string }[]) {
      expect(c.label).not.toMatch(/^\d+$/);
      expect(modelNames.some((name) => c.label.startsWith(name))).toBe(true);
    }

    const contact = await t.call('/fac/contact/', {
      method: 'POST',
      token: advisor,
      body: { firstName: 'Rémi', lastName: 'Rappelé' },
    });
    const note = await t.call('/fac/note/', {
      method: 'POST',
      token: advisor,
      body: { contact: contact.body.pk, note: '<p>Rappeler</p>' },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const undated = await t.call('/fac/reminder/', { method: 'POST', token: advisor, body: { note: note.body.pk } });
    expect(undated.status).toBe(400);
    expect(undated.body.errors).toContainEqual(
      expect.objectContaining({ path: 'date', message: 'Indiquez la date du rappel.' }),
    );
    const first = await t.call('/fac/reminder/', {
      method: 'POST',
      token: advisor,
      body: { note: note.body.pk, date: '2030-01-02' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await t.call('/fac/reminder/', {
      method: 'POST',
      token: advisor,
      body: { note: note.body.pk, date: '2030-01-03' },
    });
    expect(second.status).toBe(400);
    expect(second.body.errors[0].message).toBe(
      "Cette note a déjà un rappel : modifiez-le depuis la note plutôt que d'en créer un second.",
    );
    const meta = await t.call('/meta/entity/reminder', { token: advisor });
    expect(meta.body.fieldRules.persons.initial).toEqual([{ var: 'user.pk' }]);
  });
});
