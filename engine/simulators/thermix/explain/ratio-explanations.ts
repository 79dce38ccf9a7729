import type { ThermixSolutionResult, ThermixSystemResult } from '../result-types';
import type { Explanation } from './types';
import { percent, quantity, UNIT } from './units';

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
  formula: 'Le solaire thermique compte dans la production renouvelable mais pas dans la production en sortie des systèmes',
  result: 0,
};

export function explainRenewableHeatingRatio(systems: readonly ThermixSystemResult[], result: ThermixSolutionResult): Explanation {
  const { renewable, output } = sums(systems);
  const value = result.renewableHeatingProductionRatio;
  const hasSolar = systems.some((system) => system.isThermalSolar);
  return {
    key: 'renewableHeatingProductionRatio',
    label: 'Part de chaleur renouvelable',
    value: value * 100,
    unit: UNIT.percent,
    inputs: systems.map((system) => ({ label: `${system.label} : production renouvelable`, value: system.renewableHeatingProduction, unit: UNIT.kwhPerYear })),
    constants: [],
    steps: [
      ...(hasSolar ? [SOLAR_NOTE] : []),
      output !== 0
        ? { formula: `Production renouvelable ÷ production en sortie = ${kwh(renewable)} ÷ ${kwh(output)} = ${percent(value)}`, result: value * 100 }
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
    constants: [],
    steps: [
      denominator !== 0
        ? {
            formula: `(${kwh(renewable)} + ${kwh(electricity)}) ÷ (${kwh(output)} + ${kwh(electricity)}) = ${percent(value)}`,
            result: value * 100,
          }
        : { formula: 'Aucune production : part fixée à 0 %', result: 0 },
    ],
  };
}
