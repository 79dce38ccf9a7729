import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn, deleteDemoFolders } from '../helpers/app-suite';

// The follow-up pivot (docs/follow-up.md « Pivot »; reference file area 8.13): numbers checked
// against actions made here, the rights (an advisor never counts another structure's actions),
// the whitelist of dimensions (a French 400 otherwise) and the spreadsheet.

type Rec = Record<string, any>;

describe.each(DIALECTS)('follow-up pivot on %s', (dialect) => {
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
  /** Opens a household folder for a new contact and completes the named acts on the given days. */
  async function folderWith(who: string, name: string, done: [string, string][]): Promise<Rec> {
    const contact = await ok('POST', '/fac/contact/', who, { firstName: 'Pivot', lastName: name }, 201);
    const folder = await ok('POST', '/fac/folder/', who, { contact: contact.pk, model: 1 }, 201);
    for (const [act, date] of done) {
      const action = (folder.actions as Rec[]).find((a) => String(a.modelName).startsWith(act))!;
      await ok('PATCH', `/fac/action/${action.pk}/`, who, { done: true, date });
    }
    return folder;
  }
  const YEAR = 'project=1&from=2020-01-01&to=2020-12-31';
  let ours: number;
  let theirs: number;
  let un: Rec;

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.manager = await t.login('manager@demo.fr');
    // Numbers are checked against the folders made here: the demo's own 2020 folders go first.
    await deleteDemoFolders(t, token.admin!);
    un = await folderWith('advisor', `Un${dialect}`, [
      ['A1', '2020-03-02'],
      ['A2', '2020-03-15'],
    ]);
    ours = un.owningGroup;
    await folderWith('advisor', `Deux${dialect}`, [['A1', '2020-04-10']]);
    theirs = (await folderWith('neighbour', `Trois${dialect}`, [['A1', '2020-03-05']])).owningGroup;
    // Outside the period: never counted below.
    await folderWith('advisor', `Quatre${dialect}`, [['A1', '2021-01-04']]);
  });

  const cell = (p: Rec, row: number, col: string) =>
    p.cells[p.rowHeaders.findIndex((h: Rec) => h.key === String(row))][
      p.colHeaders.findIndex((h: Rec) => h.key === col)
    ];

  it('counts done actions by structure × month, with row, column and grand totals', async () => {
    const p = await ok('GET', `/fac/pivot/?rows=structure&cols=month&measure=count&${YEAR}`, 'admin');
    expect(p.colHeaders).toEqual([
      { key: '2020-03', label: 'Mars 2020' },
      { key: '2020-04', label: 'Avril 2020' },
    ]);
    expect(p.rowHeaders.map((h: Rec) => h.key)).toEqual(expect.arrayContaining([String(ours), String(theirs)]));
    expect(cell(p, ours, '2020-03')).toBe(2);
    expect(cell(p, ours, '2020-04')).toBe(1);
    expect(cell(p, theirs, '2020-03')).toBe(1);
    expect(cell(p, theirs, '2020-04')).toBe(0);
    expect(p.colTotals).toEqual([3, 1]);
    expect(p.total).toBe(4);
    // Without the period, the 2021 action shows too.
    expect((await ok('GET', '/fac/pivot/?rows=structure&cols=year', 'admin')).total).toBe(5);
  });

  it('sums costs and counts distinct folders, which do not add up across months', async () => {
    const cost = await ok('GET', `/fac/pivot/?rows=structure&measure=cost&${YEAR}`, 'admin');
    // A1 is 8 €, A2 50 € (SARE 2020 prices, reference 13.3).
    expect(cost.cells[cost.rowHeaders.findIndex((h: Rec) => h.key === String(ours))]).toEqual([66]);
    expect(cost.total).toBe(74);
    const folders = await ok('GET', `/fac/pivot/?rows=structure&cols=month&measure=folders&${YEAR}`, 'admin');
    expect(cell(folders, ours, '2020-03')).toBe(1);
    expect(folders.rowTotals[folders.rowHeaders.findIndex((h: Rec) => h.key === String(ours))]).toBe(2);
    expect(folders.total).toBe(3);
    const byAct = await ok('GET', `/fac/pivot/?rows=actionModel&cols=status&${YEAR}`, 'admin');
    expect(byAct.rowHeaders.map((h: Rec) => h.label)).toEqual([
      'A1 - Information de premier niveau',
      'A2 - Conseil personnalisé',
    ]);
    expect(byAct.colHeaders.map((h: Rec) => h.label)).toEqual(['Conseillé']);
    expect(byAct.rowTotals).toEqual([3, 1]);
  });

  it("counts only the advisor's structure, refuses managers", async () => {
    const p = await ok('GET', `/fac/pivot/?rows=structure&cols=month&${YEAR}`, 'advisor');
    expect(p.rowHeaders.map((h: Rec) => h.key)).toEqual([String(ours)]);
    expect(p.total).toBe(3);
    const n = await ok('GET', `/fac/pivot/?rows=structure&${YEAR}`, 'neighbour');
    expect(n.rowHeaders.map((h: Rec) => h.key)).toEqual([String(theirs)]);
    expect(n.total).toBe(1);
    expect((await t.call('/fac/pivot/', { token: token.manager })).status).toBe(403);
    expect((await t.call('/fac/pivot/', {})).status).toBe(401);
  });

  it('refuses a dimension or measure outside the whitelist, in French', async () => {
    for (const q of ['rows=password', 'cols=a.pk%3B%20drop%20table%20fac_action', 'measure=sum(pk)', 'from=hier']) {
      const res = await t.call(`/fac/pivot/?${q}`, { token: token.admin });
      expect(res.status, q).toBe(400);
    }
    const res = await t.call('/fac/pivot/?rows=password', { token: token.admin });
    expect(JSON.stringify(res.body)).toContain('Dimension inconnue « password »');
  });

  it('exports the same table as a spreadsheet', async () => {
    const res = await fetch(`${t.url}/api/v1/fac/pivot/export.xlsx?rows=structure&cols=month&${YEAR}`, {
      headers: { Authorization: `JWT ${token.advisor}` },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('Tableau croisé')!;
    expect(sheet.getRow(3).values).toEqual([undefined, 'Structure', 'Mars 2020', 'Avril 2020', 'Total']);
    expect((sheet.getRow(4).values as unknown[]).slice(2)).toEqual([2, 1, 3]);
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual(['Total', 2, 1, 3]);
  });

  it('counts by tag: an action under each of its tags, « Sans tag » without, totals of distinct actions', async () => {
    const [a1, a2] = ['A1', 'A2'].map((act) => (un.actions as Rec[]).find((a) => a.modelName.startsWith(act))!);
    await ok('PATCH', `/fac/action/${a1.pk}/`, 'advisor', { tags: [1, 2] });
    await ok('PATCH', `/fac/action/${a2.pk}/`, 'advisor', { tags: [1] });
    const p = await ok('GET', `/fac/pivot/?rows=tag&cols=month&${YEAR}`, 'advisor');
    expect(p.rowHeaders).toEqual([
      { key: '1', label: 'Copropriété' },
      { key: '2', label: 'Élu' },
      { key: 'none', label: 'Sans tag' },
    ]);
    expect(p.cells).toEqual([
      [2, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(p.rowTotals).toEqual([2, 1, 1]);
    // A month's total counts each action once, whatever its number of tags.
    expect(p.colTotals).toEqual([2, 1]);
    expect(p.total).toBe(3);
    const byCols = await ok('GET', `/fac/pivot/?rows=structure&cols=tag&measure=cost&${YEAR}`, 'advisor');
    expect(byCols.colHeaders.map((h: Rec) => h.key)).toEqual(['1', '2', 'none']);
    expect(byCols.cells).toEqual([[58, 8, 8]]);
    expect(byCols.rowTotals).toEqual([66]);
  });
});
