import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

describe.each(DIALECTS)('global messages, dashboards, telephony lookup and messaging accounts on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
  });

  it('publishes global messages to their audience; acknowledged ones become seen', async () => {
    const staffOnly = await t.call('/global-messages/message/', {
      method: 'POST',
      token: admin,
      body: {
        title: 'Maintenance jeudi',
        messageHtml: '<p>Coupure de 12 h à 13 h.</p><script>alert(1)</script>',
        audience: 'staff',
      },
    });
    expect(staffOnly.status).toBe(201);
    expect(staffOnly.body.messageHtml).toBe('<p>Coupure de 12 h à 13 h.</p>');
    await t.call('/global-messages/message/', {
      method: 'POST',
      token: admin,
      body: {
        title: 'Ancienne annonce',
        messageHtml: '<p>x</p>',
        audience: 'all',
        endDate: '2020-01-01T00:00:00.000Z',
      },
    });
    const advisor = await t.login('conseiller@demo.fr');
    const pro = await t.login('pro@demo.fr');
    const forAdvisor = await t.call('/global-messages/messages-for-user/', { token: advisor });
    expect(forAdvisor.body.newMessages.map((m: { title: string }) => m.title)).toEqual(['Maintenance jeudi']);
    expect((await t.call('/global-messages/messages-for-user/', { token: pro })).body.newMessages).toEqual([]);
    expect((await t.call('/global-messages/messages-for-user/')).status).toBe(401);
    const pk = forAdvisor.body.newMessages[0].pk;
    expect(
      (
        await t.call('/global-messages/mark-message-as-read-by-user/0/', {
          method: 'POST',
          token: advisor,
          body: { pk },
        })
      ).status,
    ).toBe(200);
    const after = await t.call('/global-messages/messages-for-user/', { token: advisor });
    expect(after.body).toEqual({
      newMessages: [],
      seenMessages: [{ pk, title: 'Maintenance jeudi', messageHtml: '<p>Coupure de 12 h à 13 h.</p>' }],
    });
    expect(
      (await t.call('/global-messages/mark-message-as-read-by-user/0/', { method: 'POST', token: pro, body: { pk } }))
        .status,
    ).toBe(404);
    expect((await t.call('/global-messages/message/', { token: advisor })).status).toBe(403);
  });

  it('gives each role its dashboard, and none to professionals', async () => {
    const adminBoard = await t.call('/dashboard/', { token: admin });
    expect(
      adminBoard.body.figures.find((f: { label: string }) => f.label === 'Structures').value,
    ).toBeGreaterThanOrEqual(4);
    expect(adminBoard.body.lists[0].items.length).toBeGreaterThan(0);
    const managerBoard = await t.call('/dashboard/', { token: await t.login('manager@demo.fr') });
    expect(managerBoard.body.lists[0].items.map((i: { label: string }) => i.label)).toEqual([
      'Espace Conseil Démo',
      'Espace Conseil Voisin',
      'Réseau Démo Isère',
    ]);
    const advisorBoard = await t.call('/dashboard/', { token: await t.login('conseiller@demo.fr') });
    expect(advisorBoard.body.figures.map((f: { label: string }) => f.label)).toEqual([
      "Membres d'Espace Conseil Démo",
      'Lieux de rendez-vous actifs',
      'Notifications actives',
    ]);
    expect(advisorBoard.body.figures[1].value).toBe(2);
    expect((await t.call('/dashboard/', { token: await t.login('pro@demo.fr') })).status).toBe(403);
  });

  it('finds the caller of a phone number for staff only', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const found = await t.call('/cti/+33 6 12 34 56 78/', { token: advisor });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      phone: '0612345678',
      users: [expect.objectContaining({ email: 'pro@demo.fr' })],
      contacts: [],
      organizations: [],
    });
    expect((await t.call('/cti/12/', { token: advisor })).status).toBe(404);
    expect((await t.call('/cti/0612345678/', { token: await t.login('pro@demo.fr') })).status).toBe(403);
  });

  it('finds numbers typed "+33 (0)…" and overseas numbers, whichever way the caller\'s number comes', async () => {
    const created = [
      { email: 'appel.grenoble@demo.fr', lastName: 'Grenoble', userType: 'client', phone: '+33 (0)4 76 98 76 54' },
      { email: 'appel.reunion@demo.fr', lastName: 'Réunion', userType: 'client', phone: '+262 262 98 76 54' },
    ];
    for (const body of created) {
      expect((await t.call('/accounts/user/', { method: 'POST', token: admin, body })).status).toBe(201);
    }
    // Read by an administrator: these clients work with no structure yet, so no advisor sees them (issue 25, 2).
    const who = async (phone: string) => {
      const res = await t.call(`/cti/${encodeURIComponent(phone)}/`, { token: admin });
      return { phone: res.body.phone, emails: (res.body.users ?? []).map((u: { email: string }) => u.email) };
    };
    expect(await who('0476987654')).toEqual({ phone: '0476987654', emails: ['appel.grenoble@demo.fr'] });
    expect(await who('+33476987654')).toEqual({ phone: '0476987654', emails: ['appel.grenoble@demo.fr'] });
    // Réunion's own country code, or the national form dialled from metropolitan France.
    expect(await who('+262262987654')).toEqual({ phone: '+262262987654', emails: ['appel.reunion@demo.fr'] });
    expect(await who('0262 98 76 54')).toEqual({ phone: '+262262987654', emails: ['appel.reunion@demo.fr'] });
  });

  it('shows data-processing consent to the person and to staff for clients; only the person changes it', async () => {
    const client = await t.login('client@demo.fr');
    const advisor = await t.login('conseiller@demo.fr');
    const own = await t.call('/rgpd/7/', { token: client });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ own: true, consent: { allowToKeepData: true, createdAt: null }, history: [] });
    const changed = await t.call('/rgpd/7/', {
      method: 'POST',
      token: client,
      body: { allowToUsePhoneNumberToSendReminder: false },
    });
    expect(changed.body.consent).toMatchObject({ allowToUsePhoneNumberToSendReminder: false, allowToKeepData: true });
    const seenByStaff = await t.call('/rgpd/7/', { token: advisor });
    expect(seenByStaff.body).toMatchObject({ own: false, consent: { allowToUsePhoneNumberToSendReminder: false } });
    expect(seenByStaff.body.history).toHaveLength(1);
    expect(
      (await t.call('/rgpd/7/', { method: 'POST', token: advisor, body: { allowToKeepData: false } })).status,
    ).toBe(403);
    expect((await t.call('/rgpd/4/', { token: advisor })).status).toBe(403);
    expect((await t.call('/rgpd/7/', { token: await t.login('pro@demo.fr') })).status).toBe(403);
    expect((await t.call('/rgpd/abc/', { token: advisor })).status).toBe(404);
    expect((await t.call('/rgpd/7/', { method: 'POST', token: client, body: { allowToKeepData: 'oui' } })).status).toBe(
      400,
    );
  });

  it('keeps one e-mail account per structure, for its superadvisor only', async () => {
    const superadvisor = await t.login('superconseiller@demo.fr');
    const advisor = await t.login('conseiller@demo.fr');
    const invalid = await t.call('/sms/smtp-account/', {
      method: 'POST',
      token: superadvisor,
      body: { smtpType: 'smtp', emailHostUser: 'envoi@demo.fr', emailUseTls: true, emailUseSsl: true },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { path: string }) => e.path)).toEqual(['emailHost', 'emailUseSsl']);
    const created = await t.call('/sms/smtp-account/', {
      method: 'POST',
      token: superadvisor,
      body: {
        smtpType: 'smtp',
        emailHostUser: 'envoi@demo.fr',
        emailHost: 'smtp.demo.fr',
        emailPort: 587,
        emailUseTls: true,
        group: 3,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.group).toBe(2);
    expect(
      (
        await t.call('/sms/smtp-account/', {
          method: 'POST',
          token: superadvisor,
          body: { smtpType: 'smtp', emailHostUser: 'autre@demo.fr', emailHost: 'smtp.demo.fr' },
        })
      ).status,
    ).toBe(400);
    expect((await t.call('/sms/smtp-account/', { token: advisor })).status).toBe(403);
    expect((await t.call(`/sms/smtp-account/${created.body.pk}/`, { token: admin })).status).toBe(403);
    const sms = await t.call('/sms/sms-account/', {
      method: 'POST',
      token: superadvisor,
      body: { accountType: 'ovh' },
    });
    expect(sms.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'ovhAccount',
      'ovhLogin',
      'ovhPassword',
      'ovhSender',
    ]);
  });
});
