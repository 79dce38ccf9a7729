import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { create } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';

// Generic list export (?format=csv|xlsx) and import (POST /api/v1/import/<entity>/), proved on
// catchment areas: group-scoped rights (the neighbour structure's rows must not leak), a
// relation column (Structure), a yes/no column and a list column (INSEE codes).

const PATH = '/api/v1/dialogwatt/catchment-area/';
const HEADERS = ['Nom', 'Structure', 'Active', 'Communes (codes INSEE)', 'Description'];

describe.each(DIALECTS)('export and import on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    const system = systemContext(t.app);
    // Group 2 already has « Grenoble et communes voisines » and « Sud grenoblois »; group 3 « Vallée ».
    await create(system, 'catchment-area', { name: 'Zone fermée', group: 2, territories: ['38185'], isActive: false });
    await create(system, 'catchment-area', {
      name: '=HYPERLINK("http://exemple.invalid";"clic")',
      group: 2,
      territories: ['38185'],
      description: 'Ligne 1\nLigne 2 ; avec « guillemets » "doubles"',
    });
    await create(system, 'catchment-area', { name: 'Vallée haute', group: 3, territories: ['38229'] });
  });

  const get = (query: string, who = 'advisor') =>
    fetch(`${t.url}${PATH}?${query}`, { headers: { Authorization: `JWT ${token[who]}` } });
  const listNames = async (query: string, who = 'advisor') =>
    ((await (await get(query, who)).json()) as { name: string }[]).map((r) => r.name);
  const csvRows = (text: string) => parse(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
  const count = async () =>
    Number(
      (
        (await t.app.database.db
          .selectFrom('dialogwatt_catchment_area' as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()) as { n: unknown }
      ).n,
    );

  it('exports as CSV exactly the rows the list shows, with the same filter, never the neighbour’s', async () => {
    const query = 'isActive=true&sort=-name';
    const res = await get(`${query}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/zones-de-chalandise-\d{4}-\d{2}-\d{2}\.csv/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const [head, ...rows] = csvRows(text);
    expect(head).toEqual(HEADERS);
    const shown = await listNames(query);
    // The formula guard's apostrophe is the only difference with the list's names.
    expect(rows.map((r) => r[0].replace(/^'=/, '='))).toEqual(shown);
    expect(shown).not.toContain('Vallée');
    expect(shown).not.toContain('Vallée haute');
    expect(shown).not.toContain('Zone fermée');
    const grenoble = rows.find((r) => r[0] === 'Grenoble et communes voisines')!;
    expect(grenoble).toEqual([
      'Grenoble et communes voisines',
      'Espace Conseil Démo',
      'Oui',
      '38185, 38421, 38169, 38563',
      "Habitants de Grenoble, Saint-Martin-d'Hères, Fontaine et Seyssinet-Pariset.",
    ]);
    const formula = rows.find((r) => r[0].includes('HYPERLINK'))!;
    expect(formula[0]).toBe(`'=HYPERLINK("http://exemple.invalid";"clic")`);
    expect(formula[4]).toBe('Ligne 1\nLigne 2 ; avec « guillemets » "doubles"');
    // The inactive one appears with the filter that shows it, as « Non ».
    const inactive = csvRows(await (await get('isActive=false&format=csv')).text());
    expect(inactive.slice(1).map((r) => [r[0], r[2]])).toEqual([['Zone fermée', 'Non']]);
  });

  it('gives the neighbour its own rows only; refuses unknown formats and anonymous callers', async () => {
    const rows = csvRows(await (await get('format=csv', 'neighbour')).text()).slice(1);
    expect(rows.map((r) => r[0])).toEqual(await listNames('', 'neighbour'));
    expect(rows.map((r) => r[0]).sort()).toEqual(['Vallée', 'Vallée haute']);
    const bad = await get('format=pdf');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'Cette liste ne peut pas être exportée au format « pdf ».',
    );
    expect((await fetch(`${t.url}${PATH}?format=csv`)).status).toBe(401);
  });

  it('exports as xlsx the same rows, readable back by exceljs, with typed cells', async () => {
    const query = 'q=grenob';
    const res = await get(`${query}&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(HEADERS);
    const names = Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2)[0]);
    expect(names).toEqual(await listNames(query));
    expect(names).toEqual(['Grenoble et communes voisines', 'Sud grenoblois']);
    expect(values(3).slice(0, 4)).toEqual(['Sud grenoblois', 'Espace Conseil Démo', 'Oui', '38151']);
  });

  async function upload(body: Buffer | string, mode: 'preview' | 'confirm', who = 'advisor') {
    const res = await fetch(`${t.url}/api/v1/import/catchment-area/?mode=${mode}`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token[who]}`, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(typeof body === 'string' ? Buffer.from(body, 'utf8') : body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  const lines = [
    ['Nouvelle zone', 'espace conseil demo', '38185, 38421', 'Oui', 'Créée par import'],
    ['Nouvelle zone', 'Espace Conseil Démo', '38185', 'Non', 'Doublon de la ligne 2'],
    ['Sud grenoblois', 'Espace Conseil Démo', '38151', 'Oui', 'Existe déjà'],
    ['Zone sans commune', 'Espace Conseil Démo', '', 'Oui', ''],
    ['Zone inconnue', 'Structure fantôme', '38185', 'Oui', ''],
    ['Zone au statut flou', 'Espace Conseil Démo', '38185', 'Peut-être', ''],
    ['Zone bien écrite', 'Espace Conseil Démo', '38169', 'non', ''],
  ];
  const header = ['Nom', 'Structure', 'Codes INSEE', 'Actif', 'Description'];
  const csv = (rows: string[][], sep = ';') =>
    '\uFEFF' + [header, ...rows].map((r) => r.map((c) => (c.includes(sep) ? `"${c}"` : c)).join(sep)).join('\r\n');

  function expectPreview(body: any) {
    expect(body.lines.map((l: any) => [l.line, l.outcome])).toEqual([
      [2, 'create'],
      [3, 'skipped'],
      [4, 'skipped'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
      [8, 'create'],
    ]);
    expect(body.counts).toEqual({ create: 2, skipped: 2, refused: 3 });
    expect(body.lines[1].reason).toBe(
      'Doublon de la ligne 2 du fichier (Nom = Nouvelle zone, Structure = Espace Conseil Démo).',
    );
    expect(body.lines[2].reason).toBe('Existe déjà (Nom = Sud grenoblois, Structure = Espace Conseil Démo).');
    expect(body.lines[3].reason).toBe('Zone sans commune — Communes (codes INSEE) : Ce champ est obligatoire.');
    expect(body.lines.filter((l: any) => l.outcome === 'create').every((l: any) => l.reason === undefined)).toBe(true);
    expect(body.lines[4].reason).toBe(
      'Structure : « Structure fantôme » ne correspond à aucune structure que vous pouvez voir.',
    );
    expect(body.lines[5].reason).toBe(
      'Actif : Valeur « Peut-être » non reconnue ; valeurs possibles : « Oui », « Non ».',
    );
  }

  it('previews a CSV (« , » or « ; », BOM) without writing: lines to create, skipped, refused', async () => {
    const before = await count();
    const semi = await upload(csv(lines), 'preview');
    expect(semi.status).toBe(200);
    expectPreview(semi.body);
    const comma = await upload(csv(lines, ','), 'preview');
    expectPreview(comma.body);
    expect(await count()).toBe(before);
  });

  it('previews an xlsx file the same way', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Zones');
    sheet.addRow(header);
    for (const l of lines) sheet.addRow(l);
    const before = await count();
    const res = await upload(Buffer.from(await book.xlsx.writeBuffer()), 'preview');
    expect(res.status).toBe(200);
    expectPreview(res.body);
    expect(await count()).toBe(before);
  });

  it('refuses a file whose columns do not match, with the expected headers', async () => {
    const res = await upload('Nom;Adrese\nA;B', 'preview');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      'Colonnes obligatoires absentes du fichier : « Structure », « Communes (codes INSEE) »',
    );
    expect((await upload('Nom;Structure;Communes;Adrese\nA;B;C;D', 'preview')).body.message).toContain(
      'Colonnes inconnues dans le fichier : « Adrese »',
    );
  });

  it('refuses a line of a structure the caller may not create for (the create right, per record)', async () => {
    const res = await upload(csv([['Chez le voisin', 'Espace Conseil Voisin', '38185', 'Oui', '']]), 'preview');
    expect(res.status).toBe(200);
    expect(res.body.lines[0].outcome).toBe('refused');
  });

  it('confirms: the created lines are written in one go, the others reported', async () => {
    const before = await count();
    const res = await upload(csv(lines), 'confirm');
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: any) => l.outcome)).toEqual([
      'created',
      'skipped',
      'skipped',
      'refused',
      'refused',
      'refused',
      'created',
    ]);
    expect(await count()).toBe(before + 2);
    const shown = await listNames('q=zone');
    expect(shown).toContain('Nouvelle zone');
    expect(shown).toContain('Zone bien écrite');
    // Imported again: every line is now an existing record or refused.
    const again = await upload(csv(lines), 'preview');
    expect(again.body.counts.create).toBe(0);
  });

  it('imports places: advisors by e-mail, coordinates from the geocodeAddress hook (offline data)', async () => {
    const file =
      'Nom;Structures;Adresse;Code postal;Commune;Conseillers\n' +
      'Permanence de Voiron;Espace Conseil Démo;1 place du Marché;38500;Voiron;conseiller@demo.fr\n' +
      'Permanence fantôme;Espace Conseil Démo;;;Voiron;personne@demo.fr\n';
    const res = await fetch(`${t.url}/api/v1/import/place/?mode=confirm`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token.advisor}`, 'Content-Type': 'text/csv' },
      body: file,
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body.lines.map((l: any) => l.outcome)).toEqual(['created', 'refused']);
    expect(body.lines[1].reason).toBe(
      'Conseillers : « personne@demo.fr » ne correspond à aucun utilisateur que vous pouvez voir.',
    );
    const [place] = (await (
      await fetch(`${t.url}/api/v1/dialogwatt/place/?q=voiron`, { headers: { Authorization: `JWT ${token.advisor}` } })
    ).json()) as any[];
    expect(place).toMatchObject({
      name: 'Permanence de Voiron',
      groups: [2],
      selectedAdvisors: [3],
      inseecode: '38563',
    });
    // The commune's centre from the offline data: Voiron is at about 45.36 N, 5.59 E.
    expect(place.lat).toBeCloseTo(45.36, 1);
    expect(place.lon).toBeCloseTo(5.59, 1);
  });

  it('leaves the database unchanged when a line fails at write time half-way', async () => {
    const db = t.app.database.db;
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create or replace function import_boom() returns trigger as $$ begin
             if new.name = 'Boum' then raise exception 'boum'; end if; return new; end $$ language plpgsql`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger import_boom before insert on dialogwatt_catchment_area ' +
            'for each row execute function import_boom()',
        )
        .execute(db);
    } else {
      await sql
        .raw(
          "create trigger import_boom before insert on dialogwatt_catchment_area when new.name = 'Boum' " +
            "begin select raise(abort, 'boum'); end",
        )
        .execute(db);
    }
    try {
      const file = csv([
        ['Avant la panne', 'Espace Conseil Démo', '38185', 'Oui', ''],
        ['Boum', 'Espace Conseil Démo', '38185', 'Oui', ''],
        ['Après la panne', 'Espace Conseil Démo', '38185', 'Oui', ''],
      ]);
      const preview = await upload(file, 'preview');
      expect(preview.body.lines.map((l: any) => l.outcome)).toEqual(['create', 'refused', 'create']);
      expect(preview.body.lines[1].reason).toBe("l'enregistrement a été refusé par la base de données.");
      const before = await count();
      const res = await upload(file, 'confirm');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        "L'import a échoué à la ligne 3 : L'enregistrement a été refusé par la base de données. " +
          "Aucune ligne n'a été enregistrée.",
      );
      expect(await count()).toBe(before);
      expect(await listNames('q=panne')).toEqual([]);
    } finally {
      await sql
        .raw('drop trigger import_boom' + (dialect === 'postgres' ? ' on dialogwatt_catchment_area' : ''))
        .execute(db);
    }
  });
});
