import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { flat, pdfText } from '../helpers/pdf-text';

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
    // Another structure's advisor is an account this advisor does not even see (issue 25, 2): refused as unknown.
    const unseen = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk, area: 95 },
      report: { pk: report.pk, advisor: 8 },
    });
    expect(unseen.status).toBe(400);
    expect(unseen.body.errors).toEqual([expect.objectContaining({ path: 'report.advisor', code: 'relation_missing' })]);
    // An administrator sees every account: the report's own rule answers.
    const refused = await call('/visit-report/save/', 'admin', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk, area: 95 },
      report: { pk: report.pk, advisor: 8 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        path: 'report.advisor',
        message:
          "Ce conseiller n'a pas suivi ce ménage : choisissez un conseiller d'une des structures " +
          'attachées au logement.',
      }),
    ]);
    const stored = await call(`/visit-report/report/${report.pk}/`, 'advisor');
    expect(stored.body.advisor).toBe(3);
    expect((await call(`/visit-report/housing/${housing.pk}/`, 'advisor')).body.area).toBe(80);

    // Once the neighbour structure follows the household too, its advisor may sign. Named by an administrator: an
    // advisor does not see another structure's accounts (issue 25, 2), so the relation check refuses it to them.
    const shared = await call('/visit-report/save/', 'admin', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk, groups: [2, 3] },
      report: { pk: report.pk, advisor: 8 },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.report.advisor).toBe(8);
    const after = await call(`/visit-report/advisors-for-housing/${housing.pk}/`, 'admin');
    expect(after.body.map((a: Rec) => a.pk)).toEqual([3, 4, 8]);
  });

  // Issue 28 row 10: spec 02's three housing types are offered (with the codes pre-recommendations and older files
  // use); the construction year stays empty when unknown instead of a made-up 1900 (docs/visit-report.md).
  it("offers the spec's housing types and leaves an unknown construction year empty", async () => {
    const meta = await call('/meta/entity/housing', 'advisor');
    expect(meta.status).toBe(200);
    const type = meta.body.schema.properties.housingType;
    expect(type.enum.slice(0, 3)).toEqual(['house', 'flat-individual-heating', 'flat-collective-heating']);
    expect(type['x-enum-labels']['flat-collective-heating']).toBe('Appartement, chauffage collectif');
    const contact = await call('/fac/contact/', 'advisor', 'POST', { firstName: 'Noé', lastName: `Type${dialect}` });
    const saved = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { contact: contact.body.pk, housingType: 'flat-collective-heating' },
      report: { visitDate: '2026-03-03' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.housing).toMatchObject({ housingType: 'flat-collective-heating', year: '' });
    const wrong = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { pk: saved.body.housing.pk, housingType: 'castle' },
      report: { pk: saved.body.report.pk },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].path).toBe('housing.housingType');
  });

  // Issue 28 row 8: the lighting, auxiliary and air-conditioning consumptions are stored, and printed; a scenario's
  // summaries choose which of its blocks the PDF prints.
  it('stores and prints lighting, auxiliaries, air conditioning; scenario summaries choose the blocks', async () => {
    const contact = await call('/fac/contact/', 'advisor', 'POST', { firstName: 'Élise', lastName: `Conso${dialect}` });
    const report = {
      visitDate: '2026-03-04',
      consumptionLighting: [
        { label: 'Séjour (LED)', consumption: 120 },
        { label: 'Extérieur', consumption: 45 },
      ],
      consumptionAuxiliary: [{ label: 'VMC simple flux', consumption: 230 }],
      consumptionAirConditionning: 640,
      workRecommendations: [
        { category: 'enveloppe', nature: 'roof-insulation', cost: 9000, selectedScenarioPrimary: true },
      ],
      primaryScenario: {
        label: 'Toiture',
        financings: [{ nature: 'ecoptz', amount: 5000, selected: true }],
        scenarioSummaries: [
          { nature: 'works', selected: true },
          { nature: 'financings', selected: false },
        ],
      },
    };
    const tooMany = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { contact: contact.body.pk },
      report: { ...report, consumptionAuxiliary: Array.from({ length: 10 }, (_, i) => ({ label: `A${i}` })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].path).toMatch(/^report\.consumptionAuxiliary/);
    const saved = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { contact: contact.body.pk },
      report,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = (await call(`/visit-report/report/${saved.body.report.pk}/`, 'advisor')).body as Rec;
    expect(stored).toMatchObject({
      consumptionLighting: report.consumptionLighting,
      consumptionAuxiliary: [{ label: 'VMC simple flux', consumption: 230 }],
      consumptionAirConditionning: 640,
    });
    expect(stored.primaryScenario.scenarioSummaries).toEqual(report.primaryScenario.scenarioSummaries);
    // A new report's scenarios start with every block ticked.
    expect(stored.secondaryScenario.scenarioSummaries.map((s: Rec) => [s.nature, s.selected])).toEqual([
      ['works', true],
      ['financial-aids', true],
      ['financings', true],
      ['remaining-cost', true],
    ]);

    const pdf = await fetch(`${t.url}/api/v1/visit-report/report/pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token.advisor}` },
      body: JSON.stringify({ domain: 'localhost', data: { report: saved.body.report.pk } }),
    });
    expect(pdf.status).toBe(200);
    const text = flat((await pdfText(await pdf.arrayBuffer())).text);
    for (const shown of ['Séjour (LED)', 'Extérieur', "Total de l'éclairage", 'VMC simple flux', 'Climatisation'])
      expect(text).toContain(shown);
    expect(text).toMatch(/Total de l'éclairage 165 kWh\/an/);
    expect(text).toMatch(/Climatisation 640 kWh\/an/);
    // The primary scenario's financings are unticked: its table is not printed (the secondary has none).
    expect(text).toContain('Travaux du scénario');
    expect(text).not.toContain('Total des financements');
  });
});
