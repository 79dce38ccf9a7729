import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { routes } from '../../client/generated/manifest';

// Issue 28 row 13 (spec 02 §routes): /rgpd/:pk with a non-numeric key is treated as −1, « not found » for staff
// (the screen asks /fac/contact/-1/consent/); /evenements/inscriptions/:id is open to signed-in users as the spec
// says, the server keeping the registrations to the event's structure.

type Rec = Record<string, any>;

describe.each(DIALECTS)('spec keys and route audiences on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.client = await t.login('client@demo.fr');
  });

  it('a consent asked with key −1 or a word is « not found » for staff, and nothing is written', async () => {
    expect(routes.find((r) => r.path === '/rgpd/:pk')?.access).toEqual({ role: ['staff'] });
    const count = async () =>
      (await t.app.database.db.selectFrom('fac_rgpd_consent_for_contacts').select('pk').execute()).length;
    const before = await count();
    for (const key of ['-1', 'abc']) {
      const read = await t.call(`/fac/contact/${key}/consent/`, { token: token.advisor });
      expect(read.status, key).toBe(404);
      expect((read.body as Rec).message ?? (read.body as Rec).error, key).toBe('Enregistrement non trouvé.');
      const write = await t.call(`/fac/contact/${key}/consent/`, {
        method: 'POST',
        token: token.advisor,
        body: { allowToKeepData: false },
      });
      expect(write.status, key).toBe(404);
    }
    expect(await count()).toBe(before);
  });

  it("the registrations screen is for signed-in users; the server shows only their structure's", async () => {
    expect(routes.find((r) => r.path === '/evenements/inscriptions/:id')?.access).toEqual({ role: ['signedIn'] });
    const staff = await t.call('/events/registration/?event=1', { token: token.advisor });
    expect(staff.status).toBe(200);
    const client = await t.call('/events/registration/?event=1', { token: token.client });
    expect([200, 403]).toContain(client.status);
    if (client.status === 200) expect(client.body).toEqual([]);
    const event = await t.call('/events/event/1/', { token: token.client });
    expect([403, 404]).toContain(event.status);
    expect((await t.call('/events/registration/?event=1')).status).toBe(401);
  });
});
