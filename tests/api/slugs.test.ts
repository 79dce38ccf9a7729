import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Slugs are public URLs (booking links by place, structures' pages): new ones spell ligatures
// out, stored ones never change, even when the record is renamed.
describe.each(DIALECTS)('slugs made from names on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => { t = app; });

  it('makes "coeur-de-savoie" and "oeuvre" of new records (the old helper made "c-ur-de-savoie" and "uvre")', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const place = await t.call('/dialogwatt/place/', { method: 'POST', token: advisor, body: { name: 'Cœur de Savoie', groups: [2] } });
    expect(place.status).toBe(201);
    expect(place.body.slug).toBe('coeur-de-savoie');
    const manager = await t.login('manager@demo.fr');
    const group = await t.call('/accounts/group/', { method: 'POST', token: manager, body: { name: 'Œuvre', adminGroup: 1 } });
    expect(group.status).toBe(201);
    expect(group.body.slug).toBe('oeuvre');
    const again = await t.call('/dialogwatt/place/', { method: 'POST', token: advisor, body: { name: 'Cœur  de  Savoie', groups: [2] } });
    expect(again.body.slug).toBe('coeur-de-savoie-2');
  });

  it('keeps a stored slug when the record is renamed, including one the old helper made', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    // A place saved before the change, with the slug the old helper gave it.
    const old = await t.call('/dialogwatt/place/', { method: 'POST', token: advisor, body: { name: 'Sœurs de Chartreuse', slug: 's-urs-de-chartreuse', groups: [2] } });
    expect(old.body.slug).toBe('s-urs-de-chartreuse');
    const renamed = await t.call(`/dialogwatt/place/${old.body.pk}/`, { method: 'PATCH', token: advisor, body: { name: 'Sœurs de la Chartreuse' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Sœurs de la Chartreuse', slug: 's-urs-de-chartreuse' });
    const manager = await t.login('manager@demo.fr');
    const group = await t.call('/accounts/group/', { method: 'POST', token: manager, body: { name: 'Cœur de Chartreuse', adminGroup: 1 } });
    const renamedGroup = await t.call(`/accounts/group/${group.body.pk}/`, { method: 'PATCH', token: manager, body: { name: 'Cœur de la Chartreuse' } });
    expect(renamedGroup.status).toBe(200);
    expect(renamedGroup.body).toMatchObject({ name: 'Cœur de la Chartreuse', slug: 'coeur-de-chartreuse' });
    // Clearing an editable slug is asking for a new one, made from the current name.
    const cleared = await t.call(`/dialogwatt/place/${old.body.pk}/`, { method: 'PATCH', token: advisor, body: { slug: '' } });
    expect(cleared.body.slug).toBe('soeurs-de-la-chartreuse');
  });
});
