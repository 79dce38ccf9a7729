import { describe, expect, it } from 'vitest';
import { checkDeclarations, labelsAgree } from './check-declarations';
import { loadDeclarations } from '../../server/schema/load-declarations';

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

  it('lets a menu label be a short form of its screen title, not another name', () => {
    expect(labelsAgree('Prix annuels', 'Prix annuels des énergies')).toBe(true);
    expect(labelsAgree('Contacts', 'Carte actimmo : contacts')).toBe(true);
    expect(labelsAgree('Lieux', 'Gestion des lieux')).toBe(false);
    expect(labelsAgree('Prix', 'Prixfixe')).toBe(false);
  });
});
