import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Issue 10, done-when: the contacts' CSV and xlsx exports hold exactly the rows the list shows;
// a CSV and an xlsx import with good, duplicate, existing and bad lines give the preview and the
// report; a file that fails half-way leaves the database unchanged.

const PATH = '/api/v1/fac/contact/';
const HEADER = [
  'Civilité',
  'Prénom',
  'Nom',
  'Courriel',
  'Code postal',
  'Ville',
  'Téléphone',
  'Tags',
  'Référent interne',
];
const LINES = [
  ['Mlle', 'Inès', 'Importée', 'ines.importee@exemple.fr', '38000', 'Grenoble', '04 76 00 11 22', 'Copropriété', ''],
  ['Mme', 'Inès', 'Importée', 'ines.importee@exemple.fr', '38000', 'Grenoble', '', '', ''],
  ['Mme', 'Hélène', 'Ébrard', 'helene.ebrard@exemple.fr', '', '', '', '', ''],
  ['M.', 'Sans', '', 'sans.nom@exemple.fr', '', '', '', '', ''],
  ['M.', 'Paul', 'Référé', 'paul.refere@exemple.fr', '', '', '', '', 'personne@demo.fr'],
  ['M.', 'Luc', 'Ajouté', 'luc.ajoute@exemple.fr', '38100', 'Grenoble', '', '', 'conseiller@demo.fr'],
];

