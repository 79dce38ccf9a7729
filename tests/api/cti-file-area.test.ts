import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// The telephony lookup (reference platform 8) finds, beside accounts, the file-area contacts and
// organisations the caller may see, on any of their phone fields, however the number is spelled.

type Rec = Record<string, unknown>;
const pks = (list: unknown) => (list as { pk: number }[]).map((r) => r.pk).sort((a, b) => a - b);

describe.each(DIALECTS)('telephony lookup of file-area records on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  async function post(path: string, who: string, body: Rec): Promise<Rec> {
    const res = await t.call(path, { method: 'POST', token: token[who], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Rec;
  }
  const cti = (phone: string, who: string) => t.call(`/cti/${encodeURIComponent(phone)}/`, { token: token[who] });

  let mine: Rec;
  let mineByMobile: Rec;
  let neighbours: Rec;
  let mineOrg: Rec;
  let inAddress: Rec;

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.pro = await t.login('pro@demo.fr');
    mine = await post('/fac/contact/', 'advisor', { firstName: 'Aline', lastName: 'Appel', phone: '04 76 55 12 34' });
    mineByMobile = await post('/fac/contact/', 'advisor', {
      firstName: 'Bruno',
      lastName: 'Appel',
      mobilePhone: '+33 4 76 55 12 34',
    });
    neighbours = await post('/fac/contact/', 'neighbour', {
      firstName: 'Carole',
      lastName: 'Voisine',
      phone: '0476551234',
    });
    mineOrg = await post('/fac/organization/', 'advisor', { name: 'Mairie appelante', fax: '04-76-55-12-34' });
    // The digits of the number inside another searched field do not make a caller.
    inAddress = await post('/fac/contact/', 'advisor', {
      firstName: 'Denis',
      lastName: 'Adresse',
      address: 'Lot 0476551234',
    });
  });

  it('finds the contacts and organisations of the caller’s structure whatever the spelling', async () => {
    for (const spelled of ['04 76 55 12 34', '04.76.55.12.34', '+33476551234', '0476551234']) {
      const res = await cti(spelled, 'advisor');
      expect(res.status, spelled).toBe(200);
      expect(res.body.phone).toBe('0476551234');
      expect(pks(res.body.contacts), spelled).toEqual(pks([mine, mineByMobile]));
      expect(pks(res.body.organizations), spelled).toEqual([mineOrg.pk]);
    }
    const found = (await cti('04 76 55 12 34', 'advisor')).body;
    expect(found.contacts.find((c: Rec) => c.pk === mine.pk)).toEqual({
      pk: mine.pk,
      name: 'Aline Appel',
      email: '',
      phones: ['04 76 55 12 34'],
    });
    expect(pks(found.contacts)).not.toContain(inAddress.pk);
    expect(pks(found.contacts)).not.toContain(neighbours.pk);
  });

  it('shows the neighbour structure only its own contact; the administrator sees both', async () => {
    const neighbour = (await cti('04.76.55.12.34', 'neighbour')).body;
    expect(pks(neighbour.contacts)).toEqual([neighbours.pk]);
    expect(neighbour.organizations).toEqual([]);
    const admin = (await cti('04 76 55 12 34', 'admin')).body;
    expect(pks(admin.contacts)).toEqual(pks([mine, mineByMobile, neighbours]));
  });

  it('refuses callers without staff rights and text that is not a number', async () => {
    expect((await cti('0476551234', 'pro')).status).toBe(403);
    expect((await cti('Appel', 'advisor')).status).toBe(404);
  });
});
