import { describe, expect, it } from 'vitest';
import { checkDeclarations, labelsAgree } from './check-declarations';
import { loadDeclarations } from '../../server/schema/load-declarations';
import { buildRegistry } from './registry';

describe('checkDeclarations', () => {
  it('finds no problem in the project schemas', () => {
    expect(checkDeclarations(loadDeclarations())).toEqual([]);
  });

  it('reports unknown fields, relations, operators, routes and messages', () => {
    const d = loadDeclarations();
    const place = d.entities.find((e) => e['x-entity'].name === 'place')!;
    place['x-entity'].list!.columns = ['name', 'ghost'];
    place.properties.groups['x-relation'] = { entity: 'nowhere' };
    place['x-entity'].rights.view = { eval: ['x'] };
    place['x-entity'].checks = [{ rule: true, message: 'entity.place.missing' }];
    d.menus[0].entries.push({ id: 'broken', label: 'Cassé', route: 'NoSuchRoute' });
    place['x-entity'].menu!.label = 'Lieux';
    place['x-entity'].screens!.title = 'Gestion des lieux';
    const problems = checkDeclarations(d);
    expect(problems).toEqual(
      expect.arrayContaining([
        'entity place: list field ghost is not a property',
        'entity place.groups: relation to unknown entity nowhere',
        'entity place right view: operator "eval" is not allowed',
        'entity place: message entity.place.missing is missing from messages/fr',
        `menu ${d.menus[0].audience}/broken: unknown route NoSuchRoute`,
        'entity place: menu label « Lieux » and screen title « Gestion des lieux » disagree',
      ]),
    );
  });

  it('accepts « related » in a view right only, on a stored relation to the entity, and checks its rule', () => {
    const d = loadDeclarations();
    const place = d.entities.find((e) => e['x-entity'].name === 'place')!;
    place['x-entity'].rights.view = {
      or: [
        { related: ['slot', 'place', { in: [{ var: 'record.group' }, { var: 'user.scopeGroups' }] }] },
        { related: ['slot', 'place', { '==': [{ var: 'record.ghost' }, 1] }] },
        { related: ['slot', 'advisors'] },
        { related: ['nowhere', 'place'] },
      ],
    };
    place['x-entity'].rights.change = { related: ['slot', 'place'] };
    expect(checkDeclarations(d)).toEqual(
      expect.arrayContaining([
        'entity place right view related slot: record.ghost is not a property',
        'entity place right view: "related" link slot.advisors is not a stored relation to place',
        'entity place right view: "related" names an unknown entity nowhere',
        'entity place right change: "related" is allowed in a view right only',
      ]),
    );
    expect(checkDeclarations(d).filter((p) => p.includes('slot.place'))).toEqual([]);
  });

  it('refuses a file property that is not an object, has properties, is searched, and x-file without a file', () => {
    const d = loadDeclarations();
    const place = d.entities.find((e) => e['x-entity'].name === 'place')!;
    place.properties.accessMap = { ...place.properties.accessMap, type: 'string' };
    place.properties.name = { ...place.properties.name, 'x-file': { maxBytes: 10 } };
    place.properties.plan = {
      type: 'object',
      title: 'Plan',
      format: 'file',
      properties: {},
      'x-storage': { unique: true },
    };
    place['x-entity'].list!.search = ['name', 'plan'];
    expect(checkDeclarations(d)).toEqual(
      expect.arrayContaining([
        'entity place.accessMap: a file property has type object or [object, null]',
        'entity place.name: x-file without format: file',
        'entity place.plan: a file property declares no properties (its shape is the file reference)',
        'entity place.plan: a file property is stored in its own column, neither virtual, private nor unique',
        'entity place.plan: a file property is not searched or sorted',
      ]),
    );
  });

  it('refuses a soft delete on an unknown field, to a value that is not a choice, or on an unfiltered field', () => {
    const d = loadDeclarations();
    const of = (name: string) => d.entities.find((e) => e['x-entity'].name === name)!['x-entity'];
    of('slot').api!.softDelete = { field: 'state', value: 'cancelled' };
    of('appointment').api!.softDelete = { field: 'status', value: 'deleted' };
    of('exchange').api!.softDelete = { field: 'messageType', value: 'chat' };
    of('exchange').list!.filters = ['group'];
    expect(checkDeclarations(d)).toEqual([
      'entity appointment: softDelete value deleted is not a choice of status',
      'entity exchange: softDelete field messageType must be a list filter (to list soft-deleted records)',
      'entity exchange: softDelete needs labels.delete (what the delete action says)',
      'entity slot: softDelete field state is not a property',
    ]);
  });

  it('checks list maps, states, ranges, menu badges and « add to an existing » related lists', () => {
    const d = loadDeclarations();
    const of = (name: string) => d.entities.find((e) => e['x-entity'].name === name)!['x-entity'];
    of('contact').list!.map = { lat: 'town', lon: 'lon', label: ['lat'] };
    of('reminder').list!.states = [
      { name: 'done', label: 'État', options: [{ value: 'x', label: 'X', if: { '==': [{ var: 'record.nope' }, 1] } }] },
    ];
    of('reminder').list!.ranges = ['done'];
    of('incomplete-entry').menu!.badge = { label: 'à voir', filters: { fields: 'x' } };
    of('contact').related!.find((r) => r.entity === 'membership')!.addExisting = { label: 'Ajouter' };
    const problems = checkDeclarations(d);
    expect(problems).toEqual(
      expect.arrayContaining([
        'entity contact: list map town is not a number property',
        'entity contact: list map label lat is not a text property',
        'entity reminder: list state done has the name of a property',
        'entity reminder list state done.x: record.nope is not a property',
        'entity reminder: list range done is not a date property',
        'entity incomplete-entry: menu badge filter fields is not a list filter',
        'entity contact: related membership.contact: addExisting needs contact a writable list of pks',
      ]),
    );
  });

  it('wants the delete texts of a soft-deleted entity, and only of one', () => {
    const d = loadDeclarations();
    const of = (name: string) => d.entities.find((e) => e['x-entity'].name === name)!['x-entity'];
    delete of('appointment').labels.delete;
    of('place').labels.delete = {
      action: 'Archiver le lieu',
      keep: 'Garder',
      confirm: 'Archiver « {label} » ?',
      done: 'Archivé.',
    };
    expect(checkDeclarations(d)).toEqual([
      'entity appointment: softDelete needs labels.delete (what the delete action says)',
      'entity place: labels.delete is for soft-deleted entities (api.softDelete)',
    ]);
  });

  it('refuses a rule that SQL cannot express exactly, and a secret-link entity that could be listed', () => {
    const d = loadDeclarations();
    const place = d.entities.find((e) => e['x-entity'].name === 'place')!;
    place['x-entity'].rights.view = { or: [{ role: ['staff'] }, { missing: ['record.email'] }] };
    place.properties.selectedAdvisors['x-relation']!.filter = {
      '==': [{ var: ['record.userType', 'advisor'] }, 'advisor'],
    };
    const store = d.entities.find((e) => e['x-entity'].name === 'pdf-temp-store')!;
    store['x-entity'].api = { path: 'pdf-store', actions: ['list', 'create'] };
    const problems = checkDeclarations(d);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^entity place: view right cannot become a list filter/),
        expect.stringMatching(
          /^entity place: selectedAdvisors relation filter cannot become a list filter \(a default value/,
        ),
        'entity pdf-temp-store: a secret-link entity is read by its secret only; its API may only create (found list)',
      ]),
    );
  });

  it('checks a calendar block: date-time start and end, a title, a colour it can find, an hour range', () => {
    const d = loadDeclarations();
    const downtime = d.entities.find((e) => e['x-entity'].name === 'advisor-downtime')!;
    downtime['x-entity'].screens!.calendar = {
      start: 'name',
      end: 'ghost',
      title: 'nothing',
      color: 'group',
      dayStart: '20:00',
      dayEnd: '08:00',
    };
    expect(checkDeclarations(d)).toEqual([
      'entity advisor-downtime: calendar start name is not a date-time property',
      'entity advisor-downtime: calendar end ghost is not a property',
      'entity advisor-downtime: calendar title nothing is not a property',
      'entity advisor-downtime: calendar color group points to group, which has no color property',
      'entity advisor-downtime: calendar dayStart must be before dayEnd',
    ]);
    downtime['x-entity'].screens!.calendar = { start: 'startDate', end: 'endDate', title: 'name', color: 'comment' };
    expect(checkDeclarations(d)).toEqual([
      'entity advisor-downtime: calendar color comment is neither a colour nor a relation',
    ]);
  });

  it('checks related lists: an entity with a list API, a link that is a stored relation to this entity', () => {
    const d = loadDeclarations();
    const of = (name: string) => d.entities.find((e) => e['x-entity'].name === name)!['x-entity'];
    of('place').related = [
      { entity: 'nowhere', link: 'place' },
      { entity: 'slot', link: 'reasons' },
      { entity: 'slot', link: 'ghost' },
      { entity: 'slot', link: 'place', columns: ['text', 'nothing'], sort: '-description' },
      { entity: 'slot', link: 'place' },
    ];
    of('group').related = [
      { entity: 'exchange', link: 'group', inlineCreate: true },
      { entity: 'appointment', link: 'group', inlineCreate: true },
      { entity: 'pdf-temp-store', link: 'group' },
      { entity: 'place', link: 'groups', inlineCreate: true },
    ];
    expect(checkDeclarations(d)).toEqual([
      'entity group: related exchange.group: inlineCreate needs the create action of exchange',
      'entity group: related appointment.group: inlineCreate needs group writable (it is read-only)',
      'entity group: related pdf-temp-store.group: pdf-temp-store has no list API',
      'entity group: related pdf-temp-store.group: pdf-temp-store is read by secret link only',
      'entity group: related pdf-temp-store.group: group is not a property of pdf-temp-store',
      'entity place: related nowhere.place: unknown entity nowhere',
      'entity place: related slot.reasons: reasons is not a relation to place',
      'entity place: related slot.ghost: ghost is not a property of slot',
      'entity place: related slot.place: column nothing is not a property of slot',
      "entity place: related slot.place: sort description is not sortable in slot's list",
      'entity place: related slot.place is declared twice',
    ]);
  });

  it('accepts the link of a related list as a list filter of the related entity', () => {
    const registry = buildRegistry(loadDeclarations());
    // place.groups is a list (containment), slot.place an integer (equality); neither needs list.filters.
    expect(registry.entities.get('place')!.linkFilters).toEqual(new Set(['groups']));
    expect(registry.entities.get('slot')!.linkFilters).toEqual(new Set(['place']));
    expect(registry.entities.get('place')!.schema['x-entity'].list!.filters).not.toContain('groups');
  });

  it('lets a menu label be a short form of its screen title, not another name', () => {
    expect(labelsAgree('Prix annuels', 'Prix annuels des énergies')).toBe(true);
    expect(labelsAgree('Contacts', 'Carte actimmo : contacts')).toBe(true);
    expect(labelsAgree('Lieux', 'Gestion des lieux')).toBe(false);
    expect(labelsAgree('Prix', 'Prixfixe')).toBe(false);
  });
});
