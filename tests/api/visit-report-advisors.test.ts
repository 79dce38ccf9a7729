import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Issue 28 row 9 (reference 10.8 `advisors-for-housing`): a report's advisor is one of the advisors who followed
// the household (the active advisors of the housing's structures), the signed-in advisor by default; another
// is refused in French with nothing saved.

type Rec = Record<string, any>;

describe.each(DIALECTS)('visit report advisor on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  const call = (path: string, who: string, method = 'GET', body?: Rec) =>
    t.call(path, { method, token: token[who], body }) as Promise<{ status: number; body: any }>;

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
  });

  it('defaults to the signed-in advisor and offers only the advisors who followed the household', async () => {
    const contact = await call('/fac/contact/', 'advisor', 'POST', { firstName: 'Inès', lastName: `Signe${dialect}` });
    expect(contact.status).toBe(201);
    const saved = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { contact: contact.body.pk, area: 80 },
      report: { visitDate: '2026-03-02' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { housing, report } = saved.body as Rec;
    expect(report.advisor).toBe(3); // conseiller@demo.fr

    const advisors = await call(`/visit-report/advisors-for-housing/${housing.pk}/`, 'advisor');
    expect(advisors.status).toBe(200);
    expect(advisors.body).toEqual([
      {
        pk: 3,
        fullName: 'Claire Conseillère',
        email: 'conseiller@demo.fr',
        group: { pk: 2, name: expect.any(String) },
      },
      { pk: 4, fullName: 'Samuel Superconseiller', email: 'superconseiller@demo.fr', group: expect.any(Object) },
    ]);
    // The neighbour structure's advisor neither lists them nor signs the report.
    expect([403, 404]).toContain((await call(`/visit-report/advisors-for-housing/${housing.pk}/`, 'neighbour')).status);
    expect((await call('/visit-report/advisors-for-housing/abc/', 'advisor')).status).toBe(404);
    const refused = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk, area: 95 },
      report: { pk: report.pk, advisor: 8 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        path: 'report.advisor',
        message:
          "Ce conseiller n'a pas suivi ce ménage : choisissez un conseiller d'une des structures attachées au logement.",
      }),
    ]);
    const stored = await call(`/visit-report/report/${report.pk}/`, 'advisor');
    expect(stored.body.advisor).toBe(3);
    expect((await call(`/visit-report/housing/${housing.pk}/`, 'advisor')).body.area).toBe(80);

    // Once the neighbour structure follows the household too, its advisor may sign.
    const shared = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk, groups: [2, 3] },
      report: { pk: report.pk, advisor: 8 },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.report.advisor).toBe(8);
    const after = await call(`/visit-report/advisors-for-housing/${housing.pk}/`, 'admin');
    expect(after.body.map((a: Rec) => a.pk)).toEqual([3, 4, 8]);
  });
});
