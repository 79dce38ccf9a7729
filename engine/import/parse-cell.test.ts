import { describe, expect, it } from 'vitest';
import type { ImportDeclaration } from '../schema/types';
import { frenchDate, frenchNumber, parseCell } from './parse-cell';
import { mapHeaders } from './map-headers';
import { normaliseHeader } from './normalise-header';
import { importReportCsv } from './import-report';

const column = { header: 'X', property: 'x' };

describe('import cells', () => {
  it('reads yes/no in French, and a column’s own value mapping first', () => {
    const bool = { type: 'boolean', title: 'Actif' } as const;
    expect(parseCell(bool, 'Oui', column)).toEqual({ ok: true, value: true });
    expect(parseCell(bool, ' non ', column)).toEqual({ ok: true, value: false });
    expect(parseCell(bool, 'O', { ...column, values: { O: true, N: false } })).toEqual({ ok: true, value: true });
    const bad = parseCell(bool, 'Peut-être', column);
    expect(bad).toEqual({
      ok: false,
      problem: { key: 'import.reason.unknown_value', params: { value: 'Peut-être', choices: '« Oui », « Non »' } },
    });
  });

  it('leaves an empty cell out (the default applies) and reads French numbers and dates', () => {
    expect(parseCell({ type: 'string', title: 'Nom' }, '   ', column)).toEqual({ ok: true, value: undefined });
    expect(frenchNumber('1 234,5')).toBe(1234.5);
    expect(frenchNumber('12.5')).toBe(12.5);
    expect(frenchNumber('douze')).toBeUndefined();
    expect(frenchDate('31/12/2026')).toBe('2026-12-31');
    expect(frenchDate('2026-02-30')).toBeUndefined();
    expect(parseCell({ type: 'integer', title: 'Durée' }, 'abc', column).ok).toBe(false);
  });

  it('reads enum values or their French labels, and lists split by the separator', () => {
    const kind = { type: 'string', title: 'Type', enum: ['a', 'b'], 'x-enum-labels': { a: 'Agence', b: 'Bureau' } };
    expect(parseCell(kind as never, 'bureau', column)).toEqual({ ok: true, value: 'b' });
    const list = { type: 'array', title: 'Codes', items: { type: 'string' } } as const;
    expect(parseCell(list, '38185, 38421,,', column)).toEqual({ ok: true, value: ['38185', '38421'] });
    expect(parseCell(list, '38185|38421', { ...column, separator: '|' })).toEqual({
      ok: true,
      value: ['38185', '38421'],
    });
  });

  it('resolves relations by label, refusing unknown and ambiguous ones', () => {
    const rel = { type: 'integer', title: 'Structure', 'x-relation': { entity: 'group' } } as const;
    const index = new Map([
      ['espace conseil demo', [2]],
      ['agence', [4, 5]],
    ]);
    const relation = { index, label: 'structure', feminine: true };
    expect(parseCell(rel, 'Espace  Conseil Démo', column, relation)).toEqual({ ok: true, value: 2 });
    expect(parseCell(rel, 'Agence', column, relation)).toMatchObject({
      ok: false,
      problem: { key: 'import.reason.ambiguous_relation' },
    });
    expect(parseCell(rel, 'Inconnue', column, relation)).toMatchObject({
      ok: false,
      problem: { key: 'import.reason.unknown_relation_feminine' },
    });
  });
});

describe('import mapping headers', () => {
  const mapping: ImportDeclaration = {
    $id: 'urn:app:import:place',
    entity: 'place',
    columns: [
      { header: 'Nom', property: 'name', required: true },
      { header: 'Code postal', property: 'postcode', aliases: ['CP'] },
      { header: 'Commune', property: 'city', aliases: ['Ville'], required: true },
    ],
    duplicateKey: ['name', 'city'],
  };

  it('matches headers without case, accents or punctuation, aliases included', () => {
    expect(normaliseHeader(' CODE_POSTAL ')).toBe(normaliseHeader('Code postal'));
    const m = mapHeaders(['NOM', 'cp', 'ville', ''], mapping);
    expect(m.columns.map((c) => c?.property ?? null)).toEqual(['name', 'postcode', 'city', null]);
    expect([m.missing, m.unknown, m.repeated]).toEqual([[], [], []]);
  });

  it("takes a property's title as a header too: what an export writes, re-imported", () => {
    const m = mapHeaders(['Nom du lieu', 'Code postal du lieu', 'Commune'], mapping, {
      name: 'Nom du lieu',
      postcode: 'Code postal du lieu',
    });
    expect(m.columns.map((c) => c?.property ?? null)).toEqual(['name', 'postcode', 'city']);
    expect(m.unknown).toEqual([]);
  });

  it('names the missing required columns, the unknown and the repeated ones', () => {
    const m = mapHeaders(['Nom', 'Adrese', 'Nom'], mapping);
    expect(m.missing).toEqual(['Commune']);
    expect(m.unknown).toEqual(['Adrese']);
    expect(m.repeated).toEqual(['Nom']);
  });
});

describe('import report', () => {
  it('lists every line with its French outcome, reason and original cells', () => {
    const csv = importReportCsv(
      ['Nom', 'Ville'],
      [
        { line: 2, outcome: 'created', cells: ['A', 'Grenoble'] },
        { line: 3, outcome: 'refused', reason: 'Nom : Ce champ est obligatoire.', cells: ['', 'Voiron'] },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFLigne;Résultat;Motif;Nom;Ville',
      '2;Créée;;A;Grenoble',
      '3;Refusée;Nom : Ce champ est obligatoire.;;Voiron',
      '',
    ]);
  });
});
