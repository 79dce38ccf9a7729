import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { BOM, csvCell, guardFormula, toCsv } from './csv-writer';
import { csvText, exportCell } from './export-cell';

describe('CSV writer', () => {
  it('starts with a BOM, separates with « ; », ends lines with CRLF', () => {
    const text = toCsv(['Nom', 'Ville'], [['Espace Info', 'Échirolles']]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toBe('\uFEFFNom;Ville\r\nEspace Info;Échirolles\r\n');
  });

  it('quotes cells holding the separator, a quote or a line break, doubling quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('il a dit "oui"')).toBe('"il a dit ""oui"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvCell('a,b')).toBe('a,b');
  });

  it('writes numbers with a decimal comma and never guards them', () => {
    expect(csvCell(12.5)).toBe('12,5');
    expect(csvCell(-3)).toBe('-3');
  });

  it('guards cells that spreadsheet software would run as formulas', () => {
    for (const bad of ['=1+1', '+33 6 12', '-2', '@SUM(A1)', '\t=1', '\r=1']) expect(guardFormula(bad)).toBe(`'${bad}`);
    expect(guardFormula('Zone = centre')).toBe('Zone = centre');
    expect(csvCell('=HYPERLINK("http://x";"y")')).toBe(`"'=HYPERLINK(""http://x"";""y"")"`);
  });

  it('reads back, through a CSV parser, exactly the cells written (apart from the guard)', () => {
    const rows = [
      ['a;b', 'c"d', 'e\r\nf', ''],
      ['=x', 'é', ' espace ', 'z'],
    ];
    const text = toCsv(['A', 'B', 'C', 'D'], rows);
    const back = parse(text, { bom: true, delimiter: ';' }) as string[][];
    expect(back).toEqual([
      ['A', 'B', 'C', 'D'],
      ['a;b', 'c"d', 'e\r\nf', ''],
      ["'=x", 'é', ' espace ', 'z'],
    ]);
  });
});

describe('export cells', () => {
  it('writes yes/no as « Oui »/« Non », enum values as their labels, relations as labels', () => {
    const yes = exportCell({ type: 'boolean', title: 'Actif' }, true);
    expect(csvText(undefined, yes)).toBe('Oui');
    expect(csvText(undefined, exportCell({ type: 'boolean', title: 'Actif' }, false))).toBe('Non');
    const kind = { type: 'string', title: 'Type', enum: ['a', 'b'], 'x-enum-labels': { a: 'Agence', b: 'Bureau' } };
    expect(exportCell(kind as never, 'b')).toBe('Bureau');
    const rel = { type: 'array', title: 'Structures', items: { type: 'integer' }, 'x-relation': { entity: 'group' } };
    expect(exportCell(rel as never, [2, 9], new Map([[2, 'Espace Conseil']]))).toBe('Espace Conseil, n° 9');
    expect(exportCell({ type: 'string', title: 'Nom' }, '')).toBeNull();
  });

  it('writes dates in fr-FR, Paris time', () => {
    const at = exportCell({ type: 'string', format: 'date-time', title: 'Créé le' }, '2026-03-29T08:30:00.000Z');
    expect(at).toBeInstanceOf(Date);
    expect(csvText({ type: 'string', format: 'date-time', title: 'Créé le' }, at)).toBe('29/03/2026 10:30');
    const day = { type: 'string', format: 'date', title: 'Jour' } as const;
    expect(csvText(day, exportCell(day, '2026-12-31'))).toBe('31/12/2026');
  });
});
