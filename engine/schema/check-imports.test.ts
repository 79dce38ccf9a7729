import { describe, expect, it } from 'vitest';
import { checkImportsAndExports } from './check-imports';
import { loadDeclarations } from '../../server/schema/load-declarations';
import type { Declarations } from './types';

describe('import mappings and list exports cross-checks', () => {
  const decls = loadDeclarations();

  it('accepts the declarations of the project', () => {
    expect(decls.imports?.map((i) => i.entity).sort()).toEqual(['catchment-area', 'contact', 'organization', 'place']);
    expect(checkImportsAndExports(decls)).toEqual([]);
  });

  it('names unknown entities and properties, read-only fields, repeated headers and keys filled by nothing', () => {
    const broken: Declarations = structuredClone(decls);
    const place = broken.imports!.find((i) => i.entity === 'place')!;
    place.columns.push({ header: 'Couleur', property: 'color' });
    broken.entities.find((e) => e['x-entity'].name === 'place')!.properties.color.readOnly = true;
    place.columns.push({ header: 'Ville', property: 'inseecode' });
    place.columns.push({ header: 'Inconnue', property: 'nothing' });
    place.duplicateKey.push('slug');
    place.columns.find((c) => c.property === 'groups')!.matchBy = 'nickname';
    broken.imports!.push({ $id: 'urn:app:import:ghost', entity: 'ghost', columns: [], duplicateKey: ['x'] });
    broken.entities.find((e) => e['x-entity'].name === 'catchment-area')!['x-entity'].list!.export!.columns = ['nope'];
    expect(checkImportsAndExports(broken).sort()).toEqual(
      [
        'entity catchment-area: list.export: column nope is not a property',
        'import ghost: unknown entity ghost',
        'import place: column « Couleur »: color is read-only',
        'import place: column « Inconnue »: nothing is not a property',
        'import place: duplicate key slug is filled by no column',
        'import place: column « Structures »: group has no public property nickname',
        'import place: header « Ville » already names « Commune »',
      ].sort(),
    );
  });
});
