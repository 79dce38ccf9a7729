import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { flat, pdfText } from '../helpers/pdf-text';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { formatWithUnit } from '../../engine/simulators/shared/format-fr';

// Visit reports and pre-recommendations (spec 02 §2, §4, §5; reference 10; docs/visit-report.md):
// housing and report saved in one transaction, the contact type of each kind, the structure's
// scope, and the PDF read back with pdf.js.

type Rec = Record<string, any>;

const SAVED_LOAN = {
  annualInvoice: 2000,
  productionSystemUsed: 'oil_boiler_standard',
  productionSystemWanted: 'heat_pump_air_water',
  livingSpace: 110,
  costOfEnergyIncrease: 0.04,
  futureEnergyConsumption: 50,
  estimatedCostOfHouseWork: 55_000,
  estimatedAmountOfHelps: 10_000,
  regularLoanRate: 0.025,
  ecoLoanRate: 0,
  regularLoanLength: 15,
  ecoLoanLength: 20,
  ecoLoanAmount: 50_000,
};

/** Two heating solutions of a house, as the Thermix screen saves them (systems by identifier). */
const SAVED_HEATING = {
  year: 2026,
  thermalSolarProdByM2: 450,
  needs: { heating: 14_000, hotWater: 2_500, housingCategory: 'individual' },
  solutions: [
    {
      heatingSystems: [{ identifier: 'gaz_boiler_condensing' }],
      hotWaterSystems: [{ identifier: 'gaz_boiler_condensing' }],
    },
    { heatingSystems: [{ identifier: 'heat_pump_air_water' }], hotWaterSystems: [] },
  ],
};

