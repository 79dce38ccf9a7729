import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Consent of a file-area contact (reference file area 2.11, 8.7): staff of the contact's structure
// read it and record changes; each change appends a record, the latest is the consent in force;
// the neighbour structure and non-staff reach nothing; bad input is refused and writes nothing.

type Rec = Record<string, unknown>;

describe.each(DIALECTS)('file-area contact consent on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  let contact: Rec;
  const path = () => `/fac/contact/${contact.pk}/consent/`;

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.client = await t.login('client@demo.fr');
    const res = await t.call('/fac/contact/', {
      method: 'POST',
      token: token.advisor,
      body: { firstName: 'Rose', lastName: 'Consentante', email: 'rose.consent@example.org' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    contact = res.body;
  });

  it('shows the defaults without storing anything until a first choice', async () => {
    const res = await t.call(path(), { token: token.advisor });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      contact: { pk: contact.pk, fullName: 'Rose Consentante', email: 'rose.consent@example.org' },
      consent: { pk: null, createdAt: null, allowToKeepData: true, allowToShareMyInformationWithPartners: true },
      history: [],
    });
  });

  it('appends a record at each change; the latest is in force and missing choices are kept', async () => {
    const first = await t.call(path(), {
      method: 'POST',
      token: token.advisor,
      body: { allowToUsePhoneNumberToSendReminder: false },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.consent).toMatchObject({
      allowToUsePhoneNumberToSendReminder: false,
      allowToUseEmailToSendReminder: true,
      allowToKeepData: true,
    });
    const second = await t.call(path(), { method: 'POST', token: token.admin, body: { allowToKeepData: false } });
    expect(second.status).toBe(201);
    const read = await t.call(path(), { token: token.advisor });
    expect(read.body.consent).toMatchObject({
      pk: second.body.consent.pk,
      allowToKeepData: false,
      allowToUsePhoneNumberToSendReminder: false,
      allowToUseEmailToSendReminder: true,
    });
    expect(read.body.history.map((h: Rec) => h.pk)).toEqual([second.body.consent.pk, first.body.consent.pk]);
    expect(read.body.history[1]).toMatchObject({ allowToKeepData: true, allowToUsePhoneNumberToSendReminder: false });
    // The records belong to the contact's structure, and the generic list shows the same history.
    const list = await t.call(`/fac/contact-consent/?contact=${contact.pk}`, { token: token.advisor });
    expect(list.body.map((r: Rec) => [r.pk, r.owningGroup])).toEqual([
      [second.body.consent.pk, 2],
      [first.body.consent.pk, 2],
    ]);
  });

  it('refuses the neighbour structure, non-staff, unknown contacts and bad input, writing nothing', async () => {
    const before = (await t.call(path(), { token: token.advisor })).body.history.length;
    expect((await t.call(path(), { token: token.neighbour })).status).toBe(403);
    expect(
      (await t.call(path(), { method: 'POST', token: token.neighbour, body: { allowToKeepData: true } })).status,
    ).toBe(403);
    expect((await t.call(path(), { token: token.client })).status).toBe(403);
    expect((await t.call(path(), { method: 'POST', token: token.client, body: {} })).status).toBe(403);
    expect((await t.call('/fac/contact/999999/consent/', { token: token.advisor })).status).toBe(404);
    expect((await t.call('/fac/contact/abc/consent/', { token: token.advisor })).status).toBe(404);
    const bad = await t.call(path(), { method: 'POST', token: token.advisor, body: { allowToKeepData: 'oui' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ path: 'rgpdConsent.allowToKeepData' });
    expect(bad.body.errors[0].message).toMatch(/[a-zé]/);
    expect((await t.call(path(), { token: token.advisor })).body.history).toHaveLength(before);
  });
});
