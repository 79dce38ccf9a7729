import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Reference §8.2 and §9.3: a list's recipients resolved on the server (contacts, tags, organisations
// through their members, nested lists with cycles broken), counted and exported as CSV.
describe.each(DIALECTS)('list recipients on %s', (dialect) => {
  let t: TestApp;
  let advisor: string;
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    advisor = await t.login('conseiller@demo.fr');
  });

  it('resolves the demo list: its contact, the tag’s contacts, the organisation’s members, each once', async () => {
    const res = await t.call('/fac/list/1/recipients/', { token: advisor });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.recipients.map((r: { lastName: string }) => r.lastName)).toEqual(['Dubois', 'Ébrard', 'Benali']);
  });

  it('follows nested lists, breaks a cycle, and exports the recipients as CSV', async () => {
    const nested = await t.call('/fac/list/', {
      method: 'POST',
      token: advisor,
      body: {
        title: 'Élus et copropriétés',
        contacts: [2],
        lists: [1],
        organizations: [1],
        useOrganizationsAsContacts: true,
      },
    });
    expect(nested.status).toBe(201);
    // The demo list now includes the new one: a cycle, resolved once.
    const cycle = await t.call('/fac/list/1/', { method: 'PATCH', token: advisor, body: { lists: [nested.body.pk] } });
    expect(cycle.status).toBe(400);
    const res = await t.call(`/fac/list/${nested.body.pk}/recipients/`, { token: advisor });
    expect(res.body.recipients.map((r: { kind: string; lastName: string }) => `${r.kind}:${r.lastName}`)).toEqual([
      'contact:Martin',
      'organization:Mairie de Bernin',
      'contact:Dubois',
      'contact:Ébrard',
      'contact:Benali',
    ]);
    const csv = await fetch(`${t.url}/api/v1/fac/list/${nested.body.pk}/recipients/?format=csv`, {
      headers: { Authorization: `JWT ${advisor}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [head, ...rows] = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][];
    expect(head).toEqual(['Nom', 'Prénom', 'Courriel', 'Accepte de recevoir des newsletters', 'Téléphone', 'Tags']);
    expect(rows.map((r) => r[0])).toEqual(['Martin', 'Mairie de Bernin', 'Dubois', 'Ébrard', 'Benali']);
    expect(rows[3][5]).toBe('Copropriété');
    expect(['Oui', 'Non']).toContain(rows[0][3]);
  });

  it('refuses the neighbour structure’s advisor and unknown formats', async () => {
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    expect([403, 404]).toContain((await t.call('/fac/list/1/recipients/', { token: neighbour })).status);
    expect((await t.call('/fac/list/1/recipients/', {})).status).toBe(401);
    const bad = await t.call('/fac/list/1/recipients/?format=pdf', { token: advisor });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Cette liste ne peut pas être exportée au format « pdf ».');
  });
});
