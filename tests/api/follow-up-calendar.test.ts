import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { createJobRunner } from '../../server/jobs/job-runner';
import { declaredSchedules } from '../../server/jobs/job-schedules';
import { FOLDER_STATUS_CALENDAR_JOB, refreshFolderStatuses } from '../../server/modules/follow-up/folder-status-job';
import { addDays, parisDate, parisInstant } from '../../engine/time/paris-time';

// Issue 28 row 16 (reference 8.9): a folder's status counts only the acts done on or before the day. Marking A1
// done three weeks ahead leaves the folder at « Nouveau dossier » today; the daily job moves it to « Conseillé »
// when that day comes; the statistics' status at a period's end agrees with it.

type Rec = Record<string, any>;

describe.each(DIALECTS)('folder status follows the calendar on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  appOn(dialect, (app) => {
    t = app;
  });
  async function ok(method: string, path: string, body?: Rec, status = 200): Promise<Rec> {
    const res = await t.call(path, { method, token, body });
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Rec;
  }
  const statusName = async (folder: number) => (await ok('GET', `/fac/folder/${folder}/`)).statusDetail.name;
  const folderCount = (s: Rec, name: string): number =>
    s.folderModels.find((m: Rec) => m.name === 'Ménages').statuses.find((x: Rec) => x.name === name).nbStatus;

  beforeAll(async () => {
    token = await t.login('conseiller@demo.fr');
  });

  it('an act dated three weeks ahead moves the folder on that day, not before', async () => {
    const today = parisDate(Date.now());
    const ahead = addDays(today, 21);
    const contact = await ok('POST', '/fac/contact/', { firstName: 'Léa', lastName: `Calendrier${dialect}` }, 201);
    const folder = await ok('POST', '/fac/folder/', { contact: contact.pk, model: 1 }, 201);
    const a1 = (folder.actions as Rec[]).find((a) => String(a.modelName).startsWith('A1'))!;
    const before = await ok('GET', '/fac/statistics/1/?groups=2');

    const done = await ok('PATCH', `/fac/action/${a1.pk}/`, { done: true, date: ahead });
    expect(done.folderStatus.name).toBe('Nouveau dossier');
    expect(await statusName(folder.pk)).toBe('Nouveau dossier');

    // The statistics: today the folder is still at its first status; at the day of the act, « Conseillé ».
    const now = await ok('GET', '/fac/statistics/1/?groups=2');
    expect(now.dateEnd).toBeNull();
    expect(folderCount(now, 'Nouveau dossier')).toBe(folderCount(before, 'Nouveau dossier'));
    expect(folderCount(now, 'Conseillé')).toBe(folderCount(before, 'Conseillé'));
    const then = await ok('GET', `/fac/statistics/1/?groups=2&dateEnd=${ahead}`);
    expect(folderCount(then, 'Conseillé')).toBe(folderCount(before, 'Conseillé') + 1);
    expect(folderCount(then, 'Nouveau dossier')).toBe(folderCount(before, 'Nouveau dossier') - 1);

    // The daily job is declared, runs today without moving it, and moves it on the act's day.
    const schedules = declaredSchedules().filter((s) => s.name === FOLDER_STATUS_CALENDAR_JOB);
    expect(schedules).toHaveLength(1);
    expect(await createJobRunner(t.app, { id: `calendar-${dialect}`, schedules }).runOnce()).toBe(1);
    expect(await statusName(folder.pk)).toBe('Nouveau dossier');
    await refreshFolderStatuses(t.app, parisInstant(addDays(ahead, -1), '12:00'));
    expect(await statusName(folder.pk)).toBe('Nouveau dossier');
    expect(await refreshFolderStatuses(t.app, parisInstant(ahead, '00:30'))).toBeGreaterThan(0);
    expect(await statusName(folder.pk)).toBe('Conseillé');
    // The stored status now filters the folders' list at « Conseillé ».
    const conseille = ((await ok('GET', '/fac/status/?folderModel=1')) as unknown as Rec[]).find(
      (s) => s.name === 'Conseillé',
    )!;
    const listed = (await ok('GET', `/fac/folder/?status=${conseille.pk}`)) as unknown as Rec[];
    expect(listed.map((f) => f.pk)).toContain(folder.pk);
  });
});
