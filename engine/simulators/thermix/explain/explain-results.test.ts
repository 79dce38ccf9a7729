import { describe, expect, it } from 'vitest';
import { expectClose, geometricSum } from '../../test-support/expect-close';
import { referenceData, systemId } from '../../test-support/reference-data';
import { entry, requestWith } from '../../test-support/thermix-request';
import { computeResults } from '../compute-results';
import type { ThermixRequest } from '../request-types';
import { explainThermixResults } from './explain-results';
import type { Explanation } from './types';

const GAS = systemId('gaz_boiler_condensing');
const SOLAR = systemId('solar_system_combined');
const NETWORK = systemId('heating_network');
// fr-FR writes thousands with a narrow no-break space and units after a no-break space.
const nnbsp = '\u202f';
const nbsp = '\u00a0';

function explain(request: ThermixRequest) {
  const response = computeResults(request, referenceData, { currentYear: 2024 });
  return { response, explanations: explainThermixResults(request, response, referenceData) };
}

function byKey(explanations: Explanation[], key: string): Explanation {
  const found = explanations.find((explanation) => explanation.key === key);
  if (!found) throw new Error(`no explanation ${key}`);
  return found;
}

const workedExample = requestWith(
  {
    heatingSystems: [
      entry(GAS, {
        efficiency: 0.9,
        energyPrice: 8,
        energyPriceVariation: 0.03,
        estimatedInvestment: 5_000,
        maintenanceCost: 150,
      }),
    ],
  },
  { heating: 10_000 },
);

