import { isHeatPump } from '../../reference/identifiers';
import { HEAT_PUMP_PRIMARY_FACTOR } from '../constants';
import type { ThermixSolutionResult, ThermixSystemResult } from '../result-types';
import type { Explanation, ExplanationConstant, ExplanationStep } from './types';
import { percent, quantity, ratio, SOURCE, UNIT } from './units';

const kwh = (value: number) => quantity(value, 'kWh');

function sums(systems: readonly ThermixSystemResult[]) {
  let renewable = 0;
  let output = 0;
  for (const system of systems) {
    renewable += system.renewableHeatingProduction;
    output += system.systemOutputHeatingProduction;
  }
  return { renewable, output };
}

const SOLAR_NOTE = {
  formula:
    'Le solaire thermique compte dans la production renouvelable mais pas dans la production en sortie des systèmes',
  result: 0,
};

const HEAT_PUMP_CONSTANT: ExplanationConstant = {
  label: "Coefficient d'énergie primaire de l'électricité (part renouvelable d'une pompe à chaleur)",
  value: HEAT_PUMP_PRIMARY_FACTOR,
  unit: UNIT.none,
  source: SOURCE.method,
};

/**
 * A heat pump's renewable share is 1 − 2,58 ÷ COP, floored at 0: the steps say so with its COP, so
 * that a « 0 % » reads as the rule it is (a COP at or below 2,58 counts no renewable heat).
 */
function heatPumpSteps(systems: readonly ThermixSystemResult[]): ExplanationStep[] {
  return systems
    .filter((system) => isHeatPump(system.identifier))
    .map((system) => {
      const use = system.type === 'heating' ? 'chauffage' : 'eau chaude';
      const cop = system.efficiency;
      const raw = cop > 0 ? 1 - HEAT_PUMP_PRIMARY_FACTOR / cop : 0;
      const share =
        system.systemOutputHeatingProduction > 0
          ? system.renewableHeatingProduction / system.systemOutputHeatingProduction
          : 0;
      const formula =
        cop > 0
          ? `${system.label.trim()} (${use}) : ` +
            `part renouvelable = 1 − ${ratio(HEAT_PUMP_PRIMARY_FACTOR)} ÷ COP ${ratio(cop)} = ${percent(raw)}`
          : `${system.label.trim()} (${use}) : COP nul, part renouvelable 0 %`;
      const floored =
        cop > 0 && raw <= 0
          ? ', ramenée à 0 % : une pompe à chaleur ne compte de chaleur renouvelable ' +
            `que si son COP dépasse ${ratio(HEAT_PUMP_PRIMARY_FACTOR)}`
          : '';
      return { formula: `${formula}${floored}`, result: share * 100 };
    });
}

export function explainRenewableHeatingRatio(
  systems: readonly ThermixSystemResult[],
  result: ThermixSolutionResult,
): Explanation {
  const { renewable, output } = sums(systems);
  const value = result.renewableHeatingProductionRatio;
  const hasSolar = systems.some((system) => system.isThermalSolar);
  return {
    key: 'renewableHeatingProductionRatio',
    label: 'Part de chaleur renouvelable',
    value: value * 100,
    unit: UNIT.percent,
    inputs: systems.map((system) => ({
      label: `${system.label} : production renouvelable`,
      value: system.renewableHeatingProduction,
      unit: UNIT.kwhPerYear,
    })),
    constants: systems.some((system) => isHeatPump(system.identifier)) ? [HEAT_PUMP_CONSTANT] : [],
    steps: [
      ...(hasSolar ? [SOLAR_NOTE] : []),
      ...heatPumpSteps(systems),
      output !== 0
        ? {
            formula:
              'Production renouvelable ÷ production en sortie = ' +
              `${kwh(renewable)} ÷ ${kwh(output)} = ${percent(value)}`,
            result: value * 100,
          }
        : { formula: 'Aucune production en sortie des systèmes : part fixée à 0 %', result: 0 },
    ],
  };
}

export function explainRenewableRatio(
  systems: readonly ThermixSystemResult[],
  result: ThermixSolutionResult,
  renewableElectricity: number | null,
): Explanation {
  const { renewable, output } = sums(systems);
  const electricity = renewableElectricity ?? 0;
  const value = result.renewableProductionRatio;
  const denominator = output + electricity;
  return {
    key: 'renewableProductionRatio',
    label: "Part d'énergie renouvelable, électricité renouvelable comprise",
    value: value * 100,
    unit: UNIT.percent,
    inputs: [
      { label: 'Production renouvelable des systèmes', value: renewable, unit: UNIT.kwhPerYear },
      { label: 'Production en sortie des systèmes', value: output, unit: UNIT.kwhPerYear },
      { label: "Production d'électricité renouvelable", value: electricity, unit: UNIT.kwhPerYear },
    ],
    constants: systems.some((system) => isHeatPump(system.identifier)) ? [HEAT_PUMP_CONSTANT] : [],
    steps: [
      ...heatPumpSteps(systems),
      denominator !== 0
        ? {
            formula:
              `(${kwh(renewable)} + ${kwh(electricity)}) ÷ (${kwh(output)} + ${kwh(electricity)}) = ` + percent(value),
            result: value * 100,
          }
        : { formula: 'Aucune production : part fixée à 0 %', result: 0 },
    ],
  };
}
