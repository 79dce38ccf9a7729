import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { SARE_COLUMNS, customFieldName, sareFile, sareRow, sareText, sareWord, type SareAct } from './sare-format';

const act = (over: Partial<SareAct> = {}): SareAct => ({
  pk: 12,
  structure: 'Espace Conseil Démo',
  advisor: 'Claire Conseil',
  actType: 'A01',
  date: '2020-03-02',
  duration: 0.75,
  lastName: 'Lefèvre',
  firstName: 'Zoé',
  organization: '',
  email: 'zoe@example.fr',
  phone: '0102030405',
  zipcode: '69001',
  town: 'Lyon',
  address: '1 rue de la Ré',
  updatedAt: '2020-03-03T10:00:00.000Z',
  inseeCode: '69381',
  actionAnswers: {},
  linkedAnswers: {},
  ...over,
});

describe('sare rows (reference 9.5)', () => {
  it('has the 39 columns in the reference order', () => {
    expect(SARE_COLUMNS).toHaveLength(39);
    expect(SARE_COLUMNS[0]).toBe("Identifiant unique de l'acte");
    expect(SARE_COLUMNS[11]).toBe("SIRET de l'entreprise");
    expect(SARE_COLUMNS[37]).toBe('Date mise à jour Technique');
    const row = sareRow(act());
    expect(row).toHaveLength(39);
    expect(row.slice(0, 11)).toEqual([
      'renovation.fac.action.12',
      'Espace Conseil Démo',
      'Claire Conseil',
      'A01',
      '2020-03-02',
      '45',
      'M',
      '',
      'Lefèvre',
      'Zoé',
      '',
    ]);
    expect(row.slice(13, 20)).toEqual(['zoe@example.fr', '0102030405', '', '', '69001', 'Lyon', '1 rue de la Ré']);
    expect(row.slice(37)).toEqual(['2020-03-03', '69381']);
  });

  it('maps the custom-field answers to their columns with the platform codes', () => {
    const row = sareRow(
      act({
        linkedAnswers: {
          xPublicType: 'PO ou PB membre d’une SCI',
          d_012: 'NSP',
          d_015: 'Logement en copropriété',
          d_029: 12,
          d_074: 'Propriétaire',
          d_069: '12345678901234',
        },
        actionAnswers: {
          xD034: ['Information sociale', 'Information technique'],
          d_035: ['Offres à 1€', "Eco-gestes (économie d'eau, d'énergie...)", 'Rénovation lourde'],
          d_085: 'Bâti',
          d_036: '<p>Quelles aides&nbsp;?</p><p>Pour  mes fenêtres</p>',
          d_037: 'Voir\r\nMaPrimeRénov’',
          d_043: ['Accompagnement à la réalisation des travaux', 'Autre'],
          xD044b: 'oui',
          d_046: false,
          d_049: '2020-05-04',
          d_052: 'oui',
          d_058: 'pas une date',
        },
      }),
    );
    expect(row[7]).toBe('PO OU PB MEMBRE SCI');
    expect(row[11]).toBe('12345678901234');
    expect(row[12]).toBe('NSP');
    expect(row.slice(15, 17)).toEqual(['LC', '12']);
    expect(row[20]).toBe('PROPRIETAIRE');
    // Several values keep the reference's order (technical before social).
    expect(row[21]).toEqual(['INFORMATION TECHNIQUE', 'INFORMATION SOCIALE']);
    expect(row[22]).toEqual(['OFFRE 1 EURO', 'ECOGESTES', 'RENOVATION LOURDE']);
    expect(row[23]).toBe('BATI');
    expect(row[24]).toBe('Quelles aides ? Pour mes fenêtres');
    expect(row[25]).toBe('Voir MaPrimeRénov’');
    expect(row[26]).toEqual(['ACCOMPAGNEMENT REALISATION DE TRAVAUX', 'AUTRE']);
    expect(row.slice(27, 29)).toEqual(['Oui', 'Non']);
    // Dates: a date answer as YYYY-MM-DD, anything else empty (d_052 is a yes/no in the forms).
    expect(row.slice(29, 37)).toEqual(['2020-05-04', '', '', '', '', '', '', '']);
  });

  it('reads the small tertiary fields when the household ones are empty, and the SIRET on the action first', () => {
    const row = sareRow(
      act({
        actionAnswers: { d_080: 'Q', d_081: 'R', d_087: 'Action usage', d_069: '111' },
        linkedAnswers: { d_069: '222' },
      }),
    );
    expect([row[11], row[24], row[25], row[26]]).toEqual(['111', 'Q', 'R', 'ACTION USAGES']);
  });

  it('names the custom fields after the reference ids (added fields start with x and a capital)', () => {
    expect(['d_034', 'd_044b', 'publicType'].map(customFieldName)).toEqual(['xD034', 'xD044b', 'xPublicType']);
  });

  it('writes code words upper case without accents', () => {
    expect(sareWord(' Œuvre à l’été ')).toBe("OEUVRE A L'ETE");
  });
});

describe('sare file', () => {
  it('separates fields with |;| and lists with _/_, ends every line with CRLF, no header', () => {
    expect(
      sareText([
        ['a', ['b', 'c'], ''],
        ['', [], 'd'],
      ]),
    ).toBe('a|;|b_/_c|;|\r\n|;||;|d\r\n');
    expect(sareText([])).toBe('');
  });

  it('neutralises a separator or a line break inside a value', () => {
    expect(sareText([['x|;|y', 'l1\r\nl2\nl3\rl4', ['p_/_q', 'r|;|s']]])).toBe('x--y|;|l1 l2 l3 l4|;|p--q_/_r--s\r\n');
    // Outside a list, _/_ is an ordinary text.
    expect(sareText([['a_/_b']])).toBe('a_/_b\r\n');
  });

  it('encodes Windows-1252: accents, €, œ, the typographic apostrophe; others become ?', () => {
    const bytes = sareFile([['é€œ’', 'É', 'e\u0301', '😀ł']]);
    expect([...bytes]).toEqual([
      0xe9,
      0x80,
      0x9c,
      0x92,
      ...Buffer.from('|;|'),
      0xc9,
      ...Buffer.from('|;|'),
      0xe9,
      ...Buffer.from('|;|'),
      0x3f,
      0x3f,
      0x0d,
      0x0a,
    ]);
    expect(iconv.decode(sareFile([sareRow(act())]), 'win1252')).toContain('|;|Lefèvre|;|Zoé|;|');
  });

  it('writes every row of a whole file with 39 fields', () => {
    const text = iconv.decode(sareFile([sareRow(act()), sareRow(act({ pk: 13 }))]), 'win1252');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => l.split('|;|').length)).toEqual([39, 39]);
  });
});
