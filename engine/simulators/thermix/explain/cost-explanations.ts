import { PROJECTION_YEARS } from '../constants';
import type { ThermixRequest } from '../request-types';
import type { ThermixResponse, ThermixSystemResult } from '../result-types';
import type { Explanation, ExplanationStep } from './types';
import { euros, percent, SOURCE, UNIT } from './units';

/** The figures of one solution that the cost explanations quote. */
export interface SolutionCostView {
  request: ThermixRequest;
  systems: readonly ThermixSystemResult[];
  response: ThermixResponse;
  position: number;
}

const YEARS_CONSTANT = { label: 'Durée de la projection', value: PROJECTION_YEARS, unit: 'ans', source: SOURCE.method };

function sumStep(label: string, terms: readonly number[], total: number): ExplanationStep {
  const written = terms.length > 0 ? terms.map(euros).join(' + ') : euros(0);
  return { formula: `${label} = ${written} = ${euros(total)}`, result: total };
}

export function explainFuelCost(view: SolutionCostView): Explanation {
  const total = view.response.periodTotalCostSeries.combustibleCost[view.position];
  const steps: ExplanationStep[] = [];
  const perSystem: number[] = [];
  for (const system of view.systems) {
    const twentyYears = system.combustibleCosts.reduce((sum, cost) => sum + cost, 0);
    perSystem.push(twentyYears);
    const growth = system.energyPriceVariation
      ? `, puis hausse de ${percent(system.energyPriceVariation)} par an`
      : ', prix constant';
    steps.push({
      formula:
        `${system.label} : ${euros(system.combustibleCosts[0] ?? 0)} la 1re année${growth}, ` +
        `sur ${PROJECTION_YEARS} ans = ${euros(twentyYears)}`,
      result: twentyYears,
    });
  }
  steps.push(sumStep('Total', perSystem, total));
  return {
    key: 'combustibleCost',
    label: 'Coût du combustible sur 20 ans',
    value: total,
    unit: UNIT.euro,
    inputs: view.systems.map((system) => ({
      label: `${system.label} : coût la 1re année`,
      value: system.combustibleCosts[0] ?? 0,
      unit: UNIT.euroPerYear,
    })),
    constants: [YEARS_CONSTANT],
    steps,
  };
}

export function explainMaintenanceCost(view: SolutionCostView): Explanation {
  const total = view.response.periodTotalCostSeries.maintenanceCost[view.position];
  const yearly = view.systems.reduce((sum, system) => sum + system.maintenanceCost, 0);
  return {
    key: 'maintenanceCost',
    label: "Coût de l'entretien sur 20 ans",
    value: total,
    unit: UNIT.euro,
    inputs: view.systems.map((system) => ({
      label: `${system.label} : entretien annuel`,
      value: system.maintenanceCost,
      unit: UNIT.euroPerYear,
    })),
    constants: [YEARS_CONSTANT],
    steps: [
      sumStep(
        'Entretien annuel',
        view.systems.map((system) => system.maintenanceCost),
        yearly,
      ),
      {
        formula: `Sur ${PROJECTION_YEARS} ans = ${euros(yearly)} × ${PROJECTION_YEARS} = ${euros(total)}`,
        result: total,
      },
    ],
  };
}

export function explainProvisionsCost(view: SolutionCostView): Explanation {
  const total = view.response.periodTotalCostSeries.provisionsCost[view.position];
  const explanation: Explanation = {
    key: 'provisionsCost',
    label: 'Provisions pour gros travaux sur 20 ans',
    value: total,
    unit: UNIT.euro,
    inputs: [],
    constants: [YEARS_CONSTANT],
    steps: [],
  };
  if (view.request.needs.housingCategory !== 'multi_unit') {
    explanation.steps.push({ formula: 'Logement individuel : pas de provisions pour gros travaux = 0 €', result: 0 });
    return explanation;
  }
  const yearly = view.systems.reduce((sum, system) => sum + system.provisionsCost, 0);
  explanation.inputs = view.systems.map((system) => ({
    label: `${system.label} : provisions annuelles`,
    value: system.provisionsCost,
    unit: UNIT.euroPerYear,
  }));
  explanation.steps.push(
    sumStep(
      'Provisions annuelles',
      view.systems.map((system) => system.provisionsCost),
      yearly,
    ),
    {
      formula: `Sur ${PROJECTION_YEARS} ans = ${euros(yearly)} × ${PROJECTION_YEARS} = ${euros(total)}`,
      result: total,
    },
  );
  return explanation;
}

export function explainInvestment(view: SolutionCostView): Explanation {
  const afterSupport = view.response.periodTotalCostSeries.investment[view.position];
  const support = view.response.periodTotalCostSeries.financialSupportAmount[view.position];
  const beforeSupport = view.systems.reduce((sum, system) => sum + system.estimatedInvestment, 0);
  const steps = [
    sumStep(
      'Investissement',
      view.systems.map((system) => system.estimatedInvestment),
      beforeSupport,
    ),
  ];
  if (support !== null) {
    steps.push({
      formula: `Après aides = max(0 ; ${euros(beforeSupport)} − ${euros(support)}) = ${euros(afterSupport)}`,
      result: afterSupport,
    });
  }
  return {
    key: 'investment',
    label: 'Investissement après aides',
    value: afterSupport,
    unit: UNIT.euro,
    inputs: [
      ...view.systems.map((system) => ({
        label: `${system.label} : investissement`,
        value: system.estimatedInvestment,
        unit: UNIT.euro,
      })),
      ...(support !== null ? [{ label: 'Aides financières', value: support, unit: UNIT.euro }] : []),
    ],
    constants: [],
    steps,
  };
}

export function explainPeriodTotalCost(view: SolutionCostView): Explanation {
  const series = view.response.periodTotalCostSeries;
  const at = view.position;
  const parts = [
    series.combustibleCost[at],
    series.maintenanceCost[at],
    series.provisionsCost[at],
    series.investment[at],
  ];
  const total = view.response.solutionsResults[at].periodTotalCost;
  return {
    key: 'periodTotalCost',
    label: 'Coût global sur 20 ans',
    value: total,
    unit: UNIT.euro,
    inputs: [
      { label: 'Combustible sur 20 ans', value: parts[0], unit: UNIT.euro },
      { label: 'Entretien sur 20 ans', value: parts[1], unit: UNIT.euro },
      { label: 'Provisions sur 20 ans', value: parts[2], unit: UNIT.euro },
      { label: 'Investissement après aides', value: parts[3], unit: UNIT.euro },
    ],
    constants: [YEARS_CONSTANT],
    steps: [sumStep('Combustible + entretien + provisions + investissement', parts, total)],
  };
}

export function explainPeriodTotalCostByYear(view: SolutionCostView): Explanation {
  const result = view.response.solutionsResults[view.position];
  return {
    key: 'periodTotalCostByYear',
    label: 'Coût global moyen par an',
    value: result.periodTotalCostByYear,
    unit: UNIT.euroPerYear,
    inputs: [{ label: 'Coût global sur 20 ans', value: result.periodTotalCost, unit: UNIT.euro }],
    constants: [YEARS_CONSTANT],
    steps: [
      {
        formula: `${euros(result.periodTotalCost)} ÷ ${PROJECTION_YEARS} ans = ${euros(result.periodTotalCostByYear)}`,
        result: result.periodTotalCostByYear,
      },
    ],
  };
}
