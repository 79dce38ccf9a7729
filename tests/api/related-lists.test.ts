import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Related lists (x-entity.related, schemas/README.md): a record's screen reads the related
// entity's list API filtered on the link. group → place links by place.groups, a list of pks
// that is not among place's declared list filters: the list API accepts it as a containment.
describe.each(DIALECTS)('related lists on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  const places = '/dialogwatt/place/';
  const createPlace = async (token: string, name: string, groups: number[], isActive = true) => {
    const res = await t.call(places, { method: 'POST', token, body: { name, groups, isActive } });
    expect(res.status).toBe(201);
    return res.body.pk as number;
  };
  const names = (body: { name: string }[]) => body.map((r) => r.name);

  it('describes the related lists the caller could read in the entity meta', async () => {
    const admin = await t.login('admin@demo.fr');
    const group = await t.call('/meta/entity/group', { token: admin });
    expect(group.body.related).toEqual([
      {
        entity: 'place',
        link: 'groups',
        title: 'Lieux de rendez-vous de la structure',
        columns: ['name', 'city', 'isActive'],
        sort: 'name',
        inlineCreate: true,
        perPage: 5,
        linkIsList: true,
      },
    ]);
    const appointment = await t.call('/meta/entity/appointment', { token: await t.login('conseiller@demo.fr') });
    expect(appointment.body.related).toMatchObject([
      { entity: 'exchange', link: 'appointment', inlineCreate: false, linkIsList: false },
    ]);
    // A white label without the booking module: its places are no related list there.
    const directory = await t.call('/meta/entity/group', { token: admin, domain: 'annuaire.localhost' });
    expect(directory.status).toBe(200);
    expect(directory.body.related).toEqual([]);
  });

  it('offers « Ajouter » only to who may ever create the related records', async () => {
    // Exchanges are created by administrators only: an advisor reads them, adds none.
    const advisor = await t.login('conseiller@demo.fr');
    const admin = await t.login('admin@demo.fr');
    const place = await t.call('/meta/entity/place', { token: advisor });
    expect(place.body.related).toMatchObject([{ entity: 'slot', link: 'place', inlineCreate: true }]);
    const pro = await t.call('/meta/entity/place', { token: await t.login('pro@demo.fr') });
    // A professional sees active places but may see no slot at all: no panel.
    expect(pro.status).toBe(200);
    expect(pro.body.related).toEqual([]);
    expect((await t.call('/meta/entity/appointment', { token: admin })).body.related).toMatchObject([
      { entity: 'exchange', inlineCreate: false },
    ]);
  });

  it('lists the records whose list of pks contains the record, with the rights, sort and pages', async () => {
    const admin = await t.login('admin@demo.fr');
    const ours = await createPlace(admin, 'Relié Alpha', [2]);
    await createPlace(admin, 'Relié Bêta', [3]);
    const both = await createPlace(admin, 'Relié Gamma', [2, 3]);
    const closed = await createPlace(admin, 'Relié Delta', [2], false);

    const all = await t.call(`${places}?groups=2&q=relie&sort=name`, { token: admin });
    expect(all.status).toBe(200);
    expect(names(all.body)).toEqual(['Relié Alpha', 'Relié Delta', 'Relié Gamma']);
    expect(all.body.map((r: { pk: number }) => r.pk)).toEqual([ours, closed, both]);
    const desc = await t.call(`${places}?groups=3&q=relie&sort=-name`, { token: admin });
    expect(names(desc.body)).toEqual(['Relié Gamma', 'Relié Bêta']);

    const page = await t.call(`${places}?groups=2&q=relie&sort=name&page=2&perPage=2`, { token: admin });
    expect(names(page.body)).toEqual(['Relié Gamma']);
    expect(page.headers.get('x-total-count')).toBe('3');

    // The view rule still applies: a visitor sees active places only.
    const anonymous = await t.call(`${places}?groups=2&q=relie&sort=name`);
    expect(anonymous.status).toBe(200);
    expect(names(anonymous.body)).toEqual(['Relié Alpha', 'Relié Gamma']);

    // A value no list can contain matches nothing, and is no error.
    for (const value of ['abc', '99999999999', '-1']) {
      const none = await t.call(`${places}?groups=${value}&q=relie`, { token: admin });
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);
    }
    // Only links and declared filters narrow a list: another property is not a filter.
    const city = await t.call(`${places}?q=relie&city=Nulle-part`, { token: admin });
    expect(names(city.body).sort()).toEqual(['Relié Alpha', 'Relié Bêta', 'Relié Delta', 'Relié Gamma']);
  });

  it('creates a related record with the link preset, under the related entity’s own create rule', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const created = await createPlace(advisor, 'Relié par un conseiller', [2]);
    const listed = await t.call(`${places}?groups=2&q=conseiller`, { token: advisor });
    expect(listed.body.map((r: { pk: number }) => r.pk)).toEqual([created]);
    // Another structure than the advisor's: refused, nothing stored.
    const refused = await t.call(places, {
      method: 'POST',
      token: advisor,
      body: { name: 'Relié ailleurs', groups: [3] },
    });
    expect(refused.status).toBe(403);
    const after = await t.call(`${places}?groups=3&q=ailleurs`, { token: advisor });
    expect(after.body).toEqual([]);
  });
});
