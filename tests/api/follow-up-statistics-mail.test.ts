import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { createJobRunner } from '../../server/jobs/job-runner';
import { purgeExpiredExports } from '../../server/modules/follow-up/statistics-export-job';
import { fileStorage } from '../../server/storage';

// The statistics workbook built in the background and mailed (`/fac/suivi` « Recevoir par e-mail »,
// docs/follow-up.md; reference 9.4): a queued job that one runner claims, the same workbook as the
// JSON statistics behind a secret link that only its requester may open, a French failure.

type Rec = Record<string, any>;

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

describe.each(DIALECTS)('follow-up statistics workbook by mail on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { env: { SMTP_URL: smtp.url, MAIL_FROM: '"Rénovation Démo" <noreply@demo.fr>' } },
  );
  const runner = (id: string) => createJobRunner(t.app, { id: `${id}-${dialect}`, schedules: [] });

  async function ok(method: string, path: string, who: string, body?: Rec, status = 200): Promise<Rec> {
    const res = await t.call(path, { method, token: token[who], body });
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Rec;
  }
  const file = (pk: number, cle: string, who?: string) =>
    fetch(`${t.url}/api/v1/fac/statistics/exports/${pk}/file/?cle=${encodeURIComponent(cle)}`, {
      headers: who ? { Authorization: `JWT ${token[who]}` } : {},
    });

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.manager = await t.login('manager@demo.fr');
  });

  it('refuses a bad selection, a foreign structure and managers before queuing anything', async () => {
    const bad = await ok('POST', '/fac/statistics/1/export-mail/', 'advisor', { dateStart: '31/02/2020' }, 400);
    expect(bad.errors[0]).toMatchObject({ path: 'dateStart', message: 'Indiquez une date valide (AAAA-MM-JJ).' });
    const foreign = await ok('POST', '/fac/statistics/1/export-mail/', 'neighbour', { groups: '2' }, 403);
    expect(foreign.message).toBe("Vous n'avez pas accès à ce groupe");
    await ok('POST', '/fac/statistics/1/export-mail/', 'manager', {}, 403);
    expect(await runner('idle').runOnce()).toBe(0);
  });

  it('builds the workbook once, mails a secret link, and the file has the JSON’s numbers', async () => {
    const queued = await ok('POST', '/fac/statistics/1/export-mail/', 'advisor', { period: '1' }, 202);
    expect(queued).toMatchObject({ status: 'queued', progress: 0 });
    expect(queued.message).toBe('Le classeur est en attente : sa préparation va commencer.');
    // One mailed export at a time per user: a second request while the first waits is refused
    // in French and queues nothing (the runner below finds exactly one job).
    const again = await ok('POST', '/fac/statistics/1/export-mail/', 'advisor', { period: '1' }, 409);
    expect(again.message).toBe(
      "Un classeur de statistiques est déjà en préparation pour vous : attendez de le recevoir par e-mail avant d'en " +
        'demander un autre.',
    );
    // Someone else never sees it, not even an administrator.
    await ok('GET', `/fac/statistics/exports/${queued.pk}/`, 'neighbour', undefined, 404);
    await ok('GET', `/fac/statistics/exports/${queued.pk}/`, 'admin', undefined, 404);
    expect((await t.call(`/fac/statistics/exports/${queued.pk}/`)).status).toBe(401);

    const before = smtp.mails.length;
    // Two processes: the first claims the job, the second finds nothing left to do.
    expect(await runner('a').runOnce()).toBe(1);
    expect(await runner('b').runOnce()).toBe(0);
    const sent = await ok('GET', `/fac/statistics/exports/${queued.pk}/`, 'advisor');
    expect(sent).toMatchObject({ status: 'sent', progress: 100 });
    expect(sent.message).toMatch(/^Le classeur a été envoyé à conseiller@demo\.fr ; le lien .* valable jusqu’au /);
    expect(sent.fileName).toMatch(/^FAC_Espace_Conseil_D.*statistics_\d{4}_\d{2}_\d{2}\.xlsx$/);

    const mail = await smtp.waitFor('conseiller@demo.fr', before);
    expect(smtp.mails.slice(before).filter((m) => m.to.includes('conseiller@demo.fr'))).toHaveLength(1);
    expect(mail.subject).toBe('Rénovation Démo - [FAC] Votre classeur de statistiques est prêt');
    expect(mail.text).toContain('« Programme SARE » du 01/01/2020 au 31/12/2020 (Espace Conseil Démo)');
    const link = /(https?:\/\/[^\s"<>]+\/fac\/suivi\?classeur=(\d+)&cle=([A-Za-z0-9_-]+))/.exec(mail.text)!;
    expect(link, mail.text).not.toBeNull();
    expect(Number(link[2])).toBe(queued.pk);
    const cle = link[3]!;

    const res = await file(queued.pk, cle, 'advisor');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Statistiques']);
    const json = await ok('GET', '/fac/statistics/1/?period=1', 'advisor');
    const sheet = Array.from(book.getWorksheet('Statistiques')!.getSheetValues(), (r) =>
      Array.isArray(r) ? r.slice(1) : [],
    ) as unknown[][];
    let checked = 0;
    for (const model of json.folderModels as Rec[]) {
      const title = sheet.findIndex((r) => r[0] === model.name);
      expect(title, model.name).toBeGreaterThanOrEqual(0);
      for (const s of model.statuses) {
        const row = sheet.slice(title).find((r) => r[0] === s.name)!;
        expect([row[1], row[3]], `${model.name} ${s.name}`).toEqual([s.nbStatus, s.nbCumulated]);
        checked += 1;
      }
      for (const a of model.categories.flatMap((c: Rec) => c.actions)) {
        const row = sheet.slice(title).find((r) => r[0] === a.name)!;
        expect(row[1], `${model.name} ${a.name}`).toBe(a.total);
        checked += 1;
      }
    }
    // The demo's folders are counted: the comparison is not between two empty tables.
    expect(checked).toBeGreaterThan(10);
    const counted = (json.folderModels as Rec[]).flatMap((m) => m.statuses).reduce((n, s) => n + s.nbStatus, 0);
    expect(counted).toBeGreaterThan(0);

    // Only its requester, with the link's secret.
    expect((await file(queued.pk, cle, 'neighbour')).status).toBe(404);
    expect((await file(queued.pk, cle, 'admin')).status).toBe(404);
    expect((await file(queued.pk, `${cle}x`, 'advisor')).status).toBe(404);
    expect((await file(queued.pk, cle)).status).toBe(401);

    // Past its date the link says so, and the hourly purge removes the file.
    const row = await t.app.database.db
      .selectFrom('fac_statistics_export')
      .select('file_key')
      .where('pk', '=', queued.pk)
      .executeTakeFirstOrThrow();
    await t.app.database.db
      .updateTable('fac_statistics_export')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('pk', '=', queued.pk)
      .execute();
    const expired = await file(queued.pk, cle, 'advisor');
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as Rec).message).toBe(
      'Ce lien a expiré : demandez un nouveau classeur depuis la page Suivi.',
    );
    expect(await purgeExpiredExports(t.app)).toBe(1);
    expect(await fileStorage(t.app).exists(row.file_key!)).toBe(false);
  });

  it('builds one sheet per structure for an administrator, fails in French when the requester is gone', async () => {
    const both = await ok('POST', '/fac/statistics/1/export-mail/', 'admin', { period: '1', groups: '2,3' }, 202);
    // The advisor's first export was sent: a new one is accepted again.
    const gone = await ok('POST', '/fac/statistics/1/export-mail/', 'advisor', {}, 202);
    await t.app.database.db
      .updateTable('account_user')
      .set({ is_active: 0 })
      .where('email', '=', 'conseiller@demo.fr')
      .execute();
    try {
      const before = smtp.mails.length;
      expect(await runner('c').runOnce()).toBe(2);
      const mail = await smtp.waitFor('admin@demo.fr', before);
      const cle = /cle=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      const res = await file(both.pk, cle, 'admin');
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      expect(book.worksheets.map((s) => s.name)).toEqual([
        'Statistiques',
        'Stats_Espace_Conseil_Démo',
        'Stats_Espace_Conseil_Voisin',
      ]);
      const failed = await t.app.database.db
        .selectFrom('fac_statistics_export')
        .select(['status', 'error'])
        .where('pk', '=', gone.pk)
        .executeTakeFirstOrThrow();
      expect(failed).toEqual({ status: 'failed', error: 'Votre compte ne permet plus de préparer ce classeur.' });
      expect(smtp.mails.slice(before).some((m) => m.to.includes('conseiller@demo.fr'))).toBe(false);
    } finally {
      await t.app.database.db
        .updateTable('account_user')
        .set({ is_active: 1 })
        .where('email', '=', 'conseiller@demo.fr')
        .execute();
    }
  });
});
