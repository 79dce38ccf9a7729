import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn, deleteDemoFolders } from '../helpers/app-suite';

// Statistics of a programme (`/fac/suivi`, docs/follow-up.md; reference file area 8.12, 9.4) on
// the seeded « Programme SARE »: a household folder moved to « Conseillé » by A1 then A2 counts
// once at that status and cumulated in the earlier one, its acts are valued, the budget follows,
// the drill-downs name it, the workbook says the same, and the neighbour structure sees none of it.

type Rec = Record<string, any>;

describe.each(DIALECTS)('follow-up statistics on %s', (dialect) => {
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
  const stats = (who: string, query = 'period=1') => ok('GET', `/fac/statistics/1/?${query}`, who);
  const menages = (s: Rec): Rec => s.folderModels.find((m: Rec) => m.name === 'Ménages');
  const status = (s: Rec, name: string): Rec => menages(s).statuses.find((x: Rec) => x.name === name);
  const act = (s: Rec, prefix: string): Rec =>
    menages(s)
      .categories.flatMap((c: Rec) => c.actions)
      .find((a: Rec) => a.name.startsWith(prefix));

  let before: Rec;
  let folder: Rec;
  let a1: Rec;

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.manager = await t.login('manager@demo.fr');
    // Numbers are checked against the folders made here: the demo's own 2020 folders go first.
    await deleteDemoFolders(t, token.admin!);
    await ok('POST', '/fac/budget/', 'admin', { project: 1, period: 1, group: 2, totalEnvelope: 10000 }, 201);
    await ok(
      'POST',
      '/fac/objective-status/',
      'admin',
      { name: 'Conseils 2020', period: 1, group: 2, status: 2, nbStatuses: 4 },
      201,
    );
    before = await stats('advisor');
    const contact = await ok(
      'POST',
      '/fac/contact/',
      'advisor',
      { firstName: 'Jeanne', lastName: `Suivi${dialect}` },
      201,
    );
    folder = await ok('POST', '/fac/folder/', 'advisor', { contact: contact.pk, model: 1 }, 201);
    const actions = (await ok('GET', `/fac/action/?folder=${folder.pk}&perPage=100`, 'advisor')) as unknown as Rec[];
    a1 = actions.find((a) => a.model === 1)!;
    const a2 = actions.find((a) => a.model === 2)!;
    await ok('PATCH', `/fac/action/${a1.pk}/`, 'advisor', { done: true, date: '2020-03-02' });
    expect(
      (await ok('PATCH', `/fac/action/${a2.pk}/`, 'advisor', { done: true, date: '2020-04-10' })).folderStatus.name,
    ).toBe('Conseillé');
  });

  it('gives the selectors: programmes with the caller’s structures, periods', async () => {
    const sel = await ok('GET', '/fac/statistics/', 'advisor');
    expect(sel.projects).toEqual([{ pk: 1, name: 'Programme SARE', groups: [{ pk: 2, name: 'Espace Conseil Démo' }] }]);
    expect(sel.periods).toEqual([{ pk: 1, name: 'SARE - 2020', dateStart: '2020-01-01', dateEnd: '2020-12-31' }]);
    const admin = await ok('GET', '/fac/statistics/', 'admin');
    expect(admin.projects[0].groups.map((g: Rec) => g.pk).sort()).toEqual([2, 3]);
  });

  it('counts the folder once at « Conseillé » and cumulated in the earlier status', async () => {
    const after = await stats('advisor');
    expect(after.groups).toEqual([{ pk: 2, name: 'Espace Conseil Démo' }]);
    expect(after.dateStart).toBe('2020-01-01');
    expect(after.dateEnd).toBe('2020-12-31');
    expect(status(after, 'Conseillé').nbStatus).toBe(status(before, 'Conseillé').nbStatus + 1);
    expect(status(after, 'Conseillé').nbCumulated).toBe(status(before, 'Conseillé').nbCumulated + 1);
    expect(status(after, 'Nouveau dossier').nbStatus).toBe(status(before, 'Nouveau dossier').nbStatus);
    expect(status(after, 'Nouveau dossier').nbCumulated).toBe(status(before, 'Nouveau dossier').nbCumulated + 1);
    expect(status(after, 'Travaux en cours')).toMatchObject({ nbStatus: status(before, 'Travaux en cours').nbStatus });
    // Objective 4 « Conseillé »: progression = cumul × 100 / 4.
    const advised = status(after, 'Conseillé');
    expect(advised.objective).toBe(4);
    expect(advised.progression).toBe(Math.round(advised.nbCumulated * 2500) / 100);
    // At the end of February, before A1, the folder was still at its first status.
    const february = await stats('advisor', 'period=1&dateEnd=2020-02-29');
    expect(status(february, 'Conseillé').nbStatus).toBe(status(before, 'Conseillé').nbStatus);
    expect(status(february, 'Nouveau dossier').nbStatus).toBe(status(before, 'Nouveau dossier').nbStatus + 1);
  });

  it('counts and values the acts per price line, and follows the budget', async () => {
    const after = await stats('advisor');
    expect(act(after, 'A1').total).toBe(act(before, 'A1').total + 1);
    expect(act(after, 'A2').total).toBe(act(before, 'A2').total + 1);
    const line = act(after, 'A2').lines.find((l: Rec) => l.label === 'Tarifs uniques du SARE');
    expect(line).toMatchObject({ isAct: true, unitValorisation: 50 });
    expect(line.totalValorisation).toBe(line.quantity * 50);
    const spent = menages(after).totalExpenses - menages(before).totalExpenses;
    expect(spent).toBe(58);
    expect(after.budgetTracking).toMatchObject({ totalEnvelope: 10000, periodStart: '2020-01-01' });
    expect(after.budgetTracking.totalExpenses).toBeGreaterThanOrEqual(58);
    expect(after.budgetTracking.graphData.at(-1).cumulatedExpenses).toBe(after.budgetTracking.totalExpenses);
    // From April on, A1 (8 €, in March) is outside the time lapse but still in the period's expenses.
    const april = await stats('advisor', 'period=1&dateStart=2020-04-01');
    expect(april.budgetTracking.totalExpenses).toBe(after.budgetTracking.totalExpenses);
    expect(april.budgetTracking.expensesInSelectedTimeLapse).toBe(after.budgetTracking.totalExpenses - 8);
    expect(act(april, 'A1').total).toBe(act(before, 'A1').total);
    // Without a period: no budget, no objective.
    const all = await stats('advisor', '');
    expect(all.budgetTracking).toBeNull();
    expect(status(all, 'Conseillé').objective).toBeNull();
  });

  it('drills down to who has a status and who did an act', async () => {
    const holders = await ok(
      'GET',
      `/fac/statistics/1/status/${status(await stats('advisor'), 'Conseillé').pk}/?period=1`,
      'advisor',
    );
    expect(holders.status).toBe('Conseillé');
    expect(holders.folders.map((f: Rec) => f.folder)).toContain(folder.pk);
    const doers = await ok('GET', '/fac/statistics/1/did-action/1/?period=1', 'advisor');
    const mine = doers.actions.find((a: Rec) => a.action === a1.pk);
    expect(mine).toMatchObject({ folder: folder.pk, date: '2020-03-02', group: 'Espace Conseil Démo' });
    expect(mine.doneBy).not.toBe('');
  });

  it('writes the same numbers in the workbook', async () => {
    const json = await stats('advisor');
    const res = await fetch(`${t.url}/api/v1/fac/statistics/1/export.xlsx?period=1`, {
      headers: { Authorization: `JWT ${token.advisor}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/FAC_Espace_Conseil_D.*statistics_\d{4}_\d{2}_\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Statistiques', 'Suivi budget']);
    const rows = (name: string) =>
      // Array.from: the sheet's rows are a sparse array (blank rows are holes).
      Array.from(book.getWorksheet(name)!.getSheetValues(), (r) => (Array.isArray(r) ? r.slice(1) : [])) as unknown[][];
    const sheet = rows('Statistiques');
    const title = sheet.findIndex((r) => r[0] === 'Ménages');
    for (const s of menages(json).statuses) {
      const row = sheet.slice(title).find((r) => r[0] === s.name)!;
      expect([row[1], row[3], row[4]]).toEqual([s.nbStatus, s.nbCumulated, s.objective ?? undefined]);
    }
    for (const a of menages(json).categories.flatMap((c: Rec) => c.actions)) {
      const row = sheet.slice(title).find((r) => r[0] === a.name)!;
      expect(row[1]).toBe(a.total);
    }
    const budget = rows('Suivi budget');
    expect(budget.find((r) => r[0] === 'Budget actions :')![1]).toBe(10000);
    const subtotal = budget.find((r) => r[0] === 'Total Ménages :')!;
    expect(subtotal[4]).toBe(menages(json).totalExpenses);
    const a2 = budget.find((r) => r[0] === act(json, 'A2').name && r[1] === 'Tarifs uniques du SARE')!;
    expect([a2[2], a2[3], (a2[4] as Rec).result]).toEqual([
      act(json, 'A2').lines[0].quantity,
      50,
      act(json, 'A2').lines[0].totalValorisation,
    ]);
  });

  it('writes the « Actions » workbook: one row per done action of the selection, by date (9.4)', async () => {
    const res = await fetch(`${t.url}/api/v1/fac/statistics/1/actions.xlsx?period=1`, {
      headers: { Authorization: `JWT ${token.advisor}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/FAC_Espace_Conseil_D.*_actions_\d{4}_\d{2}_\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Actions']);
    const sheet = Array.from(book.getWorksheet('Actions')!.getSheetValues(), (r) =>
      Array.isArray(r) ? r.slice(1) : [],
    ) as unknown[][];
    expect(sheet[2]![0]).toBe('Programme SARE : actions');
    const header = sheet.findIndex((r) => r[0] === 'Structure utilisatrice');
    const body = sheet.slice(header + 1).filter((r) => r.length);
    // The folder of this suite: A1 (2 March) then A2 (10 April), as many rows as the JSON counts.
    const json = await stats('advisor');
    const done = menages(json)
      .categories.flatMap((c: Rec) => c.actions)
      .reduce((n: number, a: Rec) => n + a.total, 0);
    expect(body.length).toBe(done);
    expect(body.map((r) => [r[0], r[1], r[2], r[10], r[12]])).toEqual([
      [
        'Espace Conseil Démo',
        `Suivi${dialect} Jeanne`,
        'Contact',
        'A1 - Information de premier niveau',
        '02 mars 2020',
      ],
      ['Espace Conseil Démo', `Suivi${dialect} Jeanne`, 'Contact', 'A2 - Conseil personnalisé', '10 avr 2020'],
    ]);
    expect(body[0]![11]).toBe('Conseillère Claire');
    // The neighbour's advisor may not ask for the demo structure.
    const theirs = await fetch(`${t.url}/api/v1/fac/statistics/1/actions.xlsx?groups=2`, {
      headers: { Authorization: `JWT ${token.neighbour}` },
    });
    expect(theirs.status).toBe(403);
  });

  it('keeps another structure’s callers out, managers out, and lets administrators see both', async () => {
    const neighbour = await stats('neighbour');
    expect(neighbour.groups).toEqual([{ pk: 3, name: 'Espace Conseil Voisin' }]);
    expect(status(neighbour, 'Conseillé').nbStatus).toBe(0);
    expect(neighbour.budgetTracking).toBeNull();
    const denied = await t.call('/fac/statistics/1/?period=1&groups=2', { token: token.neighbour });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("Vous n'avez pas accès à ce groupe");
    expect((await t.call(`/fac/statistics/1/did-action/1/?groups=2`, { token: token.neighbour })).status).toBe(403);
    const xlsx = await fetch(`${t.url}/api/v1/fac/statistics/1/export.xlsx?groups=2`, {
      headers: { Authorization: `JWT ${token.neighbour}` },
    });
    expect(xlsx.status).toBe(403);
    expect((await t.call('/fac/statistics/1/', { token: token.manager })).status).toBe(403);
    expect((await t.call('/fac/statistics/1/')).status).toBe(401);
    const both = await fetch(`${t.url}/api/v1/fac/statistics/1/export.xlsx?period=1&groups=2,3`, {
      headers: { Authorization: `JWT ${token.admin}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await both.arrayBuffer()) as never);
    // Per structure too; the neighbour has no budget, so no budget sheet.
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Statistiques',
      'Suivi budget',
      'Stats_Espace_Conseil_Démo',
      'Budget_Espace_Conseil_Démo',
      'Stats_Espace_Conseil_Voisin',
    ]);
    const admin = await stats('admin', 'period=1&groups=2,3');
    expect(status(admin, 'Conseillé').nbStatus).toBe(status(await stats('advisor'), 'Conseillé').nbStatus);
    expect((await t.call('/fac/statistics/1/?dateEnd=2020-13-01', { token: token.admin })).body.errors[0].message).toBe(
      'Indiquez une date valide (AAAA-MM-JJ).',
    );
  });
  it('shares a programme: structures from valuation types with the two refusals, pilots read laureates', async () => {
    // Reference 8.8: the programme's structures are its valuation types' (seed: type 1 → 2 and 3).
    const overlapping = await ok(
      'POST',
      '/fac/type-valorization/',
      'admin',
      { name: `Bonifiés ${dialect}`, groups: [3] },
      201,
    );
    const refused = await t.call('/fac/project/1/', {
      method: 'PATCH',
      token: token.admin,
      body: { valuationTypes: [1, overlapping.pk], groups: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        path: 'valuationTypes',
        message: 'Vous ne pouvez pas associer plusieurs types de valorisation appartenant au même groupe.',
      }),
    ]);
    const mismatch = await t.call('/fac/project/1/', { method: 'PATCH', token: token.admin, body: { groups: [2] } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0]).toMatchObject({
      path: 'groups',
      message:
        'Les groupes sélectionnés, ne correspondent pas aux groupes des types de valorisation. ' +
        'Videz les groupes pour éviter les conflits.',
    });
    expect(await ok('GET', '/fac/project/1/', 'admin')).toMatchObject({ groups: [2, 3], valuationTypes: [1] });
    // A type of another structure joins: emptied structures are the union; saving a type adds its structures.
    const rural = await ok('POST', '/fac/type-valorization/', 'admin', { name: `Ruraux ${dialect}`, groups: [] }, 201);
    expect(
      (await ok('PATCH', '/fac/project/1/', 'admin', { valuationTypes: [1, rural.pk], groups: [] })).groups,
    ).toEqual([2, 3]);
    await ok('PATCH', `/fac/type-valorization/${rural.pk}/`, 'admin', { groups: [5] });
    expect((await ok('GET', '/fac/project/1/', 'admin')).groups).toEqual([2, 3, 5]);
    const clash = await t.call(`/fac/type-valorization/${rural.pk}/`, {
      method: 'PATCH',
      token: token.admin,
      body: { groups: [5, 3] },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors[0].path).toBe('groups');
    expect((await ok('PATCH', '/fac/project/1/', 'admin', { valuationTypes: [1], groups: [] })).groups).toEqual([2, 3]);

    // Pilot shares: administrators only, laureates taking part, never the pilot itself.
    const share = { project: 1, pilotGroup: 2, laureateGroups: [3] };
    for (const who of ['advisor', 'neighbour', 'manager'])
      expect((await t.call('/fac/project-share/', { method: 'POST', token: token[who], body: share })).status).toBe(
        403,
      );
    const self = await t.call('/fac/project-share/', {
      method: 'POST',
      token: token.admin,
      body: { ...share, laureateGroups: [2, 3] },
    });
    expect(self.body.errors[0].message).toBe("La structure pilote ne peut pas être l'une de ses lauréates.");
    const outside = await t.call('/fac/project-share/', {
      method: 'POST',
      token: token.admin,
      body: { ...share, laureateGroups: [5] },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors[0].message).toBe(
      "Ces structures ne participent pas au programme (par ses types de valorisation) : Agence Savoie Rénov' Démo.",
    );
    const document = await ok(
      'POST',
      '/fac/contact/',
      'neighbour',
      { firstName: 'Ana', lastName: `Lauréate${dialect}` },
      201,
    );
    const file = await ok(
      'POST',
      '/fac/file/',
      'neighbour',
      { contact: document.pk, note: 'Devis', url: 'https://example.org/devis' },
      201,
    );
    expect((await t.call(`/fac/file/${file.pk}/`, { token: token.advisor })).status).toBe(403);
    await ok('POST', '/fac/folder/', 'neighbour', { contact: document.pk, model: 1 }, 201);
    const created = await ok('POST', '/fac/project-share/', 'admin', share, 201);
    expect((await t.call(`/fac/project-share/${created.pk}/`, { token: token.advisor })).status).toBe(403);

    // The pilot reads its laureate's statistics and documents (read only); the laureate nothing of the pilot.
    const sel = await ok('GET', '/fac/statistics/', 'advisor');
    expect(sel.projects[0].groups.map((g: Rec) => g.pk)).toEqual([2, 3]);
    const laureate = await stats('advisor', 'period=1&groups=3');
    expect(laureate.groups).toEqual([{ pk: 3, name: 'Espace Conseil Voisin' }]);
    expect(status(laureate, 'Conseillé').nbStatus).toBe(status(await stats('neighbour'), 'Conseillé').nbStatus);
    expect((await t.call('/fac/statistics/1/?groups=2', { token: token.neighbour })).status).toBe(403);
    expect((await ok('GET', '/fac/statistics/', 'neighbour')).projects[0].groups).toEqual([
      { pk: 3, name: 'Espace Conseil Voisin' },
    ]);
    expect(await ok('GET', `/fac/file/${file.pk}/`, 'advisor')).toMatchObject({ note: 'Devis', owningGroup: 3 });
    const listed = (await ok('GET', '/fac/file/?owningGroup=3&perPage=100', 'advisor')) as unknown as Rec[];
    expect(listed.map((f) => f.pk)).toContain(file.pk);
    expect(
      (await t.call(`/fac/file/${file.pk}/`, { method: 'PATCH', token: token.advisor, body: { note: 'x' } })).status,
    ).toBe(403);
    expect((await t.call(`/fac/contact/${document.pk}/`, { token: token.advisor })).status).toBe(403);
    // The pivot too: the pilot's rows now hold the laureate's actions of the shared programme.
    const pivotRows = async (who: string) =>
      ((await ok('GET', '/fac/pivot/?rows=structure&project=1&done=all', who)).rowHeaders as Rec[]).map((h) => h.key);
    expect(await pivotRows('advisor')).toEqual(expect.arrayContaining(['2', '3']));
    expect(await pivotRows('neighbour')).not.toContain('2');

    // Ending the share ends the reading.
    await ok('DELETE', `/fac/project-share/${created.pk}/`, 'admin');
    expect(await pivotRows('advisor')).not.toContain('3');
    expect((await t.call(`/fac/file/${file.pk}/`, { token: token.advisor })).status).toBe(403);
    expect((await t.call('/fac/statistics/1/?groups=3', { token: token.advisor })).status).toBe(403);
  });
});
