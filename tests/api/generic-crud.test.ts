import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { create } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';

describe.each(DIALECTS)('generic entity API on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  it(
    'answers rights per role: advisor 200 on places, ' + 'anonymous 401 and professional 403 on catchment areas',
    async () => {
      const advisor = await t.login('conseiller@demo.fr');
      const pro = await t.login('pro@demo.fr');
      expect((await t.call('/dialogwatt/place/', { token: advisor })).status).toBe(200);
      const anonymous = await t.call('/dialogwatt/catchment-area/');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('Vous devez vous connecter pour accéder à cette page.');
      const refused = await t.call('/dialogwatt/catchment-area/', { token: pro });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Vous n'avez pas la permission d'effectuer cette opération.");
    },
  );

  it('limits rows to the user scope: an advisor sees the catchment areas of their own structure only', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const other = await t.login('conseiller.voisin@demo.fr');
    const admin = await t.login('admin@demo.fr');
    const mine = (await t.call('/dialogwatt/catchment-area/', { token: advisor })).body as { group: number }[];
    const theirs = (await t.call('/dialogwatt/catchment-area/', { token: other })).body as { group: number }[];
    const all = (await t.call('/dialogwatt/catchment-area/', { token: admin })).body as unknown[];
    expect(mine.map((r) => r.group)).toEqual([2, 2]);
    expect(theirs.map((r) => r.group)).toEqual([3]);
    expect(all).toHaveLength(3);
    expect((await t.call('/dialogwatt/catchment-area/3/', { token: advisor })).status).toBe(403);
  });

  it('refuses an invalid POST with "Ce champ est obligatoire." on the missing field and writes nothing', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const before = (await t.call('/dialogwatt/place/', { token: advisor })).body.length;
    const res = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: advisor,
      body: { groups: [2], email: 'pas-un-courriel', url: 'ceci n est pas une url' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Erreur de validation. Au moins un champ est incorrect.');
    const byPath = Object.fromEntries(
      (res.body.errors as { path: string; code: string; message: string }[]).map((e) => [e.path, e]),
    );
    expect(byPath.name).toMatchObject({ code: 'required', message: 'Ce champ est obligatoire.' });
    expect(byPath.email).toMatchObject({ code: 'email' });
    expect(byPath.url).toMatchObject({ code: 'url', message: 'Ce champ doit être une URL valide.' });
    expect((await t.call('/dialogwatt/place/', { token: advisor })).body.length).toBe(before);
  });

  it('creates, reads, updates and deletes a place, with the slug made from the name', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const created = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: advisor,
      body: { pk: null, name: 'Permanence de Seyssinet', groups: [2], lat: 45.18, lon: 5.69 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Permanence de Seyssinet',
      slug: 'permanence-de-seyssinet',
      isActive: true,
      color: '#888888',
      groups: [2],
    });
    const pk = created.body.pk as number;
    const patched = await t.call(`/dialogwatt/place/${pk}/`, {
      method: 'PATCH',
      token: advisor,
      body: { postcode: '38170', city: 'Seyssinet-Pariset', lat: 45.1775 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Permanence de Seyssinet', postcode: '38170', lat: 45.1775 });
    expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));
    const read = await t.call(`/dialogwatt/place/${pk}/`, { token: advisor });
    expect(read.body.city).toBe('Seyssinet-Pariset');
    const deleted = await t.call(`/dialogwatt/place/${pk}/`, { method: 'DELETE', token: advisor });
    expect(deleted.status).toBe(200);
    expect((await t.call(`/dialogwatt/place/${pk}/`, { token: advisor })).status).toBe(404);
    expect((await t.call(`/dialogwatt/place/${pk}/`, { method: 'DELETE', token: advisor })).status).toBe(404);
  });

  it('checks rights with the record: an advisor cannot create or move a place into another structure', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    expect(
      (await t.call('/dialogwatt/place/', { method: 'POST', token: advisor, body: { name: 'Ailleurs', groups: [3] } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('/dialogwatt/place/1/', { method: 'PATCH', token: advisor, body: { groups: [3] } })).status,
    ).toBe(403);
    expect(
      (await t.call('/dialogwatt/place/4/', { method: 'PATCH', token: advisor, body: { name: 'Pris' } })).status,
    ).toBe(403);
    const unchanged = await t.call('/dialogwatt/place/1/', { token: advisor });
    expect(unchanged.body.groups).toEqual([2]);
  });

  it('validates relations and cross-field checks with French messages', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const missing = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: advisor,
      body: { name: 'X', groups: [2, 999] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({
      path: 'groups',
      code: 'relation_missing',
      message: "L'élément 999 n'existe pas.",
    });
    const downtime = await t.call('/dialogwatt/advisor-downtime/', {
      method: 'POST',
      token: advisor,
      body: { name: 'Absence', advisor: 3, startDate: '2027-01-10T10:00:00.000Z', endDate: '2027-01-09T10:00:00.000Z' },
    });
    expect(downtime.status).toBe(400);
    expect(downtime.body.errors).toEqual([
      expect.objectContaining({ path: 'endDate', message: 'La date de fin doit être postérieure à la date de début.' }),
    ]);
    const notification = await t.call('/dialogwatt/notification/', {
      method: 'POST',
      token: advisor,
      body: {
        name: 'N',
        group: 2,
        trigger: 'created_account',
        term: 'delayed',
        termDays: 0,
        termTime: '10:00',
        to: 'contact',
        smsIsActive: false,
        mailIsActive: false,
      },
    });
    expect(notification.status).toBe(400);
    const messages = (notification.body.errors as { message: string }[]).map((e) => e.message);
    expect(messages).toContain('Les notifications de création de compte doivent utiliser un délai instantané');
    expect(messages).toContain('Au moins une notification doit être active');
  });

  it('fills the advisor downtime structure from the advisor, so group rights apply', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const res = await t.call('/dialogwatt/advisor-downtime/', {
      method: 'POST',
      token: advisor,
      body: {
        name: 'Formation',
        advisor: 4,
        startDate: '2027-02-01T08:00:00.000Z',
        endDate: '2027-02-01T17:00:00.000Z',
        group: 3,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.group).toBe(2);
    const foreign = await t.call('/dialogwatt/advisor-downtime/', {
      method: 'POST',
      token: advisor,
      body: {
        name: 'Formation',
        advisor: 8,
        startDate: '2027-02-01T08:00:00.000Z',
        endDate: '2027-02-01T17:00:00.000Z',
      },
    });
    // Another structure's advisor is not one this advisor may see (issue 25): refused as if absent.
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ path: 'advisor', code: 'relation_missing' })]);
  });

  it('resets the values of fields hidden by a visibility rule', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const res = await t.call('/dialogwatt/notification/', {
      method: 'POST',
      token: advisor,
      body: {
        name: 'Immédiate',
        group: 2,
        trigger: 'created_client',
        term: 'immediate',
        termDays: 12,
        to: 'contact',
        smsIsActive: true,
        smsMessage: 'Bonjour {contact}',
        mailIsActive: false,
        mailSubject: 'ignoré',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.termDays).toBe(0);
    expect(res.body.mailSubject).toBe('');
    const missingSms = await t.call('/dialogwatt/notification/', {
      method: 'POST',
      token: advisor,
      body: {
        name: 'Sans texte',
        group: 2,
        trigger: 'created_client',
        term: 'immediate',
        to: 'contact',
        smsIsActive: true,
        mailIsActive: false,
      },
    });
    expect(missingSms.status).toBe(400);
    expect(missingSms.body.errors).toEqual([expect.objectContaining({ path: 'smsMessage', code: 'required' })]);
  });

  it('searches, sorts and paginates with the total in X-Total-Count', async () => {
    const admin = await t.login('admin@demo.fr');
    const page = await t.call('/dialogwatt/place/?page=1&perPage=2&sort=-name', { token: admin });
    expect(page.headers.get('x-total-count')).toBe('4');
    expect((page.body as { name: string }[]).map((p) => p.name)).toEqual([
      'Permanence de Fontaine',
      "Permanence d'Échirolles",
    ]);
    const second = await t.call('/dialogwatt/place/?page=2&perPage=2&sort=-name', { token: admin });
    expect((second.body as { name: string }[]).map((p) => p.name)).toEqual([
      'Espace Conseil de la vallée',
      'Espace Conseil de Grenoble',
    ]);
    const search = await t.call('/dialogwatt/place/?q=grenoble', { token: admin });
    expect((search.body as { name: string }[]).map((p) => p.name)).toEqual(['Espace Conseil de Grenoble']);
    const inactive = await t.call('/dialogwatt/place/?isActive=false', { token: admin });
    expect((inactive.body as { name: string }[]).map((p) => p.name)).toEqual(['Permanence de Fontaine']);
    const anonymous = await t.call('/dialogwatt/place/');
    expect((anonymous.body as { isActive: boolean }[]).every((p) => p.isActive)).toBe(true);
  });

  it('answers one page of a list asked without page or perPage: 50 rows, at most 200 per page (issue 25)', async () => {
    const admin = await t.login('admin@demo.fr');
    const system = systemContext(t.app);
    const before = Number((await t.call('/fac/tag/?perPage=1', { token: admin })).headers.get('x-total-count'));
    for (let i = 0; i < 230; i++)
      await create(system, 'tag', { owningGroup: 3, name: `Étiquette ${String(i).padStart(3, '0')}` });
    const total = String(before + 230);
    const first = await t.call('/fac/tag/', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(50);
    expect(first.headers.get('x-total-count')).toBe(total);
    const most = await t.call('/fac/tag/?perPage=100000', { token: admin });
    expect(most.body).toHaveLength(200);
    expect(most.headers.get('x-total-count')).toBe(total);
    const last = await t.call(`/fac/tag/?perPage=200&page=${Math.ceil((before + 230) / 200)}`, { token: admin });
    expect(last.body.length).toBe((before + 230) % 200 || 200);
  });

  it('serves cached store lists with all, collection and lastUpdatedAt', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const full = await t.call('/dialogwatt/reason/', {
      token: advisor,
      headers: { 'limit-to-objects-after': 'not-a-number' },
    });
    expect(full.status).toBe(200);
    expect(full.body.all).toEqual(full.body.collection.map((r: { pk: number }) => r.pk));
    expect(full.body.lastUpdatedAt).toBeGreaterThan(0);
    const none = await t.call('/dialogwatt/reason/', {
      token: advisor,
      headers: { 'limit-to-objects-after': String(full.body.lastUpdatedAt) },
    });
    expect(none.body.collection).toEqual([]);
    expect(none.body.all).toEqual(full.body.all);
    await new Promise((r) => setTimeout(r, 5));
    await t.call('/dialogwatt/reason/2/', { method: 'PATCH', token: advisor, body: { duration: 50 } });
    const changed = await t.call('/dialogwatt/reason/', {
      token: advisor,
      headers: { 'limit-to-objects-after': String(full.body.lastUpdatedAt) },
    });
    expect(changed.body.collection.map((r: { pk: number }) => r.pk)).toEqual([2]);
    expect(changed.body.lastUpdatedAt).toBeGreaterThan(full.body.lastUpdatedAt);
  });

  it('answers 404 for unknown records and paths, 413 for bodies over 25 MiB, 400 for broken JSON', async () => {
    const admin = await t.login('admin@demo.fr');
    expect((await t.call('/dialogwatt/place/9999/', { token: admin })).body).toEqual({
      error: 'not_found',
      message: 'Enregistrement non trouvé.',
    });
    expect((await t.call('/dialogwatt/place/abc/', { token: admin })).status).toBe(404);
    expect((await t.call('/nothing-here/', { token: admin })).status).toBe(404);
    const big = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: admin,
      headers: { 'Content-Type': 'application/json' },
      rawBody: `{"name":"${'x'.repeat(26 * 1024 * 1024)}"}`,
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Erreur. Le document envoyé est trop volumineux.');
    const broken = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: admin,
      headers: { 'Content-Type': 'application/json' },
      rawBody: '{"name": ',
    });
    expect(broken.status).toBe(400);
  });

  it('refuses to delete a record that others still use, and says which', async () => {
    const admin = await t.login('admin@demo.fr');
    const unused = await t.call('/dialogwatt/reason/', {
      method: 'POST',
      token: admin,
      body: { name: 'Motif inutilisé', group: 2, duration: 30 },
    });
    const res = await t.call(`/dialogwatt/reason/${unused.body.pk}/`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(200);
    // The demo's slots and appointments offer reason 1.
    const used = await t.call('/dialogwatt/reason/1/', { method: 'DELETE', token: admin });
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/créneaux/);
    const group = await t.call('/accounts/group/3/', { method: 'DELETE', token: admin });
    expect(group.status).toBe(409);
    expect(group.body.message).toMatch(/^Suppression impossible : cet enregistrement est utilisé par /);
  });

  it('serves the OpenAPI document and the version', async () => {
    const docs = await t.call('/api/docs');
    expect(docs.body.openapi).toBe('3.1.0');
    expect(docs.body.paths['/api/v1/dialogwatt/place/']).toBeDefined();
    // Served exactly as generated: generators/gen-openapi.test.ts checks that file with
    // @seriousme/openapi-schema-validator and @apidevtools/swagger-parser (issue 15).
    const generated = readFileSync(resolve(import.meta.dirname, '../../server/generated/openapi.json'), 'utf8');
    expect((await t.call('/api/docs.json')).body).toEqual(JSON.parse(generated));
    const infos = await t.call('/app_infos');
    expect(infos.body.version).toBe(infos.headers.get('x-server-version'));
  });
});
