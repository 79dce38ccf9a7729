import { describe, expect, it } from 'vitest';
import { byNature, scenarioTotals, type ReportFigures } from './scenario-totals';
import { assembleAppendices, chosenAppendices } from './appendices';
import { therminixFigures } from './heating-figures';

// A worked example, by hand:
// primary = roof 12 000 + walls 18 500 + heat pump 14 000 = 44 500 €; aids anah 10 000 + CEE
// 2 500 + 1 500 (one nature: 4 000) = 14 000 (MaPrimeRénov' 3 000 unticked: left out); eco-loan
// 30 000; left after aids 44 500 − 14 000 = 30 500; left to pay 30 500 − 30 000 = 500.
// secondary = roof 12 000 + VMC 3 500 = 15 500 €; aids 4 000 + eco-loan 15 000 = 19 000, that is
// 3 500 too much: left after aids 11 500, left to pay 0, excess 3 500.
const REPORT: ReportFigures = {
  workRecommendations: [
    {
      category: 'enveloppe',
      nature: 'roof-insulation',
      cost: 12_000,
      selectedScenarioPrimary: true,
      selectedScenarioSecondary: true,
    },
    { category: 'enveloppe', nature: 'wall-insulation', cost: 18_500, selectedScenarioPrimary: true },
    { category: 'systems', nature: 'heating-production', cost: 14_000, selectedScenarioPrimary: true },
    { category: 'systems', nature: 'ventilation', cost: 3_500, selectedScenarioSecondary: true },
    { category: 'eco-gestures', nature: 'eco-gestures', cost: 0 },
  ],
  primaryScenario: {
    label: 'Rénovation globale',
    financialAids: [
      { nature: 'anah', amount: 10_000, selected: true },
      { nature: 'cee-regular', amount: 2_500, selected: true, customLabel: 'CEE fournisseur' },
      { nature: 'cee-regular', amount: 1_500, selected: true },
      { nature: 'prime-renov', amount: 3_000, selected: false },
    ],
    financings: [{ nature: 'ecoptz', amount: 30_000, selected: true }],
  },
  secondaryScenario: {
    label: '',
    financialAids: [{ nature: 'prime-renov', amount: 4_000 }],
    financings: [{ nature: 'ecoptz', amount: 15_000, selected: true }],
  },
  isSecondaryScenarioDisplayed: true,
};

describe('visit report scenario totals', () => {
  it('sums the ticked works, the selected aids and financings by nature, and what is left to pay', () => {
    const [primary, secondary] = scenarioTotals(REPORT);
    expect(primary.label).toBe('Rénovation globale');
    expect(primary.works.map((w) => w.nature)).toEqual(['roof-insulation', 'wall-insulation', 'heating-production']);
    expect(primary.worksCost).toBe(44_500);
    expect(primary.aids).toEqual([
      { nature: 'anah', customLabel: null, amount: 10_000 },
      { nature: 'cee-regular', customLabel: 'CEE fournisseur', amount: 4_000 },
    ]);
    expect(primary.aidsTotal).toBe(14_000);
    expect(primary.financingsTotal).toBe(30_000);
    expect(primary.remainingAfterAids).toBe(30_500);
    expect(primary.remainingCost).toBe(500);
    expect(primary.excess).toBe(0);
    expect(primary.aidsShare).toBeCloseTo(14_000 / 44_500, 10);

    expect(secondary.label).toBe('Scénario secondaire');
    expect(secondary.worksCost).toBe(15_500);
    expect(secondary.aidsTotal).toBe(4_000);
    expect(secondary.remainingAfterAids).toBe(11_500);
    expect(secondary.remainingCost).toBe(0);
    expect(secondary.excess).toBe(3_500);
  });

  it('leaves the secondary scenario out when the report hides it, and counts nothing for an empty report', () => {
    expect(scenarioTotals({ ...REPORT, isSecondaryScenarioDisplayed: false }).map((s) => s.nature)).toEqual([
      'primary',
    ]);
    const [empty] = scenarioTotals({});
    expect(empty).toMatchObject({
      label: 'Scénario prioritaire',
      worksCost: 0,
      aidsTotal: 0,
      remainingCost: 0,
      aidsShare: 0,
    });
  });

  it('ignores negative or non-numeric amounts and rounds to whole euros', () => {
    expect(
      byNature([
        { nature: 'loan-1', amount: -500 },
        { nature: 'loan-1', amount: Number.NaN },
        { nature: 'loan-1', amount: 1_000.4 },
      ]),
    ).toEqual([{ nature: 'loan-1', customLabel: null, amount: 1_000 }]);
  });
});

