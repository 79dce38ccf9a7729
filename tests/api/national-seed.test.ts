import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { postgresReachable, createTestDatabase } from '../helpers/databases';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  NATIONAL_MARKER,
  NATIONAL_PASSWORD,
  nationalCounts,
  seedNational,
  type NationalReport,
} from '../../server/seed/national/seed-national';
import demoContacts from '../../fixtures/demo/contact.json';
import demoProfessionals from '../../fixtures/demo/listepro-professional.json';
import demoAppointments from '../../fixtures/demo/appointment.json';
import demoNotes from '../../fixtures/demo/note.json';

// The national data set (issue 14 item 4) at a tiny scale on a fresh PostgreSQL database: the
// row counts the scale asks for, the search side tables the COPY bypassed filled as the trigger
// would, and the application serving the result (an advisor's contact search, the public
// directory search). The scale-1 run and its timing are in docs/performance.md.

const ROOT = resolve(import.meta.dirname, '../..');
const SCALE = 0.0005;
const DAY = new Date('2026-11-30T00:00:00.000Z');
const run = promisify(execFile);

describe.runIf(await postgresReachable())('national data set on PostgreSQL', () => {
  let t: TestApp;
  let report: NationalReport;
  const counts = nationalCounts(SCALE);
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.database.db)).rows[0]!.n,
    );

  beforeAll(async () => {
    const database = await createTestDatabase('postgres', { prefix: 'national_test' });
    t = await startTestApp('postgres', { database });
    report = await seedNational(t.app, { scale: SCALE, day: DAY });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('writes the counts the scale asks for, beside the demo data', async () => {
    expect(await count('fac_contact')).toBe(demoContacts.length + counts.contacts);
    expect(await count('listepro_professional')).toBe(demoProfessionals.length + counts.professionals);
    expect(await count('dialogwatt_appointment')).toBe(demoAppointments.length + counts.appointments);
    expect(await count('fac_note')).toBe(demoNotes.length + counts.notes);
    expect(report.fac_organization).toBe(counts.organisations);
    expect(report.fac_member_of_organization).toBe(counts.memberships);
    expect(report.account_user).toBe(counts.staff + counts.professionals);
    expect(report.account_group).toBe(counts.structures);
    const marker = await t.app.database.db
      .selectFrom('app_setting')
      .select('value')
      .where('key', '=', NATIONAL_MARKER)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(marker.value)).toEqual({ scale: SCALE, day: '2026-11-30' });
  });

  it('fills the global search postings exactly as the per-row trigger does', async () => {
    const postings = () => count('fac_contact_gsearch_posting');
    const before = await postings();
    expect(before).toBeGreaterThan(counts.contacts * 5);
    // Rewriting the column fires the trigger, which deletes and re-inserts each record's postings.
    await sql`update fac_contact set global_search = global_search`.execute(t.app.database.db);
    expect(await postings()).toBe(before);
  });

  it('serves a seeded contact to an advisor of its structure, found by the list search', async () => {
    const contact = await t.app.database.db
      .selectFrom('fac_contact')
      .select(['pk', 'first_name', 'last_name', 'town', 'owning_group'])
      .orderBy('pk', 'desc')
      .executeTakeFirstOrThrow();
    const advisor = await t.app.database.db
      .selectFrom('account_user')
      .select('email')
      .where('group', '=', contact.owning_group)
      .where('user_type', 'in', ['advisor', 'superadvisor'])
      .orderBy('pk')
      .executeTakeFirstOrThrow();
    const token = await t.login(String(advisor.email), NATIONAL_PASSWORD);
    const detail = await t.call(`/fac/contact/${contact.pk}/`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ firstName: contact.first_name, lastName: contact.last_name });
    const q = encodeURIComponent(`${contact.last_name} ${contact.town}`);
    const list = await t.call(`/fac/contact/?q=${q}&perPage=200`, { token });
    expect(list.status).toBe(200);
    expect((list.body as { pk: number }[]).map((c) => c.pk)).toContain(contact.pk);
  });

  it('answers the public directory search with seeded professionals', async () => {
    const presentation = await t.app.database.db
      .selectFrom('listepro_presentation')
      .select(['professional', 'activities', 'sub_missions'])
      .where('version', '=', 'published')
      .orderBy('pk', 'desc')
      .executeTakeFirstOrThrow();
    const activity = (JSON.parse(String(presentation.activities)) as number[])[0];
    const subMissions = JSON.parse(String(presentation.sub_missions)) as number[];
    // A sub-mission linked to that activity in the reference tree (the presentation may list others).
    const link = await t.app.database.db
      .selectFrom('listepro_link')
      .select('sub_mission')
      .where('activity', '=', activity!)
      .where('sub_mission', 'in', subMissions)
      .executeTakeFirstOrThrow();
    const found: number[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await t.call(
        `/listepro/public/search/?activity=${activity}&subMission=${link.sub_mission}&perPage=50&page=${page}&seed=1`,
        { domain: 'annuaire.localhost' },
      );
      expect(res.status).toBe(200);
      const pks = (res.body.results as { pk: number }[]).map((r) => r.pk);
      found.push(...pks);
      if (pks.length < 50) break;
    }
    expect(found).toContain(presentation.professional);
  });

  it('refuses a second run into the same database, in French', async () => {
    await expect(seedNational(t.app, { scale: SCALE, day: DAY })).rejects.toThrow(/contient déjà le jeu de données/);
  });

  it('refuses SQLite with a French message, before touching anything', async () => {
    const err = (await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed-national.ts', '--scale=0.01', '--database-url=sqlite:/nonexistent/x.sqlite'],
      { cwd: ROOT },
    ).catch((e: unknown) => e)) as { code?: number; stderr?: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/ne se charge que dans PostgreSQL/);
  });
});
