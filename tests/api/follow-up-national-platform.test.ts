import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// The national platform (docs/follow-up.md « Plateforme nationale »; issue 11 item 8): the acts of
// a period exported, the platform's feedback file imported (an error and a rejection), the list
// of what to fix with its folders, the comparison per act type, and bad files refused whole.

type Rec = Record<string, any>;

describe.each(DIALECTS)('national platform export and feedback on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  async function ok(method: string, path: string, who: string, body?: Rec, status = 200): Promise<Rec> {
    const res = await t.call(path, { method, token: token[who], body });
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Rec;
  }
  const records = (b: any): Rec[] => (Array.isArray(b) ? b : b.records);
  /** A household folder of a new contact with the named acts done on the given days; its actions by act. */
  async function folderWith(who: string, name: string, done: [string, string][]) {
    const contact = await ok('POST', '/fac/contact/', who, { firstName: 'Tbs', lastName: name }, 201);
    const folder = await ok('POST', '/fac/folder/', who, { contact: contact.pk, model: 1 }, 201);
    const acts: Record<string, number> = {};
    for (const [act, date] of done) {
      const action = (folder.actions as Rec[]).find((a) => String(a.modelName).startsWith(`${act} `))!;
      await ok('PATCH', `/fac/action/${action.pk}/`, who, { done: true, date });
      acts[act] = action.pk;
    }
    return { folder: folder.pk as number, group: folder.owningGroup as number, acts };
  }
  const get = (path: string, who: string) =>
    fetch(`${t.url}/api/v1${path}`, { headers: { Authorization: `JWT ${token[who]}` } });
  async function send(query: string, who: string, body: Buffer | string) {
    const res = await fetch(`${t.url}/api/v1/fac/tbs/feedback/?${query}`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token[who]}`, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(typeof body === 'string' ? Buffer.from(body, 'utf8') : body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const id = (pk: number) => `renovation.fac.action.${pk}`;
  const PERIOD = 'project=1&period=1';
  let one: Awaited<ReturnType<typeof folderWith>>;
  let two: Awaited<ReturnType<typeof folderWith>>;
  let neighbour: Awaited<ReturnType<typeof folderWith>>;

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.manager = await t.login('manager@demo.fr');
    one = await folderWith('advisor', `Un${dialect}`, [
      ['A1', '2020-03-02'],
      ['A2', '2020-03-15'],
    ]);
    two = await folderWith('advisor', `Deux${dialect}`, [
      ['A1', '2020-04-10'],
      ['A4', '2021-02-01'],
    ]);
    neighbour = await folderWith('neighbour', `Trois${dialect}`, [['A1', '2020-05-05']]);
  });

  it("exports the period's acts of the advisor's structure, in csv and xlsx", async () => {
    const res = await get(`/fac/tbs/export/?${PERIOD}&format=csv`, 'advisor');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('actes-2020-01-01-2020-12-31.csv');
    const rows = parse(await res.text(), { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0].slice(0, 5)).toEqual([
      "Identifiant unique de l'acte",
      'Structure',
      'Conseiller',
      'Type Acte',
      'Date Acte',
    ]);
    const mine = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(mine.get(id(one.acts.A1))?.slice(3, 5)).toEqual(['A01', '2020-03-02']);
    expect(mine.get(id(one.acts.A2))?.slice(3, 5)).toEqual(['A02', '2020-03-15']);
    expect(mine.get(id(one.acts.A2))?.[7]).toBe(`Un${dialect}`);
    expect(mine.has(id(two.acts.A1))).toBe(true);
    // Outside the period, and another structure's act: not in this file.
    expect(mine.has(id(two.acts.A4))).toBe(false);
    expect(mine.has(id(neighbour.acts.A1))).toBe(false);
    const xlsx = await get(`/fac/tbs/export/?${PERIOD}&format=xlsx`, 'advisor');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const sheet = book.getWorksheet('Feuille1')!;
    expect(sheet.rowCount).toBe(rows.length);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
  });

  it('refuses a neighbour structure, managers and anonymous callers', async () => {
    expect((await get(`/fac/tbs/export/?${PERIOD}&structure=${neighbour.group}`, 'advisor')).status).toBe(403);
    expect((await get(`/fac/tbs/export/?${PERIOD}`, 'manager')).status).toBe(403);
    expect((await t.call(`/fac/tbs/export/?${PERIOD}`, {})).status).toBe(401);
    const bad = await t.call('/fac/tbs/export/?project=1&period=999', { token: token.advisor });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choisissez une période du programme.');
    // The administrator exports every structure, or one.
    const all = await (await get(`/fac/tbs/export/?${PERIOD}`, 'admin')).text();
    expect(all).toContain(id(neighbour.acts.A1));
    expect(all).toContain(id(one.acts.A1));
  });

  it('exports the sare format: Windows-1252, |;|, CRLF, no header, 39 fields with custom-form answers', async () => {
    // The seeded forms of the national programme (fixtures/demo/custom-forms.json) ask these.
    const contact = await ok(
      'POST',
      '/fac/contact/',
      'advisor',
      {
        firstName: 'Zoé',
        lastName: `Sarè${dialect}`,
        email: 'zoe@exemple.fr',
        zipcode: '38000',
        town: 'Grenoble',
        xPublicType: 'PO ou PB membre d’une SCI',
        xD012: 'NSP',
        xD015: 'Logement individuel',
      },
      201,
    );
    const folder = await ok('POST', '/fac/folder/', 'advisor', { contact: contact.pk, model: 1 }, 201);
    const action = (act: string) => (folder.actions as Rec[]).find((a) => String(a.modelName).startsWith(`${act} `))!;
    const a1 = await ok('PATCH', `/fac/action/${action('A1').pk}/`, 'advisor', {
      done: true,
      date: '2020-06-02',
      duration: 0.5,
      xD034: 'Information technique',
      xD035: 'Offres à 1€',
      xD036: '<p>Quelles aides pour mes fenêtres ?</p>',
      xD037: 'Voir MaPrimeRénov’ |;| et le\nguichet',
    });
    expect(a1.customFormData).toMatchObject({ xD034: 'Information technique' });
    const a2 = await ok('PATCH', `/fac/action/${action('A2').pk}/`, 'advisor', {
      done: true,
      date: '2020-06-20',
      xD043: 'Accompagnement à la réalisation des travaux',
    });
    const res = await get(`/fac/tbs/export/?${PERIOD}&format=sare`, 'advisor');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=windows-1252');
    expect(res.headers.get('content-disposition')).toContain('actes-2020-01-01-2020-12-31.sare');
    const bytes = Buffer.from(await res.arrayBuffer());
    // « Zoé » in Windows-1252 (é = 0xE9), not UTF-8 (0xC3 0xA9).
    expect(bytes.includes(Buffer.from([0x5a, 0x6f, 0xe9]))).toBe(true);
    expect(bytes.includes(Buffer.from('Zoé', 'utf8'))).toBe(false);
    const text = iconv.decode(bytes, 'win1252');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.some((l) => l.includes('\n') || l.includes('\r'))).toBe(false);
    const fields = lines.map((l) => l.split('|;|'));
    for (const f of fields) expect(f).toHaveLength(39);
    // No header: every line is an act of the structure, by its id.
    expect(fields.every((f) => /^renovation\.fac\.action\.\d+$/.test(f[0]))).toBe(true);
    const line = (pk: number) => fields.find((f) => f[0] === id(pk))!;
    const day = (iso: string) => iso.slice(0, 10);
    const common = ['SARE-DEMO-01', 'Claire Conseillère'];
    expect(line(a1.pk)).toEqual([
      id(a1.pk),
      ...common,
      'A01',
      '2020-06-02',
      '30',
      'M',
      'PO OU PB MEMBRE SCI',
      `Sarè${dialect}`,
      'Zoé',
      '',
      '',
      'NSP',
      'zoe@exemple.fr',
      '',
      'LI',
      '',
      '38000',
      'Grenoble',
      '',
      '',
      'INFORMATION TECHNIQUE',
      'OFFRE 1 EURO',
      '',
      'Quelles aides pour mes fenêtres ?',
      'Voir MaPrimeRénov’ -- et le guichet',
      '',
      '',
      '',
      ...Array(8).fill(''),
      day(a1.updatedAt),
      contact.inseecode ?? '',
    ]);
    const second = line(a2.pk);
    expect(second.slice(3, 5)).toEqual(['A02', '2020-06-20']);
    expect(second[7]).toBe('PO OU PB MEMBRE SCI');
    expect(second[26]).toBe('ACCOMPAGNEMENT REALISATION DE TRAVAUX');
    expect(second.slice(21, 26)).toEqual(['', '', '', '', '']);
    // Same rights as the other formats; an unknown format is refused in French.
    expect((await get(`/fac/tbs/export/?${PERIOD}&format=sare`, 'manager')).status).toBe(403);
    expect((await get(`/fac/tbs/export/?${PERIOD}&format=sare&structure=${neighbour.group}`, 'advisor')).status).toBe(
      403,
    );
    const admin = iconv.decode(
      Buffer.from(await (await get(`/fac/tbs/export/?${PERIOD}&format=sare`, 'admin')).arrayBuffer()),
      'win1252',
    );
    expect(admin).toContain(`${id(neighbour.acts.A1)}|;|`);
    const unknown = await t.call(`/fac/tbs/export/?${PERIOD}&format=ods`, { token: token.advisor });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Format inconnu : choisissez csv, xlsx ou sare.');
  });

  let feedbackPk: number;
  it('imports a feedback file: an error and a rejection to fix, linked to their folder', async () => {
    const csv = [
      "Identifiant unique de l'acte;Type Acte;Statut;Motif",
      `${id(one.acts.A1)};A01;ERREUR;Code postal absent`,
      `${id(one.acts.A2)};A02;REJETE;Acte en double`,
      `${id(two.acts.A1)};A01;ACCEPTE;`,
    ].join('\r\n');
    const res = await send(`${PERIOD}&fileName=retour-mars.csv`, 'advisor', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    feedbackPk = res.body.pk;
    const feedback = await ok('GET', `/fac/tbs-feedback/${feedbackPk}/`, 'advisor');
    expect(feedback).toMatchObject({
      fileName: 'retour-mars.csv',
      owningGroup: one.group,
      lineCount: 3,
      errorCount: 1,
      rejectionCount: 1,
      acceptedCount: 1,
      unmatchedCount: 0,
    });
    const lines = records(await ok('GET', `/fac/tbs-feedback-line/?feedback=${feedbackPk}&sort=line`, 'advisor'));
    expect(lines.map((l) => [l.line, l.outcome, l.folder, l.action, l.reason])).toEqual([
      [2, 'error', one.folder, one.acts.A1, 'Code postal absent'],
      [3, 'rejected', one.folder, one.acts.A2, 'Acte en double'],
      [4, 'accepted', two.folder, two.acts.A1, ''],
    ]);
    // The neighbour structure never sees it.
    expect((await t.call(`/fac/tbs-feedback/${feedbackPk}/`, { token: token.neighbour })).status).toBe(403);
    expect(records(await ok('GET', `/fac/tbs-feedback-line/?feedback=${feedbackPk}`, 'neighbour'))).toEqual([]);
  });

  it('compares per act type what was exported and what the platform accepted (administrators)', async () => {
    const c = await ok('GET', `/fac/tbs/comparison/?${PERIOD}&structure=${one.group}`, 'admin');
    expect(c.feedbackFiles).toBe(1);
    expect(c.rows.filter((r: Rec) => ['A01', 'A02'].includes(r.actType))).toEqual([
      {
        actType: 'A01',
        exported: expect.any(Number),
        errors: 1,
        rejected: 0,
        accepted: expect.any(Number),
        unknown: 0,
      },
      {
        actType: 'A02',
        exported: expect.any(Number),
        errors: 0,
        rejected: 1,
        accepted: expect.any(Number),
        unknown: 0,
      },
    ]);
    // Other tests of the shared app may add acts to this structure: the sums hold whatever they are.
    for (const r of c.rows) expect(r.accepted).toBe(r.exported - r.errors - r.rejected);
    expect(c.total.errors).toBe(1);
    expect(c.total.rejected).toBe(1);
    expect((await t.call(`/fac/tbs/comparison/?${PERIOD}`, { token: token.advisor })).status).toBe(403);
  });

  it('refuses a bad file whole, with line numbers in French, and stores nothing', async () => {
    const before = records(await ok('GET', '/fac/tbs-feedback/', 'admin')).length;
    const csv = [
      "Identifiant unique de l'acte;Statut;Motif",
      `${id(one.acts.A1)};ERREUR;Adresse`,
      `${id(neighbour.acts.A1)};ERREUR;Pas à nous`,
    ].join('\n');
    const res = await send(PERIOD, 'advisor', csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Le fichier de retour n'a pas été importé : ligne 3 : L'acte « ${id(neighbour.acts.A1)} » ` +
        "n'appartient pas à la structure du retour.",
    );
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Retours');
    sheet.addRow(['Identifiant', 'Statut']);
    sheet.addRow(['acte 12', 'ERREUR']);
    sheet.addRow([id(one.acts.A1), 'peut-être']);
    const xlsx = await send(PERIOD, 'advisor', Buffer.from(await book.xlsx.writeBuffer()));
    expect(xlsx.status).toBe(400);
    expect(xlsx.body.message).toContain("ligne 2 : Identifiant d'acte « acte 12 » invalide");
    expect(xlsx.body.message).toContain('ligne 3 : Statut « peut-être » inconnu');
    expect((await send(PERIOD, 'advisor', 'Nom;Statut\nx;ERREUR')).body.message).toContain(
      "Colonne « Identifiant unique de l'acte » absente",
    );
    expect((await send(`${PERIOD}&structure=${neighbour.group}`, 'advisor', 'x')).status).toBe(403);
    expect((await send(PERIOD, 'manager', 'x')).status).toBe(403);
    expect(records(await ok('GET', '/fac/tbs-feedback/', 'admin')).length).toBe(before);
  });

  it('reads an xlsx feedback file; the latest feedback counts in the comparison', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Retours');
    sheet.addRow(["Identifiant unique de l'acte", 'Statut']);
    sheet.addRow([id(one.acts.A1), 'Accepté']);
    const res = await send(`${PERIOD}&structure=${one.group}`, 'admin', Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = await ok('GET', `/fac/tbs/comparison/?${PERIOD}&structure=${one.group}`, 'admin');
    expect(c.feedbackFiles).toBe(2);
    expect(c.total.errors).toBe(0);
    expect(c.total.rejected).toBe(1);
  });
});
