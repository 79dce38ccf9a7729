import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Slugs are public URLs (booking links by place, structures' pages): new ones spell ligatures
// out, stored ones never change, even when the record is renamed.
describe.each(DIALECTS)('slugs made from names on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });
  const place = async (method: 'POST' | 'PATCH', body: Record<string, unknown>, pk?: number) => {
    const token = await t.login('conseiller@demo.fr');
    return t.call(`/dialogwatt/place/${pk ? `${pk}/` : ''}`, { method, token, body });
  };
  const group = async (method: 'POST' | 'PATCH', body: Record<string, unknown>, pk?: number) => {
    const token = await t.login('manager@demo.fr');
    return t.call(`/accounts/group/${pk ? `${pk}/` : ''}`, { method, token, body });
  };

  it('makes "coeur-de-savoie" and "oeuvre" of new records (the old helper: "c-ur-de-savoie", "uvre")', async () => {
    const created = await place('POST', { name: 'Cœur de Savoie', groups: [2] });
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe('coeur-de-savoie');
    const structure = await group('POST', { name: 'Œuvre', adminGroup: 1 });
    expect(structure.status).toBe(201);
    expect(structure.body.slug).toBe('oeuvre');
    expect((await place('POST', { name: 'Cœur  de  Savoie', groups: [2] })).body.slug).toBe('coeur-de-savoie-2');
  });

  it('keeps a stored slug when the record is renamed, including one the old helper made', async () => {
    // A place saved before the change, with the slug the old helper gave it.
    const old = await place('POST', { name: 'Sœurs de Chartreuse', slug: 's-urs-de-chartreuse', groups: [2] });
    expect(old.body.slug).toBe('s-urs-de-chartreuse');
    const renamed = await place('PATCH', { name: 'Sœurs de la Chartreuse' }, old.body.pk);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Sœurs de la Chartreuse', slug: 's-urs-de-chartreuse' });
    const structure = await group('POST', { name: 'Cœur de Chartreuse', adminGroup: 1 });
    const renamedGroup = await group('PATCH', { name: 'Cœur de la Chartreuse' }, structure.body.pk);
    expect(renamedGroup.status).toBe(200);
    expect(renamedGroup.body).toMatchObject({ name: 'Cœur de la Chartreuse', slug: 'coeur-de-chartreuse' });
    // Clearing an editable slug is asking for a new one, made from the current name.
    expect((await place('PATCH', { slug: '' }, old.body.pk)).body.slug).toBe('soeurs-de-la-chartreuse');
  });
});