describe('visit report appendices', () => {
  it('lists the chosen appendices in order, with the financial summary computed from the scenarios', () => {
    const appendices = assembleAppendices(
      {
        ...REPORT,
        appendixFinancial: true,
        appendixEcorenover: true,
        isCustomAppendixSelected: true,
        customAppendix: ' Merci. ',
      },
      {},
    );
    expect(appendices.map((a) => a.kind)).toEqual(['financial', 'ecorenover', 'custom']);
    const financial = appendices[0];
    expect(financial.kind === 'financial' && financial.scenarios.map((s) => s.remainingCost)).toEqual([500, 0]);
    const ecorenover = appendices[1];
    expect(ecorenover.kind === 'ecorenover' && ecorenover.missing).toMatch(/Aucune simulation enregistrée/);
    expect(appendices[2]).toEqual({ kind: 'custom', title: 'Informations complémentaires', text: 'Merci.' });
  });

  it('leaves out an unselected or empty free appendix', () => {
    expect(assembleAppendices({ isCustomAppendixSelected: true, customAppendix: '  ' })).toEqual([]);
    expect(assembleAppendices({ customAppendix: 'texte' })).toEqual([]);
  });

  it('orders the heating simulation and the professionals as the reference does, and says what is missing', () => {
    const card = {
      name: 'Atelier Bois',
      job: 'Menuisier',
      email: 'a@b.fr',
      phone: '',
      website: '',
      address: '',
      postcode: '38250',
      town: 'Villard-de-Lans',
    };
    const choice = {
      appendixProfessionals: true,
      appendixHeating: true,
      appendixFinancial: false,
      isCustomAppendixSelected: true,
      customAppendix: 'Fin',
    };
    expect(chosenAppendices(choice)).toEqual(['heating', 'professionals', 'custom']);
    const figures = therminixFigures({
      propositions: [
        {
          rank: 1,
          heatingSystem: { identifier: 'pac', label: ' PAC air-eau ' },
          hotWaterSystem: { identifier: 'pac', label: 'PAC air-eau', sharedWithHeating: true },
          periodTotalCost: 41_000,
          investment: 14_000,
          carbonReport: 900,
          finalEnergyConsumption: 5_000,
        },
      ],
      notice: null,
    } as never);
    expect(figures.solutions).toEqual([
      {
        name: 'Proposition 1',
        systems: 'chauffage : PAC air-eau ; eau chaude : le même système',
        periodTotalCost: 41_000,
        investment: 14_000,
        carbonReport: 900,
        finalEnergyConsumption: 5_000,
      },
    ]);
    const found = assembleAppendices(choice, {
      heating: { description: 'Chauffage', figures },
      professionals: [card],
    });
    expect(found.map((a) => [a.kind, a.title])).toEqual([
      ['heating', 'Simulation chauffage et eau chaude'],
      ['professionals', "Professionnels de l'annuaire"],
      ['custom', 'Informations complémentaires'],
    ]);
    expect(found[1]).toEqual({ kind: 'professionals', title: "Professionnels de l'annuaire", professionals: [card] });
    const none = assembleAppendices(choice, { heating: { description: 'Vieille', figures: null } });
    expect(none[0].kind === 'heating' && none[0].missing).toMatch(/incomplètes/);
    expect(none[1].kind === 'professionals' && none[1].missing).toMatch(/Aucun professionnel/);
  });
});
