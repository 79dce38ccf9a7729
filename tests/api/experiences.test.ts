import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Experiences (project references, docs/experiences.md): CRUD by role, the neighbour structure
// refused, the public reading only showcase experiences, the European-partner rule's French 400
// with nothing written, the filters and search, the CSV/xlsx export, the explanation pages.

const GROUP = 2; // Espace Conseil Démo (demo seed)
const EUROPEAN = 13; // demo partner tag « Réseau européen des villes durables (fictif) »
const LOCAL_PARTNER = 12;
const ENGLISH_MISSING = 'Un projet avec un partenaire européen doit comporter une description en anglais.';

describe.each(DIALECTS)('experiences on %s', (dialect) => {
  let t!: TestApp;
  appOn(dialect, (a) => (t = a));
  const token: Record<string, string> = {};

  beforeAll(async () => {
    for (const [who, email] of [
      ['advisor', 'conseiller@demo.fr'],
      ['superadvisor', 'superconseiller@demo.fr'],
      ['neighbour', 'conseiller.voisin@demo.fr'],
      ['manager', 'manager@demo.fr'],
      ['client', 'client@demo.fr'],
      ['admin', 'admin@demo.fr'],
    ])
      token[who] = await t.login(email);
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    title: `Réhabilitation d'un immeuble ${dialect}`,
    internalReference: 'REF-TEST-1',
    owningGroup: GROUP,
    referent: 3,
    description: '<p>Isolation des combles et <script>alert(1)</script>ventilation.</p>',
    role: '<p>Conseil et suivi</p>',
    years: [2],
    jobs: [5],
    ...extra,
  });
  const count = async () =>
    Number(
      (
        (await t.app.database.db
          .selectFrom('experiences_experience')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()) as { n: unknown }
      ).n,
    );

  it('lets the structure’s advisors create, read, change and delete; refuses others', async () => {
    const created = await t.call('/experiences/experience/', { method: 'POST', token: token.advisor, body: body() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pk = created.body.pk as number;
    // Rich text is kept clean (reference 1.4: HTML fields), whatever the client sent.
    expect(created.body.description).toBe('<p>Isolation des combles et ventilation.</p>');
    expect(created.body).toMatchObject({ isShowcase: false, duration: 0, budget: 0, hasEuropeanPartner: false });

    const changed = await t.call(`/experiences/experience/${pk}/`, {
      method: 'PATCH',
      token: token.superadvisor,
      body: { duration: 120, budget: 85000.5 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ duration: 120, budget: 85000.5 });

    // The neighbour structure's advisor, a manager and a client neither read nor change it.
    for (const who of ['neighbour', 'manager', 'client']) {
      expect((await t.call(`/experiences/experience/${pk}/`, { token: token[who] })).status).toBe(403);
      const patch = await t.call(`/experiences/experience/${pk}/`, {
        method: 'PATCH',
        token: token[who],
        body: { title: 'Pris' },
      });
      expect(patch.status).toBe(403);
      expect((await t.call(`/experiences/experience/${pk}/`, { method: 'DELETE', token: token[who] })).status).toBe(
        403,
      );
    }
    const neighbourList = await t.call('/experiences/experience/', { token: token.neighbour });
    expect(neighbourList.body.map((r: { pk: number }) => r.pk)).not.toContain(pk);
    // The neighbour cannot write into this structure either, nor use its tags.
    const intrusion = await t.call('/experiences/experience/', {
      method: 'POST',
      token: token.neighbour,
      body: body({ referent: 8, years: [], jobs: [] }),
    });
    expect(intrusion.status).toBe(403);
    const foreignTag = await t.call('/experiences/experience/', {
      method: 'POST',
      token: token.neighbour,
      body: body({ owningGroup: 3, referent: 8, years: [2], jobs: [] }),
    });
    expect(foreignTag.status).toBe(400);
    expect(foreignTag.body.errors[0]).toMatchObject({ path: 'years' });
    // A tag of the wrong family is refused as well (« Années » takes only year tags).
    const wrongFamily = await t.call('/experiences/experience/', {
      method: 'POST',
      token: token.advisor,
      body: body({ years: [5] }),
    });
    expect(wrongFamily.status).toBe(400);
    expect(wrongFamily.body.errors[0]).toMatchObject({ path: 'years' });

    expect((await t.call(`/experiences/experience/${pk}/`, { method: 'DELETE', token: token.advisor })).status).toBe(
      200,
    );
    expect((await t.call(`/experiences/experience/${pk}/`, { token: token.admin })).status).toBe(404);
  });

  it('shows the public only showcase experiences', async () => {
    const anonymous = await t.call('/experiences/experience/');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.map((r: { pk: number }) => r.pk)).toEqual([1]);
    expect((await t.call('/experiences/experience/1/')).body).toMatchObject({
      title: 'Rénovation globale de la copropriété Les Tilleuls',
      isShowcase: true,
    });
    expect((await t.call('/experiences/experience/2/')).status).toBe(401);
    expect((await t.call('/experiences/experience/2/', { token: token.client })).status).toBe(403);
    // Nobody but the structure writes, showcase or not.
    expect((await t.call('/experiences/experience/1/', { method: 'PATCH', body: { title: 'x' } })).status).toBe(401);
    expect(
      (await t.call('/experiences/experience/1/', { method: 'PATCH', token: token.neighbour, body: { title: 'x' } }))
        .status,
    ).toBe(403);
    // The tags and funding programmes stay the structure's.
    expect((await t.call('/experiences/tag/')).status).toBe(401);
    const neighbourTags = await t.call('/experiences/tag/', { token: token.neighbour });
    expect(neighbourTags.body.map((r: { name: string }) => r.name)).toEqual(['2024']);
  });

  it('asks for the English description when a partner is European: French 400, nothing written', async () => {
    const before = await count();
    for (const descriptionEn of [null, '', '<p></p>']) {
      const res = await t.call('/experiences/experience/', {
        method: 'POST',
        token: token.advisor,
        body: body({ partners: [LOCAL_PARTNER, EUROPEAN], descriptionEn }),
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'descriptionEn', message: ENGLISH_MISSING })]);
    }
    expect(await count()).toBe(before);
    // Adding a European partner to an existing experience is refused too, and leaves it unchanged.
    const local = await t.call('/experiences/experience/', {
      method: 'POST',
      token: token.advisor,
      body: body({ partners: [LOCAL_PARTNER] }),
    });
    expect(local.status).toBe(201);
    const refused = await t.call(`/experiences/experience/${local.body.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { partners: [LOCAL_PARTNER, EUROPEAN], title: 'Changé' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(ENGLISH_MISSING);
    const stored = await t.call(`/experiences/experience/${local.body.pk}/`, { token: token.advisor });
    expect(stored.body).toMatchObject({ partners: [LOCAL_PARTNER], title: body().title });
    // With the English text, it is accepted.
    const ok = await t.call(`/experiences/experience/${local.body.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { partners: [LOCAL_PARTNER, EUROPEAN], descriptionEn: '<p>Insulation and ventilation.</p>' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.hasEuropeanPartner).toBe(true);
    await t.call(`/experiences/experience/${local.body.pk}/`, { method: 'DELETE', token: token.advisor });
  });

  it('filters by each tag family and sponsor, searches text, and exports the same rows as CSV and xlsx', async () => {
    const pks = async (query: string) =>
      ((await t.call(`/experiences/experience/?${query}`, { token: token.advisor })).body as { pk: number }[])
        .map((r) => r.pk)
        .sort();
    expect(await pks('')).toEqual([1, 2]);
    expect(await pks('years=1')).toEqual([1]);
    expect(await pks('years=2')).toEqual([1, 2]);
    expect(await pks('jobs=6')).toEqual([1]);
    expect(await pks('publics=8')).toEqual([2]);
    expect(await pks('tags=9')).toEqual([1]);
    expect(await pks('assignments=11')).toEqual([1, 2]);
    expect(await pks('partners=13')).toEqual([2]);
    expect(await pks('sponsors=1')).toEqual([1]);
    expect(await pks('isShowcase=true')).toEqual([1]);
    // Search ignores case and accents, in title, descriptions and role.
    expect(await pks('q=CHALEUR')).toEqual([1]);
    expect(await pks('q=road%20map')).toEqual([2]);
    expect(await pks('q=feuilles%20de%20route')).toEqual([2]);

    const csv = await fetch(`${t.url}/api/v1/experiences/experience/?format=csv&sort=title`, {
      headers: { Authorization: `JWT ${token.advisor}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/references-\d{4}-\d{2}-\d{2}\.csv/);
    const [head, ...rows] = parse((await csv.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(head.slice(0, 4)).toEqual(['Nom du projet', 'Projet vitrine', 'Référence interne', 'Pilote de projet']);
    expect(head).toContain('Financeurs');
    expect(head).toContain('Description en anglais');
    expect(rows.map((r) => r[0])).toEqual([
      'Maisons des années 1950 : un parcours de rénovation par étapes',
      'Rénovation globale de la copropriété Les Tilleuls',
    ]);
    const tilleuls = rows[1];
    expect(tilleuls[1]).toBe('Oui');
    expect(tilleuls[head.indexOf('Années')]).toBe('2023, 2024');
    expect(tilleuls[head.indexOf('Financeurs')]).toBe('Programme régional Copro durable');

    const xlsx = await fetch(`${t.url}/api/v1/experiences/experience/?format=xlsx&partners=13`, {
      headers: { Authorization: `JWT ${token.advisor}` },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Maisons des années 1950 : un parcours de rénovation par étapes');
    // The neighbour's export has none of these rows.
    const neighbour = await fetch(`${t.url}/api/v1/experiences/experience/?format=csv`, {
      headers: { Authorization: `JWT ${token.neighbour}` },
    });
    const theirs = parse((await neighbour.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(theirs.slice(1).map((r) => r[0])).toEqual(['Rénovation globale de la copropriété Les Tilleuls']);
  });

  it('keeps one explanation per structure, written by its advisors, read by anyone, cleaned', async () => {
    const created = await t.call('/experiences/explanation/', {
      method: 'POST',
      token: token.advisor,
      body: {
        startingAProject: '<h2>Premier rendez-vous</h2><p onclick="x()">Appelez-nous.</p><img src=x onerror=alert(1)>',
        usefulDocs: '<ul><li><a href="javascript:alert(1)">Guide</a></li></ul>',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.owningGroup).toBe(GROUP);
    expect(created.body.startingAProject).not.toMatch(/onclick|onerror/);
    expect(created.body.startingAProject).toContain('<h2>Premier rendez-vous</h2>');
    expect(created.body.usefulDocs).not.toContain('javascript:');
    const again = await t.call('/experiences/explanation/', {
      method: 'POST',
      token: token.superadvisor,
      body: { startingAProject: '<p>Doublon</p>' },
    });
    expect(again.status).toBe(400);
    const publicRead = await t.call(`/experiences/explanation/?owningGroup=${GROUP}`);
    expect(publicRead.status).toBe(200);
    expect(publicRead.body).toHaveLength(1);
    const neighbourWrite = await t.call(`/experiences/explanation/${created.body.pk}/`, {
      method: 'PATCH',
      token: token.neighbour,
      body: { usefulDocs: '<p>Pris</p>' },
    });
    expect(neighbourWrite.status).toBe(403);
    expect((await t.call('/experiences/explanation/', { method: 'POST', body: { usefulDocs: 'x' } })).status).toBe(401);
    await t.call(`/experiences/explanation/${created.body.pk}/`, { method: 'DELETE', token: token.advisor });
  });
});
