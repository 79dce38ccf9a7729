import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { flat, pdfText } from '../helpers/pdf-text';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { formatWithUnit } from '../../engine/simulators/shared/format-fr';

const FOUR_SOLUTIONS = {
  year: 2026,
  thermalSolarProdByM2: 450,
  needs: {
    heating: 185_000,
    hotWater: 35_000,
    housingCategory: 'multi_unit',
    dwellingsNumber: 60,
    renovationType: 'global_renovation',
  },
  solutions: [
    {
      heatingSystems: [
        { identifier: 'gaz_boiler_condensing', productionShare: 0.7 },
        { identifier: 'granulated_wood_boiler', productionShare: 0.3 },
      ],
      hotWaterSystems: [{ identifier: 'gaz_boiler_condensing' }],
      financialSupport: true,
      financialSupportAmount: 20_000,
    },
    {
      heatingSystems: [
        { identifier: 'solar_system_combined', solarPanelsSurface: 100 },
        { identifier: 'gaz_boiler_condensing', productionShare: 1 },
      ],
      hotWaterSystems: [
        { identifier: 'solar_system_combined', solarPanelsSurface: 100, estimatedInvestment: 0, maintenanceCost: 0 },
        { identifier: 'gaz_boiler_condensing', productionShare: 1 },
      ],
    },
    {
      heatingSystems: [{ identifier: 'heat_pump_geothermal_lte', efficiency: 3.4 }],
      hotWaterSystems: [{ identifier: 'heat_pump_geothermal_lte', efficiency: 2.04 }],
      renewableElectricity: true,
      renewableElectricityProduction: 20_000,
    },
    {
      heatingSystems: [{ identifier: 'heating_network', index: 0 }],
      hotWaterSystems: [{ identifier: 'heating_network', index: 0 }],
      isMetroGrenoble: true,
    },
  ],
  metroGrenoble: { enabled: true, renovationType: 'global_renovation', floorSurface: 4_000, groundSurface: 1_000 },
};