describe.each(DIALECTS)('file-area exports and imports on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
  });
  const get = (query: string, who = 'advisor') =>
    fetch(`${t.url}${PATH}?${query}`, { headers: { Authorization: `JWT ${token[who]}` } });
  const shownLastNames = async (query: string, who = 'advisor') =>
    ((await (await get(`${query}&perPage=100`, who)).json()) as { lastName: string }[]).map((r) => r.lastName);
  const csvRows = (text: string) => parse(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
  const count = async () =>
    Number(
      (
        (await t.app.database.db
          .selectFrom('fac_contact' as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()) as { n: unknown }
      ).n,
    );

  it('exports contacts as CSV and xlsx: exactly the rows the list shows, never the neighbour structure’s', async () => {
    for (const query of ['sort=lastName', 'q=grenoble&sort=-lastName']) {
      const res = await get(`${query}&format=csv`);
      expect(res.status).toBe(200);
      const [head, ...rows] = csvRows(await res.text());
      expect(head.slice(0, 3)).toEqual(['Civilité', 'Prénom', 'Nom']);
      const shown = await shownLastNames(query);
      expect(shown.length).toBeGreaterThan(0);
      expect(rows.map((r) => r[2])).toEqual(shown);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await (await get(`${query}&format=xlsx`)).arrayBuffer()) as never);
      const sheet = book.worksheets[0];
      const names = Array.from({ length: sheet.rowCount - 1 }, (_, i) => (sheet.getRow(i + 2).values as unknown[])[3]);
      expect(names).toEqual(shown);
    }
    const mine = csvRows(await (await get('format=csv')).text()).map((r) => r[2]);
    const theirs = csvRows(await (await get('format=csv', 'neighbour')).text())
      .slice(1)
      .map((r) => r[2]);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((n) => mine.includes(n) && !['Nom'].includes(n))).toEqual([]);
  });

  async function upload(body: Buffer | string, mode: 'preview' | 'confirm') {
    const res = await fetch(`${t.url}/api/v1/import/contact/?mode=${mode}`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token.advisor}`, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(typeof body === 'string' ? Buffer.from(body, 'utf8') : body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const csv = (rows: string[][]) => '\uFEFF' + [HEADER, ...rows].map((r) => r.join(';')).join('\r\n');
  async function xlsx(rows: string[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Contacts');
    for (const r of [HEADER, ...rows]) sheet.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  function expectPreview(body: any) {
    expect(body.lines.map((l: any) => [l.line, l.outcome])).toEqual([
      [2, 'create'],
      [3, 'skipped'],
      [4, 'skipped'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'create'],
    ]);
    expect(body.lines[3].reason).toBe('Sans — Nom : Ce champ est obligatoire.');
    expect(body.lines[4].reason).toContain('« personne@demo.fr » ne correspond à aucun utilisateur');
  }

  it('previews a CSV and an xlsx file the same way, writing nothing', async () => {
    const before = await count();
    const fromCsv = await upload(csv(LINES), 'preview');
    expect(fromCsv.status).toBe(200);
    expectPreview(fromCsv.body);
    const fromXlsx = await upload(await xlsx(LINES), 'preview');
    expect(fromXlsx.status).toBe(200);
    expectPreview(fromXlsx.body);
    expect(await count()).toBe(before);
  });

  it("re-imports its own export (an export's headers are the columns' titles), naming a bad cell", async () => {
    const exported = await (await get('sort=lastName&format=csv')).text();
    const [head] = csvRows(exported);
    expect(head).toContain('Numéro de téléphone');
    const line = head.map((h) =>
      h === 'Prénom' ? 'Jean' : h === 'Nom' ? 'Réimporté' : h === 'Courriel' ? 'jean@' : '',
    );
    const preview = await upload('\uFEFF' + [head, line].map((r) => r.join(';')).join('\r\n'), 'preview');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.lines[0].outcome).toBe('refused');
    // Who the line is, the cell's value and what is wrong with it.
    expect(preview.body.lines[0].reason).toMatch(/^Jean Réimporté — Courriel « jean@ » : /);
  });

  it('confirms: good lines written with their civility, tag, referent and phone, the rest reported', async () => {
    const before = await count();
    const res = await upload(csv(LINES), 'confirm');
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: any) => l.outcome)).toEqual([
      'created',
      'skipped',
      'skipped',
      'refused',
      'refused',
      'created',
    ]);
    expect(await count()).toBe(before + 2);
    const [ines] = (await (await get('q=ines.importee')).json()) as any[];
    expect(ines).toMatchObject({ civility: 'Mme', lastName: 'Importée', owningGroup: 2, town: 'Grenoble' });
    expect(ines.tags).toHaveLength(1);
    const [luc] = (await (await get('q=luc.ajoute')).json()) as any[];
    expect(luc.referents).toEqual([3]);
  });

  it('leaves the database unchanged when a line fails at write time half-way', async () => {
    const db = t.app.database.db;
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create or replace function contact_boom() returns trigger as $$ begin
             if new.last_name = 'Boum' then raise exception 'boum'; end if; return new; end $$ language plpgsql`,
        )
        .execute(db);
      await sql
        .raw('create trigger contact_boom before insert on fac_contact for each row execute function contact_boom()')
        .execute(db);
    } else {
      await sql
        .raw(
          "create trigger contact_boom before insert on fac_contact when new.last_name = 'Boum' " +
            "begin select raise(abort, 'boum'); end",
        )
        .execute(db);
    }
    try {
      const file = csv([
        ['M.', 'Avant', 'Panne', 'avant.panne@exemple.fr', '', '', '', '', ''],
        ['M.', 'Bam', 'Boum', 'bam.boum@exemple.fr', '', '', '', '', ''],
        ['M.', 'Après', 'Panne', 'apres.panne@exemple.fr', '', '', '', '', ''],
      ]);
      const before = await count();
      const res = await upload(file, 'confirm');
      expect(res.status).toBe(409);
      expect(await count()).toBe(before);
      expect(await shownLastNames('q=panne')).toEqual([]);
    } finally {
      await sql.raw('drop trigger contact_boom' + (dialect === 'postgres' ? ' on fac_contact' : '')).execute(db);
    }
  });

  it('attaches a document to a contact: uploaded, named from the file, downloaded by its structure only', async () => {
    const [contact] = (await (await get('q=ebrard')).json()) as any[];
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 devis'], { type: 'application/pdf' }), 'devis-isolation.pdf');
    const up = await fetch(`${t.url}/api/v1/fac/file/file/file/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token.advisor}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const ref = (await up.json()) as any;
    const created = await fetch(`${t.url}/api/v1/fac/file/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token.advisor}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ contact: contact.pk, note: 'Devis isolation', file: ref }),
    });
    const doc = (await created.json()) as any;
    expect(created.status).toBe(201);
    expect(doc).toMatchObject({ fileName: 'devis-isolation.pdf', contentType: 'application/pdf', owningGroup: 2 });
    const mine = await fetch(`${t.url}/api/v1/fac/file/${doc.pk}/file/file/`, {
      headers: { Authorization: `JWT ${token.advisor}` },
    });
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).toString()).toBe('%PDF-1.4 devis');
    const theirs = await fetch(`${t.url}/api/v1/fac/file/${doc.pk}/file/file/`, {
      headers: { Authorization: `JWT ${token.neighbour}` },
    });
    expect([403, 404]).toContain(theirs.status);
  });
});
