import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// The file area's records (docs/file-area.md): an advisor works on the contacts and
// organisations of their structure — list, search by words, phone number and postcode, create,
// edit, delete — and cannot reach the neighbour structure's; an administrator sees both; a bad
// input is refused in French and writes nothing; what hangs on a contact goes with it.

type Rec = Record<string, unknown>;
const pks = (body: unknown) => (body as { pk: number }[]).map((r) => r.pk);

describe.each(DIALECTS)('file-area records on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.client = await t.login('client@demo.fr');
  });

  async function post(path: string, who: string, body: Rec): Promise<Rec> {
    const res = await t.call(path, { method: 'POST', token: token[who], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Rec;
  }

  const tag = `${dialect}x`;
  let mine: Rec;
  let other: Rec;
  let mineOrg: Rec;
  let otherOrg: Rec;

  beforeAll(async () => {
    mine = await post('/fac/contact/', 'advisor', {
      civility: 'Mme',
      firstName: 'Hélène',
      lastName: `Ébrard${tag}`,
      email: `helene.${tag}@example.org`,
      address: '12 rue des Alpes',
      zipcode: '38190',
      town: 'Bernin',
      phone: '0476314159',
      mobilePhone: '+33 6 53 58 97 93',
    });
    other = await post('/fac/contact/', 'neighbour', {
      civility: 'M.',
      firstName: 'Hélène',
      lastName: `Voisin${tag}`,
      zipcode: '38190',
      phone: '04 76 31 41 58',
    });
    mineOrg = await post('/fac/organization/', 'advisor', {
      name: `Mairie de Bernin ${tag}`,
      typeOfOrganization: 'Commune',
      zipcode: '38190',
      phone: '04.76.27.18.28',
    });
    otherOrg = await post('/fac/organization/', 'neighbour', {
      name: `Mairie de Crolles ${tag}`,
      typeOfOrganization: 'Commune',
      zipcode: '38190',
    });
  });

  it('creates in the author’s structure, phones in national form', () => {
    expect(mine.owningGroup).toBe(2);
    expect(other.owningGroup).toBe(3);
    expect(mine.phone).toBe('04 76 31 41 59');
    expect(mine.mobilePhone).toBe('06 53 58 97 93');
    expect(mineOrg.phone).toBe('04 76 27 18 28');
    expect(mineOrg.typeOfOrganization).toBe('Commune');
  });

  it('lists and searches only the advisor’s structure: words, a phone with spaces, a postcode', async () => {
    const search = async (path: string, q: string, who = 'advisor') => {
      const res = await t.call(`${path}?q=${encodeURIComponent(q)}&perPage=200`, { token: token[who] });
      expect(res.status).toBe(200);
      return pks(res.body);
    };
    const all = await t.call('/fac/contact/?perPage=200', { token: token.advisor });
    expect(pks(all.body)).toContain(mine.pk);
    expect(pks(all.body)).not.toContain(other.pk);
    // Every word must match, accents and case aside.
    expect(await search('/fac/contact/', `helene ebrard${tag}`)).toEqual([mine.pk]);
    expect(await search('/fac/contact/', `helene bernin ebrard${tag}`)).toEqual([mine.pk]);
    expect(await search('/fac/contact/', `helene grenoble ebrard${tag}`)).toEqual([]);
    // A phone number however it is written, stored however it was typed.
    for (const q of ['04 76 31 41 59', '0476314159', '04.76.31.41.59', '+33 4 76 31 41 59', '06 53 58 97 93'])
      expect(await search('/fac/contact/', q), q).toEqual([mine.pk]);
    expect(await search('/fac/contact/', '04 76 31 41 58')).toEqual([]);
    expect(await search('/fac/contact/', '04 76 31 41 58', 'neighbour')).toEqual([other.pk]);
    // A postcode is a postcode, not a phone number.
    expect(await search('/fac/contact/', `38190 ebrard${tag}`)).toEqual([mine.pk]);
    expect(await search('/fac/organization/', `38190 ${tag}`)).toEqual([mineOrg.pk]);
    expect(await search('/fac/organization/', '04 76 27 18 28')).toEqual([mineOrg.pk]);
    // The administrator sees both structures.
    expect((await search('/fac/contact/', `helene ${tag}`, 'admin')).sort()).toEqual([mine.pk, other.pk].sort());
    expect((await search('/fac/organization/', `mairie ${tag}`, 'admin')).sort()).toEqual(
      [mineOrg.pk, otherOrg.pk].sort(),
    );
  });

  it('refuses the neighbour structure’s records (403) and unknown ones (404)', async () => {
    for (const [path, rec] of [
      ['/fac/contact/', other],
      ['/fac/organization/', otherOrg],
    ] as const) {
      const url = `${path}${rec.pk}/`;
      expect((await t.call(url, { token: token.advisor })).status).toBe(403);
      expect((await t.call(url, { method: 'PATCH', token: token.advisor, body: { town: 'X' } })).status).toBe(403);
      expect((await t.call(url, { method: 'DELETE', token: token.advisor })).status).toBe(403);
      expect((await t.call(url, { token: token.admin })).status).toBe(200);
      expect((await t.call(`${path}99999999/`, { token: token.advisor })).status).toBe(404);
      expect((await t.call(path, { token: token.client })).status).toBe(403);
    }
    // Creating in the neighbour's structure is refused too.
    const res = await t.call('/fac/contact/', {
      method: 'POST',
      token: token.advisor,
      body: { owningGroup: 3, firstName: 'A', lastName: 'B' },
    });
    expect(res.status).toBe(403);
  });

  it('edits and refuses bad input in French without writing anything', async () => {
    const url = `/fac/contact/${mine.pk}/`;
    const ok = await t.call(url, { method: 'PATCH', token: token.advisor, body: { town: 'Crolles', fax: '' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.town).toBe('Crolles');
    const bad = await t.call(url, {
      method: 'PATCH',
      token: token.advisor,
      body: { email: 'pas-un-courriel', phone: '12', civility: 'O', lastName: '' },
    });
    expect(bad.status).toBe(400);
    const errors = Object.fromEntries((bad.body.errors as { path: string; message: string }[]).map((e) => [e.path, e]));
    expect(Object.keys(errors).sort()).toEqual(['civility', 'email', 'lastName', 'phone']);
    expect(errors.lastName.message).toBe('Ce champ est obligatoire.');
    for (const e of Object.values(errors)) expect(e.message).toMatch(/[a-zé]/);
    const after = await t.call(url, { token: token.advisor });
    expect(after.body.town).toBe('Crolles');
    expect(after.body.email).toBe(mine.email);
    expect(after.body.phone).toBe('04 76 31 41 59');
    // A note on a contact of another structure is refused as if the contact did not exist.
    const note = await t.call('/fac/note/', {
      method: 'POST',
      token: token.advisor,
      body: { contact: other.pk, note: 'Essai' },
    });
    expect(note.status).toBe(400);
    expect(note.body.errors[0].path).toBe('contact');
    // A NUL character is refused before the tag's uniqueness check reads the database (PostgreSQL
    // refuses it in a query: it was a 500 found by the write fuzz).
    const tags = (await t.call('/fac/tag/', { token: token.advisor })).body as { pk: number }[];
    const nul = await t.call(`/fac/tag/${tags[0].pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { name: 'a\u0000' },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].path).toBe('name');
  });

  it('keeps records of one structure together and deletes what hangs on a contact with it', async () => {
    const c = await post('/fac/contact/', 'advisor', { firstName: 'Paul', lastName: `Suppr${tag}` });
    // No e-mail and no phone: an incomplete entry, computed after the save.
    const incomplete = await t.call(`/fac/incomplete-model/?contact=${c.pk}`, { token: token.advisor });
    expect((incomplete.body as Rec[]).map((r) => r.fields)).toEqual([['Courriel/Téléphone']]);
    const membership = await post('/fac/member-of-organization/', 'advisor', {
      contact: c.pk,
      organization: mineOrg.pk,
      titleInOrganization: 'Secrétaire',
    });
    expect(membership.owningGroup).toBe(2);
    const mixed = await t.call('/fac/member-of-organization/', {
      method: 'POST',
      token: token.admin,
      body: { contact: c.pk, organization: otherOrg.pk },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors[0].message).toBe("La structure n'appartient pas à ce groupe");
    const tagRec = await post('/fac/tag/', 'advisor', { name: `Copropriété ${tag}` });
    const dup = await t.call('/fac/tag/', {
      method: 'POST',
      token: token.advisor,
      body: { name: `copropriété ${tag}` },
    });
    expect(dup.status).toBe(400);
    await t.call(`/fac/contact/${c.pk}/`, { method: 'PATCH', token: token.advisor, body: { tags: [tagRec.pk] } });
    const list = await post('/fac/list/', 'advisor', { title: `Liste ${tag}`, contacts: [c.pk], tags: [tagRec.pk] });
    const cycle = await post('/fac/list/', 'advisor', { title: `Sur-liste ${tag}`, lists: [list.pk] });
    const loop = await t.call(`/fac/list/${list.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { lists: [cycle.pk] },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.errors[0].message).toBe(
      `Vous ne pouvez pas inclure une liste (Sur-liste ${tag}) qui inclue déjà cette liste !`,
    );
    const note = await post('/fac/note/', 'advisor', { contact: c.pk, note: '<p>Rappeler lundi</p>' });
    expect(note.creator).toBe(3);
    const reminder = await post('/fac/reminder/', 'advisor', {
      note: note.pk,
      date: '2031-03-03',
      recurrences: 'RRULE:FREQ=MONTHLY',
    });
    expect([reminder.owningGroup, reminder.contact]).toEqual([2, c.pk]);
    const consent = await post('/fac/contact-consent/', 'advisor', { contact: c.pk, allowToKeepData: true });
    expect(consent.owningGroup).toBe(2);

    const gone = await t.call(`/fac/contact/${c.pk}/`, { method: 'DELETE', token: token.advisor });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    for (const path of [
      `/fac/note/${note.pk}/`,
      `/fac/reminder/${reminder.pk}/`,
      `/fac/member-of-organization/${membership.pk}/`,
      `/fac/contact-consent/${consent.pk}/`,
    ])
      expect((await t.call(path, { token: token.advisor })).status, path).toBe(404);
    const kept = await t.call(`/fac/list/${list.pk}/`, { token: token.advisor });
    expect(kept.body.contacts).toEqual([]);
    expect(kept.body.tags).toEqual([tagRec.pk]);
    const left = await t.call(`/fac/incomplete-model/?contact=${c.pk}`, { token: token.advisor });
    expect(left.body).toEqual([]);
  });

  it('deletes an organisation of the advisor’s structure', async () => {
    const o = await post('/fac/organization/', 'advisor', { name: `À supprimer ${tag}` });
    const res = await t.call(`/fac/organization/${o.pk}/`, { method: 'DELETE', token: token.advisor });
    expect(res.status).toBe(200);
    expect((await t.call(`/fac/organization/${o.pk}/`, { token: token.advisor })).status).toBe(404);
  });
});