const ECORENOVER = {
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

describe.each(DIALECTS)('simulator PDF reports and the temporary store on %s', (dialect) => {
  let t: TestApp;
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { seed: false },
  );

  const postPdf = (path: string, body: unknown) =>
    fetch(`${t.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it(
    'thermix: a PDF with the site title, ' + 'the French headings and every solution total as the screen formats it',
    async () => {
      const computed = await t.call('/thermix/compute_results', { method: 'POST', body: FOUR_SOLUTIONS });
      const totals = computed.body.solutionsResults.map(
        (s: { periodTotalCost: number }) => s.periodTotalCost,
      ) as number[];
      // Numbers sent by the screen are ignored: the report recomputes from the request.
      const res = await postPdf('/thermix/report/pdf', {
        domain: 'localhost',
        data: { request: FOUR_SOLUTIONS, results: { solutionsResults: [{ periodTotalCost: 123_456_789 }] } },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="thermix-\d{4}-\d{2}-\d{2}\.pdf"$/);
      const bytes = await res.arrayBuffer();
      expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
      const { text, pages } = await pdfText(bytes);
      expect(pages).toBeGreaterThan(3);
      for (const heading of [
        'Rénovation Démo',
        'Thermix : simulation chauffage et eau chaude sanitaire',
        'Vos besoins',
        'Vos solutions',
        'Résultats sur 20 ans',
        'Énergies consommées',
        'Graphiques',
        'Coût global sur 20 ans par poste',
        'Coût cumulé au fil des années',
        'Indicateurs environnementaux',
        'Prix annuels des énergies',
        'Comment est-ce calculé ?',
      ]) {
        expect(text).toContain(heading);
      }
      for (const [i, total] of totals.entries()) {
        const shown = flat(formatWithUnit(total, '€', 0));
        expect(text, `solution ${i + 1}`).toContain(shown);
        expect(text).toContain(`Coût global sur 20 ans : ${shown}`); // its explanation
      }
      expect(text).toContain('Chaudière gaz condensation');
      expect(text).toContain('PAC géothermale avec émetteurs basse température');
      expect(text).toContain('185 000 kWh/an');
      expect(text).not.toContain('123 456 789');
      // An embedded Unicode font: the subscript two and the euro sign print as typed (issue 15).
      expect(text).toContain('kg CO₂/an');
      expect(text).toContain('Émissions de CO₂');
      expect(text).not.toContain('CO2');
      expect(text).toMatch(/Page 1 \/ \d+/);
    },
  );

  it("thermix: the report of another domain carries that white label's title", async () => {
    const res = await postPdf('/thermix/report/pdf', {
      domain: 'annuaire.localhost',
      data: { request: { ...FOUR_SOLUTIONS, solutions: FOUR_SOLUTIONS.solutions.slice(0, 1) } },
    });
    expect(res.status).toBe(200);
    const { text } = await pdfText(await res.arrayBuffer());
    expect(text).toContain('Annuaire des professionnels');
  });

  it('ecorenover: a PDF with the loans, the summary sentence and the 20-year projection', async () => {
    const computed = await t.call('/ecorenover/compute', { method: 'POST', body: ECORENOVER });
    const res = await postPdf('/ecorenover/report/pdf', { data: { request: ECORENOVER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ecorenover-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const { text } = await pdfText(await res.arrayBuffer());
    for (const heading of [
      'Écorénover : plan de financement de vos travaux de rénovation',
      'Votre situation actuelle',
      'Votre situation envisagée',
      'Vos emprunts',
      'Résultats sur 20 ans',
      'Projection année par année',
      'Solde cumulé',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(flat(computed.body.summary));
    expect(text).toContain('Chaudière fioul standard');
    expect(text).toContain(flat(formatWithUnit(computed.body.regularLoanAnnualPayment, '€', 0)));
    const lastYear = computed.body.projection[19];
    expect(text).toContain(`20 ${flat(formatWithUnit(lastYear.invoiceWithoutWorks, '€', 0))}`);
  });

  it('answers bad report bodies with 400 and French messages located in the body', async () => {
    const missing = await t.call('/thermix/report/pdf', { method: 'POST', body: { domain: 'localhost' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      {
        path: '/data',
        code: 'required',
        params: {},
        message: 'Les données du rapport doivent contenir la demande de calcul (« request »).',
      },
    ]);
    const invalid = await t.call('/ecorenover/report/pdf', {
      method: 'POST',
      body: { data: { request: { ...ECORENOVER, regularLoanLength: 'quinze' } } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([
      {
        path: '/data/request/regularLoanLength',
        code: 'integer',
        params: { label: 'Durée du prêt classique (années)' },
        message: 'Ce champ doit être un nombre entier.',
      },
    ]);
    const unknown = await t.call('/thermix/report/pdf', {
      method: 'POST',
      body: { data: { request: { ...FOUR_SOLUTIONS, solutions: [{ heatingSystems: [{ productionSystem: 999 }] }] } } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('/data/request/solutions/0/heatingSystems/0/productionSystem');
    const notObject = await t.call('/thermix/report/pdf', { method: 'POST', body: [1, 2] });
    expect(notObject.status).toBe(400);
    expect(notObject.body.message).toBe('Erreur de validation. Au moins un champ est incorrect.');
  });

  it('stores print data for 24 hours behind a random uuid', async () => {
    const data = { title: 'Compte rendu', figures: [1, 2.5], nested: { note: 'éàü \u0000 fin' } };
    const stored = await t.call('/pdf_generator/pdf_temp_store/', { method: 'POST', body: { data } });
    expect(stored.status).toBe(201);
    expect(stored.body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const read = await t.call(`/pdf_generator/pdf_temp_store/${stored.body.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      uuid: stored.body.uuid,
      data,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.call(`/pdf_generator/pdf_temp_store/${stored.body.uuid}/`)).body.data).toEqual(data);

    const unknown = await t.call('/pdf_generator/pdf_temp_store/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      "Ces données de rapport n'existent pas ou ne sont plus disponibles (elles sont conservées 24 heures).",
    );
    expect((await t.call('/pdf_generator/pdf_temp_store/not-a-uuid')).status).toBe(404);

    // An entry older than a day is gone, and the next store deletes it.
    const old = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await t.app.database.db
      .updateTable('pdf_temp_store' as never)
      .set({ created_at: old, updated_at: old } as never)
      .where('uuid' as never, '=', stored.body.uuid as never)
      .execute();
    expect((await t.call(`/pdf_generator/pdf_temp_store/${stored.body.uuid}`)).status).toBe(404);
    await t.call('/pdf_generator/pdf_temp_store/', { method: 'POST', body: { data: { other: true } } });
    const left = await t.app.database.db
      .selectFrom('pdf_temp_store' as never)
      .select('uuid' as never)
      .where('uuid' as never, '=', stored.body.uuid as never)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses store bodies that are not objects, or too large', async () => {
    const notObject = await t.call('/pdf_generator/pdf_temp_store/', { method: 'POST', body: { data: 'texte' } });
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors[0]).toMatchObject({
      path: '/data',
      message: 'Les données à conserver doivent être un objet JSON (clé « data »).',
    });
    const tooLarge = await t.call('/pdf_generator/pdf_temp_store/', {
      method: 'POST',
      body: { data: { text: 'x'.repeat(5_000_001) } },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Erreur. Le document envoyé est trop volumineux.');
  });
});