describe('explainThermixResults', () => {
  it('explains every headline figure of each solution and of each system', () => {
    const { explanations } = explain(workedExample);
    const [solution] = explanations.solutions;
    expect(solution.solutionNumber).toBe(1);
    expect(solution.explanations.map((explanation) => explanation.key)).toEqual([
      'periodTotalCost',
      'combustibleCost',
      'maintenanceCost',
      'provisionsCost',
      'investment',
      'periodTotalCostByYear',
      'finalEnergyConsumption',
      'primaryEnergyConsumption',
      'carbonReport',
      'carbonReportKmEquivalent',
      'renewableHeatingProductionRatio',
      'renewableProductionRatio',
    ]);
    expect(solution.systems[0].explanations.map((explanation) => explanation.key)).toEqual([
      'usefulHeatingProduction',
      'systemOutputHeatingProduction',
      'finalEnergyConsumption',
      'firstYearCombustibleCost',
    ]);
  });

  it('ends every explanation on its value, with French labels', () => {
    const { explanations } = explain(workedExample);
    const all = [
      ...explanations.solutions[0].explanations,
      ...explanations.solutions[0].systems.flatMap((system) => system.explanations),
    ];
    for (const explanation of all) {
      expect(explanation.steps.length, explanation.key).toBeGreaterThan(0);
      expectClose(explanation.steps[explanation.steps.length - 1].result, explanation.value);
      expect(explanation.label).toMatch(/^[A-ZÉ]/);
    }
  });

  it('writes the worked example with its numbers in French', () => {
    const { explanations } = explain(workedExample);
    const system = explanations.solutions[0].systems[0].explanations;
    const output = byKey(system, 'systemOutputHeatingProduction');
    expectClose(output.value, 10_000 / 0.85);
    expect(output.constants).toEqual([
      {
        label: 'Rendement de distribution (chauffage, logement individuel)',
        value: 0.85,
        unit: '',
        source: 'Données de référence : rendements de distribution',
      },
    ]);
    expect(output.steps[0].formula).toBe(
      `Production en sortie = 10${nnbsp}000${nbsp}kWh ÷ 0,85 = 11${nnbsp}765${nbsp}kWh`,
    );
    const fuel = byKey(system, 'firstYearCombustibleCost');
    // 8 c€/kWh × 13 071.9 kWh / 100 = 1 045.75 €
    expect(fuel.steps[0].formula).toBe(
      `Coût la 1re année = 8${nbsp}c€/kWh × 13${nnbsp}072${nbsp}kWh ÷ 100 = 1${nnbsp}045,75${nbsp}€`,
    );

    const total = byKey(explanations.solutions[0].explanations, 'combustibleCost');
    expectClose(total.value, geometricSum((8 * (10_000 / 0.85 / 0.9)) / 100, 1.03, 20));
    expect(total.steps[0].formula).toBe(
      `Chaudière gaz condensation : 1${nnbsp}045,75${nbsp}€ la 1re année, puis hausse de 3${nbsp}% par an, ` +
        `sur 20 ans = 28${nnbsp}099,74${nbsp}€`,
    );
    const provisions = byKey(explanations.solutions[0].explanations, 'provisionsCost');
    expect(provisions.value).toBe(0);
    expect(provisions.steps[0].formula).toBe('Logement individuel : pas de provisions pour gros travaux = 0 €');
    const km = byKey(explanations.solutions[0].explanations, 'carbonReportKmEquivalent');
    expect(km.constants[0]).toMatchObject({ value: 0.217, unit: 'kg CO₂/km' });
    expect(km.value).toBeCloseTo((km.inputs[0].value as number) / 0.217, 6);
    expect(km.steps[0].formula).toContain('÷ 0,217 kg CO₂/km');
  });

  it('explains financial support and solar production', () => {
    const request = requestWith(
      {
        heatingSystems: [
          entry(SOLAR, { solarPanelsSurface: 10, estimatedInvestment: 1_000 }),
          entry(GAS, { efficiency: 0.9, energyPrice: 8 }),
        ],
        hotWaterSystems: [entry(SOLAR, { solarPanelsSurface: 10 }), entry(GAS, { efficiency: 0.9, energyPrice: 8 })],
        financialSupport: true,
        financialSupportAmount: 3_000,
      },
      { heating: 15_000, hotWater: 3_000 },
    );
    const { explanations } = explain(request);
    const investment = byKey(explanations.solutions[0].explanations, 'investment');
    // 1 000 €/m² × 10 m² on the heating entry, 0 elsewhere; after 3 000 € of support: 7 000 €
    expect(investment.value).toBe(7_000);
    expect(investment.steps[1].formula).toBe(
      `Après aides = max(0 ; 10${nnbsp}000${nbsp}€ − 3${nnbsp}000${nbsp}€) = 7${nnbsp}000${nbsp}€`,
    );
    const heatingSolar = explanations.solutions[0].systems[2];
    expect(heatingSolar.type).toBe('heating');
    const useful = byKey(heatingSolar.explanations, 'usefulHeatingProduction');
    // 450 × 10 = 4 500; minus 2 100 taken by hot water = 2 400; capped at 0.15 × 15 000 = 2 250
    expect(useful.value).toBe(2_250);
    expect(useful.steps.map((step) => step.result)).toEqual([4_500, 2_400, 2_250, 2_250]);
    const backup = byKey(explanations.solutions[0].systems[3].explanations, 'usefulHeatingProduction');
    expect(backup.inputs.at(-1)).toEqual({
      label: 'Production solaire déjà fournie pour cet usage',
      value: 2_250,
      unit: 'kWh/an',
    });
  });

  it('explains the network tariff in metropole mode', () => {
    const request = requestWith(
      { heatingSystems: [entry(NETWORK)], hotWaterSystems: [] },
      { heating: 100_000, housingCategory: 'multi_unit', dwellingsNumber: 20 },
      { metroGrenoble: { enabled: true } },
    );
    const { explanations } = explain(request);
    const fuel = byKey(explanations.solutions[0].systems[0].explanations, 'firstYearCombustibleCost');
    expectClose(fuel.steps[0].result, 0.25 * 37.47 + 0.75 * 47.02);
    expectClose(fuel.value, ((0.25 * 37.47 + 0.75 * 47.02) * (100_000 / 0.85)) / 1000);
    const carbon = byKey(explanations.solutions[0].explanations, 'carbonReport');
    expect(carbon.constants[0]).toEqual({
      label: 'Contenu carbone du réseau de chaleur',
      value: 0.0734,
      unit: 'kg CO₂/kWh',
      source: 'Conditions du réseau de chaleur de la métropole (valeur fixe)',
    });
  });
});