/** A 1 × 1 PNG: the structure's logo. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function reportBody(simulation: number): Rec {
  return {
    visitDate: '2026-11-20',
    dpe: 'e',
    consumptionHeating: 18_000,
    identityComment: 'Couple avec deux enfants, propriétaires depuis 2015.',
    faces: [
      { nature: 'roof', evaluation: 1, insulationNature: 'mineral', comment: 'Laine de verre tassée.' },
      { nature: 'wall', evaluation: 0, insulationNature: null, comment: 'Murs en pierre non isolés.' },
    ],
    systems: [{ nature: 'heating-main', description: 'Chaudière fioul de 1998' }],
    workRecommendations: [
      {
        category: 'enveloppe',
        nature: 'roof-insulation',
        cost: 12_000,
        selectedScenarioPrimary: true,
        selectedScenarioSecondary: true,
      },
      { category: 'enveloppe', nature: 'wall-insulation', cost: 18_500, selectedScenarioPrimary: true },
      {
        category: 'systems',
        nature: 'heating-production',
        name: 'PAC air-eau',
        cost: 14_000,
        selectedScenarioPrimary: true,
      },
      { category: 'systems', nature: 'ventilation', cost: 3_500, selectedScenarioSecondary: true },
    ],
    primaryScenario: {
      label: 'Rénovation globale',
      financialAids: [
        { nature: 'anah', amount: 10_000, selected: true },
        { nature: 'cee-regular', amount: 4_000, selected: true },
      ],
      financings: [{ nature: 'ecoptz', amount: 30_000, selected: true }],
    },
    secondaryScenario: {
      label: 'Par étapes',
      financialAids: [{ nature: 'prime-renov', amount: 4_000, selected: true }],
      financings: [],
    },
    steps: [
      { milestone: 'estimation', category: 'financing', description: 'Déposer le dossier Anah avant de signer.' },
    ],
    conclusionComment: 'Commencer par la toiture.',
    appendixFinancial: true,
    appendixEcorenover: true,
    ecorenoverSimulation: simulation,
  };
}

describe.each(DIALECTS)('visit reports on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  let contact: Rec;
  let organization: Rec;
  let simulation: Rec;

  const call = (path: string, who: string, method = 'GET', body?: unknown) =>
    t.call(path, { method, token: token[who], body });

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    contact = (await call('/fac/contact/', 'advisor', 'POST', { firstName: 'Lina', lastName: `Durand ${dialect}` }))
      .body;
    organization = (
      await call('/fac/organization/', 'advisor', 'POST', { name: `Copropriété Les Tilleuls ${dialect}` })
    ).body;
    simulation = (
      await call('/fac/ecorenover-simulation/', 'advisor', 'POST', {
        contact: contact.pk,
        description: 'Simulation du 20 novembre',
        savedInputs: SAVED_LOAN,
      })
    ).body;
    expect(simulation.pk).toBeTypeOf('number');
  });

  it('saves a housing and its report together, never half, and prints it with the totals of the screen', async () => {
    const housingCount = async () =>
      Number(
        (
          (await t.app.database.db
            .selectFrom('fac_housing' as never)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()) as { n: unknown }
        ).n,
      );
    // A report the schema refuses: no housing is created either.
    const before = await housingCount();
    const refused = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { contact: contact.pk, area: 110, address: '3 rue des Lilas' },
      report: { ...reportBody(simulation.pk), faces: [{ nature: 'ceiling', evaluation: 9 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: Rec) => e.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^report\.faces/)]),
    );
    expect(await housingCount()).toBe(before);

    const saved = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { contact: contact.pk, area: 110, address: '3 rue des Lilas', postcode: '38000', city: 'Grenoble' },
      report: reportBody(simulation.pk),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { housing, report, scenarios } = saved.body as Rec;
    expect(housing.groups).toEqual([2]);
    expect(report).toMatchObject({ kind: 'visit', housing: housing.pk, group: 2 });
    expect(scenarios.map((s: Rec) => [s.label, s.worksCost, s.aidsTotal, s.financingsTotal, s.remainingCost])).toEqual([
      ['Rénovation globale', 44_500, 14_000, 30_000, 500],
      ['Par étapes', 15_500, 4_000, 0, 11_500],
    ]);

    // A change whose report part fails leaves the housing as it was.
    const half = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk, area: 999 },
      report: { pk: report.pk, visitDate: 'pas une date' },
    });
    expect(half.status).toBe(400);
    expect((await call(`/visit-report/housing/${housing.pk}/`, 'advisor')).body.area).toBe(110);
    // A second report on the same housing is refused: the save opens the existing one.
    const second = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk },
      report: reportBody(simulation.pk),
    });
    expect(second.status).toBe(400);
    expect(second.body.errors[0].message).toBe('Ce logement a déjà un compte rendu : ouvrez-le pour le modifier.');
    const changed = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { pk: housing.pk, area: 120 },
      report: { pk: report.pk, conclusionComment: 'Commencer par la toiture, puis les murs.' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.housing.area).toBe(120);

    // The recent files of the search screen.
    const recent = await call('/visit-report/entities/?type=contacts', 'advisor');
    expect(recent.body.results[0]).toMatchObject({ housing: housing.pk, contact: contact.pk, report: report.pk });
    expect(recent.body.results[0].name).toBe(`Lina Durand ${dialect}`);
    expect((await call('/visit-report/entities/?type=contacts', 'neighbour')).body.results).not.toContainEqual(
      expect.objectContaining({ housing: housing.pk }),
    );

    // The PDF holds the totals the save answered (the screen's) and numbers its pages.
    const pdf = await fetch(`${t.url}/api/v1/visit-report/report/pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token.advisor}` },
      body: JSON.stringify({ domain: 'localhost', data: { report: report.pk } }),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="diagnostic-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const { text, pages } = await pdfText(await pdf.arrayBuffer());
    for (const heading of [
      "Compte rendu d'entretien",
      `Lina Durand ${dialect}`,
      '3 rue des Lilas, 38000 Grenoble',
      'Identités',
      'Évaluation du logement',
      'Recommandations de travaux',
      'Financement',
      'Comparaison des scénarios',
      'Conclusion',
      'Annexe : Synthèse financière des scénarios',
      'Annexe : Simulation de prêt de rénovation',
      'Simulation du 20 novembre',
      'Commencer par la toiture, puis les murs.',
    ])
      expect(text).toContain(heading);
    for (const s of scenarios as Rec[])
      for (const amount of [s.worksCost, s.aidsTotal, s.remainingCost])
        expect(text, `${s.label} ${amount}`).toContain(flat(formatWithUnit(amount, '€', 0)));
    expect(text).toContain(
      `Reste à charge ${flat(formatWithUnit(500, '€', 0))} ${flat(formatWithUnit(11_500, '€', 0))}`,
    );
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(text).toContain(`Page 1 / ${pages}`);
    expect(text).toContain(`Page ${pages} / ${pages}`);

    // The print page's way: the data kept in the temporary store, the PDF drawn from its uuid without sign-in.
    const stored = await call('/visit-report/report/print/', 'advisor', 'POST', { report: report.pk });
    expect(stored.status).toBe(201);
    const entry = await t.call(`/pdf_generator/pdf_temp_store/${stored.body.uuid}`);
    expect(entry.body.data.visitReport.scenarios[0].remainingCost).toBe(500);
    const publicPdf = await t.call('/visit-report/report/pdf', {
      method: 'POST',
      body: { domain: 'localhost', data: { uuid: stored.body.uuid } },
    });
    expect(publicPdf.status).toBe(200);

    // A neighbour structure's advisor: refused everywhere.
    expect((await call(`/visit-report/report/${report.pk}/`, 'neighbour')).status).toBe(403);
    expect(
      (
        await call('/visit-report/save/', 'neighbour', 'POST', {
          kind: 'visit',
          housing: { pk: housing.pk },
          report: { pk: report.pk, conclusionComment: 'Intrus' },
        })
      ).status,
    ).toBe(403);
    expect((await call('/visit-report/report/print/', 'neighbour', 'POST', { report: report.pk })).status).toBe(403);
    const neighbourPdf = await fetch(`${t.url}/api/v1/visit-report/report/pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token.neighbour}` },
      body: JSON.stringify({ data: { report: report.pk } }),
    });
    expect(neighbourPdf.status).toBe(403);
  });

  it('prints the chosen appendices: both saved simulations with figures, the professionals, the logo', async () => {
    const heating = await call('/fac/heating-simulation/', 'advisor', 'POST', {
      contact: contact.pk,
      simulator: 'thermix',
      description: 'Chaudière gaz ou pompe à chaleur',
      savedInputs: SAVED_HEATING,
    });
    expect(heating.status, JSON.stringify(heating.body)).toBe(201);
    expect(heating.body.owningGroup).toBe(2);
    const computed = (await t.call('/thermix/compute_results', { method: 'POST', body: SAVED_HEATING })).body;
    const loan = (await t.call('/ecorenover/compute', { method: 'POST', body: SAVED_LOAN })).body;
    // The signing structure's logo, uploaded on the structure's form (its « Logo imprimé » file field).
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(LOGO)], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${t.url}/api/v1/accounts/group/file/logo/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token.advisor}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const logoRef = await uploaded.json();
    const group = await call('/accounts/group/2/', 'advisor', 'PATCH', { logo: logoRef });
    expect(group.status, JSON.stringify(group.body)).toBe(200);

    const other = (
      await call('/fac/contact/', 'advisor', 'POST', { firstName: 'Paul', lastName: `Annexes ${dialect}` })
    ).body;
    const body = (professionals: number[], household = contact.pk) => ({
      kind: 'visit',
      housing: { contact: household, area: 95, address: '8 chemin des Prés', postcode: '38250', city: 'Lans' },
      report: {
        ...reportBody(simulation.pk),
        appendixFinancial: false,
        appendixHeating: true,
        heatingSimulation: heating.body.pk,
        appendixProfessionals: true,
        professionals,
      },
    });
    // An unpublished sheet (n° 6, « en validation ») cannot be chosen.
    const unpublished = await call('/visit-report/save/', 'advisor', 'POST', body([2, 6]));
    expect(unpublished.status).toBe(400);
    expect(unpublished.body.errors).toContainEqual(
      expect.objectContaining({ message: "La fiche 6 n'est pas une fiche publiée de l'annuaire." }),
    );
    // Both simulations are Lina's: another household of the same structure cannot have them in its
    // report, each field says so in French and neither the housing nor the report is saved.
    const stranger = await call('/visit-report/save/', 'advisor', 'POST', body([3, 2], other.pk));
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(400);
    expect(stranger.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'report.heatingSimulation',
          message:
            `La simulation chauffage ${heating.body.pk} n'est pas une simulation de ce ménage : ` +
            'choisissez une simulation enregistrée dans son dossier.',
        }),
        expect.objectContaining({
          path: 'report.ecorenoverSimulation',
          message:
            `La simulation de prêt ${simulation.pk} n'est pas une simulation de ce ménage : ` +
            'choisissez une simulation enregistrée dans son dossier.',
        }),
      ]),
    );
    expect((await call(`/visit-report/housing/?contact=${other.pk}`, 'advisor')).body).toEqual([]);
    // The household's own simulations are accepted (a second housing of Lina's).
    const saved = await call('/visit-report/save/', 'advisor', 'POST', body([3, 2]));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.report).toMatchObject({ heatingSimulation: heating.body.pk, professionals: [3, 2] });

    const pdf = await fetch(`${t.url}/api/v1/visit-report/report/pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token.advisor}` },
      body: JSON.stringify({ domain: 'localhost', data: { report: saved.body.report.pk } }),
    });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    // The logo is embedded as an image (the report has no other picture).
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const { text, pages } = await pdfText(bytes);
    const order = [
      'Annexe : Simulation de prêt de rénovation',
      'Annexe : Simulation chauffage et eau chaude',
      "Annexe : Professionnels de l'annuaire",
    ].map((heading) => text.indexOf(heading));
    expect(
      order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1])),
      String(order),
    ).toBe(true);
    expect(text).not.toContain('Annexe : Synthèse financière');
    // The loan simulation's figures and chart.
    expect(text).toContain(`Solde sur 20 ans ${flat(formatWithUnit(loan.totals.balance, '€', 0))}`);
    expect(text).toContain('Dépenses de chaque année');
    // The heating simulation: each solution's 20-year cost as the simulator answered it, and its charts.
    expect(text).toContain('Chaudière gaz ou pompe à chaleur');
    for (const s of computed.solutionsResults as Rec[])
      expect(text, String(s.periodTotalCost)).toContain(flat(formatWithUnit(s.periodTotalCost, '€', 0)));
    expect(text).toContain('Coût global sur 20 ans');
    expect(text).toContain('Coût cumulé au fil des années');
    // The professionals in the order chosen, with their job, contacts and commune.
    const thermique = text.indexOf('Thermique Isère Conseil');
    const atelier = text.indexOf('Atelier Bois Vercors');
    expect(thermique).toBeGreaterThan(order[2]);
    expect(atelier).toBeGreaterThan(thermique);
    for (const detail of ['thermique-isere@demo.fr', 'Voiron', 'atelier-bois@demo.fr', 'Villard-de-Lans'])
      expect(text).toContain(detail);
    // Every page numbered against the real count.
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} / ${pages}`);
    expect(text).not.toContain(`Page ${pages + 1} /`);
    expect(pages).toBeGreaterThanOrEqual(7);

    // Another structure's advisor cannot attach these simulations to a report of their own: nothing saved.
    const theirs = (
      await call('/fac/contact/', 'neighbour', 'POST', { firstName: 'Zoé', lastName: `Voisine ${dialect}` })
    ).body;
    const housings = async () => (await call(`/visit-report/housing/?contact=${theirs.pk}`, 'neighbour')).body as Rec[];
    for (const [field, value, expected] of [
      ['heatingSimulation', heating.body.pk, `La simulation chauffage ${heating.body.pk} n'existe pas`],
      ['ecorenoverSimulation', simulation.pk, `La simulation de prêt ${simulation.pk} n'existe pas`],
    ] as const) {
      const refused = await call('/visit-report/save/', 'neighbour', 'POST', {
        kind: 'visit',
        housing: { contact: theirs.pk, area: 70 },
        report: { visitDate: '2026-11-22', appendixHeating: true, appendixEcorenover: true, [field]: value },
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors).toContainEqual(
        expect.objectContaining({ path: `report.${field}`, message: expect.stringContaining(expected) }),
      );
    }
    expect(await housings()).toEqual([]);
    // Nor read them.
    expect((await call(`/fac/heating-simulation/${heating.body.pk}/`, 'neighbour')).status).toBe(403);

    // A Therminix simulation gives its propositions; inputs the simulator refuses, a French note.
    const therminix = {
      housingType: 'individual',
      renovationType: 'systems_renovation',
      floorSurface: 110,
      heatingSystem: 'oil_boiler_standard',
      hotWaterSystem: 'oil_boiler_standard',
      heatingNeeds: 15_000,
      hotWaterNeeds: 3_000,
    };
    const proposed = (await t.call('/therminix/compute', { method: 'POST', body: therminix })).body;
    const printed = async (savedInputs: Rec) => {
      const patched = await call(`/fac/heating-simulation/${heating.body.pk}/`, 'advisor', 'PATCH', {
        simulator: 'therminix',
        savedInputs,
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      const again = await fetch(`${t.url}/api/v1/visit-report/report/pdf`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token.advisor}` },
        body: JSON.stringify({ data: { report: saved.body.report.pk } }),
      });
      expect(again.status).toBe(200);
      return (await pdfText(await again.arrayBuffer())).text;
    };
    const withPropositions = await printed(therminix);
    expect(withPropositions).toContain('Propositions du simulateur Therminix');
    for (const p of proposed.propositions as Rec[]) {
      expect(withPropositions).toContain(`Proposition ${p.rank}`);
      expect(withPropositions).toContain(flat(formatWithUnit(p.periodTotalCost, '€', 0)));
    }
    expect(await printed({ housingType: 'individual' })).toContain(
      'Les entrées enregistrées de cette simulation sont incomplètes : refaites-la.',
    );
  });

  it('refuses a pre-recommendation on a contact and a visit report on an organisation, in French', async () => {
    const onContact = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'preco',
      housing: { contact: contact.pk, area: 80 },
      report: { visitDate: '2026-11-21' },
    });
    expect(onContact.status).toBe(400);
    expect(onContact.body.message).toBe('Contact associé au logement est erroné');
    expect(onContact.body.errors[0]).toMatchObject({ path: 'housing.organization' });
    const onOrganization = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'visit',
      housing: { organization: organization.pk, area: 800, housingType: 'condo' },
      report: { visitDate: '2026-11-21' },
    });
    expect(onOrganization.status).toBe(400);
    expect(onOrganization.body.message).toBe('Contact associé au logement est erroné');

    const preco = await call('/visit-report/save/', 'advisor', 'POST', {
      kind: 'preco',
      housing: { organization: organization.pk, area: 800, housingType: 'condo' },
      report: { visitDate: '2026-11-21' },
    });
    expect(preco.status, JSON.stringify(preco.body)).toBe(200);
    expect((await call('/visit-report/entities/?type=organizations', 'advisor')).body.results[0]).toMatchObject({
      organization: organization.pk,
      report: preco.body.report.pk,
    });
    // The generic API keeps the same rule: the report cannot become a visit report of an organisation.
    const patched = await call(`/visit-report/report/${preco.body.report.pk}/`, 'advisor', 'PATCH', { kind: 'visit' });
    expect(patched.status).toBe(400);
    expect(patched.body.errors[0]).toMatchObject({
      path: 'housing',
      message: 'Contact associé au logement est erroné',
    });
  });
});
