import { describe, expect, it } from 'vitest';
import { programmeStatistics, statisticsRange, type StatsConfig, type StatsFacts } from './statistics';

// A « Ménages » journey (Nouveau dossier 0, Conseillé 1, Travaux en cours 2, Projet terminé 3),
// one category with A1 (8 € per act, « répartition » on) and an hourly act (45 €/h), two
// structures: « Démo » (coefficient 1) and « Voisin » (coefficient 0,5).
const config: StatsConfig = {
  folderModels: [{ pk: 1, name: 'Ménages' }],
  statuses: [
    { pk: 3, name: 'Travaux en cours', folderModel: 1, order: 2, color: null },
    { pk: 1, name: 'Nouveau dossier', folderModel: 1, order: 0, color: null },
    { pk: 4, name: 'Projet terminé', folderModel: 1, order: 3, color: null },
    { pk: 2, name: 'Conseillé', folderModel: 1, order: 1, color: '#0a0' },
  ],
  categories: [{ pk: 1, name: 'Actes SARE', folderModel: 1, order: 0 }],
  actionModels: [
    { pk: 11, name: 'Conseil horaire', categoryModel: 1, order: 2, coefficientEnabled: false, valuations: [101] },
    { pk: 10, name: 'A1', categoryModel: 1, order: 1, coefficientEnabled: true, valuations: [100] },
  ],
  valuations: [
    { pk: 100, act: true, amount: 8, valuationType: 1, valuationTypeName: 'Tarifs SARE', period: 1 },
    { pk: 101, act: false, amount: 45, valuationType: 1, valuationTypeName: 'Tarifs SARE', period: 1 },
  ],
  valuationTypes: [1],
  groups: [
    { pk: 2, name: 'Démo', coefficient: 1 },
    { pk: 3, name: 'Voisin', coefficient: 0.5 },
  ],
  period: { pk: 1, dateStart: '2020-01-01', dateEnd: '2020-12-31' },
  dateStart: '2020-03-15',
  dateEnd: '2020-12-31',
};
const facts: StatsFacts = {
  folders: [
    { model: 1, order: null, count: 3 },
    { model: 1, order: 1, count: 2 },
    { model: 1, order: 3, count: 1 },
  ],
  actions: [
    { model: 10, valuation: 100, group: 2, count: 5, hours: 0, cost: 40 },
    { model: 10, valuation: 100, group: 3, count: 2, hours: 0, cost: 8 },
    { model: 11, valuation: 101, group: 2, count: 2, hours: 3.5, cost: 157.5 },
    { model: 11, valuation: null, group: 2, count: 1, hours: 1, cost: 0 },
  ],
  statusObjectives: [{ status: 2, count: 4 }],
  actionObjectives: [{ actionModel: 10, count: 14 }],
  envelope: 1000,
  monthlyCosts: [
    { month: '2020-03', cost: 40 },
    { month: '2020-05', cost: 165.5 },
  ],
  costBeforeStart: 16,
  lastActionDate: '2020-05-20',
};

describe('programme statistics (reference 8.12)', () => {
  const stats = programmeStatistics(config, facts);
  const model = stats.folderModels[0];

  it('counts a folder once at its status and cumulated in the earlier ones', () => {
    expect(model.folders).toBe(6);
    expect(model.statuses.map((s) => [s.name, s.nbStatus, s.nbCumulated, s.percentage])).toEqual([
      ['Nouveau dossier', 3, 6, 50],
      ['Conseillé', 2, 3, 33.33],
      ['Travaux en cours', 0, 1, 0],
      ['Projet terminé', 1, 1, 16.67],
    ]);
  });

  it('adds the objectives and the progression (cumul × 100 / objective)', () => {
    expect(model.hasStatusObjectives).toBe(true);
    expect(model.statuses[1]).toMatchObject({ objective: 4, progression: 75 });
    expect(model.statuses[0]).toMatchObject({ objective: null, progression: null });
    const a1 = model.categories[0].actions[0];
    expect(a1).toMatchObject({ name: 'A1', total: 7, objective: 14, progression: 50 });
    expect(model.categories[0]).toMatchObject({ totalActions: 10, objective: 14, progression: 71.43 });
  });

  it('values acts per line: a weighted line for a structure under 1, hours for an hourly rate, the unvalued', () => {
    const [a1, hourly] = model.categories[0].actions;
    expect(a1.lines).toEqual([
      {
        label: 'Tarifs SARE',
        valuation: 100,
        group: null,
        isAct: true,
        quantity: 5,
        unitValorisation: 8,
        totalValorisation: 40,
      },
      {
        label: 'Voisin',
        valuation: 100,
        group: 3,
        isAct: true,
        quantity: 2,
        unitValorisation: 4,
        totalValorisation: 8,
      },
    ]);
    expect(hourly.lines.map((l) => [l.label, l.quantity, l.unitValorisation, l.totalValorisation])).toEqual([
      ['Tarifs SARE', 3.5, 45, 157.5],
      ['Non valorisé', 1, 0, 0],
    ]);
    expect(model.categories[0].totalExpenses).toBe(205.5);
    expect(model.totalExpenses).toBe(205.5);
  });

  it('shows only the weighted line when that structure alone is selected', () => {
    const alone = programmeStatistics(
      { ...config, groups: [config.groups[1]] },
      { ...facts, actions: facts.actions.filter((a) => a.group === 3) },
    );
    const a1 = alone.folderModels[0].categories[0].actions[0];
    expect(a1.lines.map((l) => [l.label, l.quantity, l.unitValorisation])).toEqual([['Voisin', 2, 4]]);
    // Nothing counted, no price of the selection: one empty line.
    const none = programmeStatistics({ ...config, valuationTypes: [] }, { ...facts, actions: [] });
    expect(none.folderModels[0].categories[0].actions[1].lines).toEqual([
      { label: '', valuation: null, group: null, isAct: true, quantity: 0, unitValorisation: 0, totalValorisation: 0 },
    ]);
  });

  it('tracks the budget month by month, costs since the period start', () => {
    expect(stats.budgetTracking).toEqual({
      graphData: [
        { date: '2020-03-31', cumulatedExpenses: 56 },
        { date: '2020-04-30', cumulatedExpenses: 56 },
        { date: '2020-05-20', cumulatedExpenses: 221.5 },
      ],
      totalEnvelope: 1000,
      totalExpenses: 221.5,
      expensesInSelectedTimeLapse: 205.5,
      periodStart: '2020-01-01',
      periodEnd: '2020-12-31',
      percentExpenses: 22.15,
    });
    expect(programmeStatistics({ ...config, period: null }, facts).budgetTracking).toBeNull();
    expect(programmeStatistics(config, { ...facts, envelope: null }).budgetTracking).toBeNull();
  });

  it('clamps the asked dates inside the period', () => {
    const p = { dateStart: '2020-01-01', dateEnd: '2020-12-31' };
    expect(statisticsRange(p, '2019-06-01', '2020-06-30')).toEqual({ dateStart: '2020-01-01', dateEnd: '2020-06-30' });
    expect(statisticsRange(p, null, null)).toEqual({ dateStart: '2020-01-01', dateEnd: '2020-12-31' });
    expect(statisticsRange(null, '2021-02-01', null)).toEqual({ dateStart: '2021-02-01', dateEnd: null });
  });
});
