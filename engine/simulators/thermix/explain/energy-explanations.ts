import { energyByIdentifier, productionSystemById } from '../../reference/production-system-lookup';
import type { ReferenceData } from '../../reference/types';
import { CAR_KG_CO2_PER_KM, NETWORK } from '../constants';
import type { ThermixRequest } from '../request-types';
import type { ThermixSolutionResult, ThermixSystemResult } from '../result-types';
import { systemKind } from './system-kind';
import type { Explanation, ExplanationConstant, ExplanationStep } from './types';
import { quantity, ratio, SOURCE, UNIT } from './units';

const kwh = (value: number) => quantity(value, 'kWh');
const kg = (value: number) => quantity(value, 'kg CO₂');

function totalStep(
  label: string,
  terms: readonly number[],
  total: number,
  format: (value: number) => string,
): ExplanationStep {
  const written = terms.length > 0 ? terms.map(format).join(' + ') : format(0);
  return { formula: `${label} = ${written} = ${format(total)}`, result: total };
}

export function explainFinalEnergyTotal(
  systems: readonly ThermixSystemResult[],
  result: ThermixSolutionResult,
): Explanation {
  return {
    key: 'finalEnergyConsumption',
    label: "Consommation d'énergie finale",
    value: result.finalEnergyConsumption,
    unit: UNIT.kwhPerYear,
    inputs: systems.map((system) => ({
      label: system.label,
      value: system.finalEnergyConsumption,
      unit: UNIT.kwhPerYear,
    })),
    constants: [],
    steps: [
      totalStep(
        'Somme des systèmes',
        systems.map((system) => system.finalEnergyConsumption),
        result.finalEnergyConsumption,
        kwh,
      ),
    ],
  };
}

export function explainPrimaryEnergy(
  systems: readonly ThermixSystemResult[],
  result: ThermixSolutionResult,
  data: ReferenceData,
): Explanation {
  const constants: ExplanationConstant[] = [];
  const steps: ExplanationStep[] = [];
  for (const system of systems) {
    const energy = energyOfResult(data, system);
    const factor = energy?.primaryEnergyRatio ?? 0;
    if (energy && !constants.some((constant) => constant.label.endsWith(`(${energy.label})`))) {
      constants.push({
        label: `Coefficient d'énergie primaire (${energy.label})`,
        value: factor,
        unit: UNIT.none,
        source: SOURCE.energies,
      });
    }
    steps.push({
      formula:
        `${system.label} : ${kwh(system.finalEnergyConsumption)} × ${ratio(factor)} = ` +
        kwh(system.primaryEnergyConsumption),
      result: system.primaryEnergyConsumption,
    });
  }
  steps.push(
    totalStep(
      'Somme',
      systems.map((system) => system.primaryEnergyConsumption),
      result.primaryEnergyConsumption,
      kwh,
    ),
  );
  return {
    key: 'primaryEnergyConsumption',
    label: "Consommation d'énergie primaire",
    value: result.primaryEnergyConsumption,
    unit: UNIT.kwhPerYear,
    inputs: systems.map((system) => ({
      label: `${system.label} : énergie finale`,
      value: system.finalEnergyConsumption,
      unit: UNIT.kwhPerYear,
    })),
    constants,
    steps,
  };
}

export function explainCarbon(
  request: ThermixRequest,
  systems: readonly ThermixSystemResult[],
  result: ThermixSolutionResult,
  data: ReferenceData,
): Explanation {
  const constants: ExplanationConstant[] = [];
  const steps: ExplanationStep[] = [];
  for (const system of systems) {
    if (systemKind(request, system) === 'network') {
      const override = request.metroGrenoble?.energiesOverridedData?.network?.ghgRatio;
      const source =
        system.ghgRatio === NETWORK.ghgRatio
          ? SOURCE.network
          : system.ghgRatio === override
            ? SOURCE.metropoleOverride
            : SOURCE.request;
      constants.push({
        label: 'Contenu carbone du réseau de chaleur',
        value: system.ghgRatio,
        unit: UNIT.kgCo2PerKwh,
        source,
      });
    } else {
      constants.push({
        label: `Contenu carbone (${system.label})`,
        value: system.ghgRatio,
        unit: UNIT.kgCo2PerKwh,
        // An entry may replace the energy's ratio (for example for green energy).
        source: system.ghgRatio === energyOfResult(data, system)?.ghgRatio ? SOURCE.energies : SOURCE.request,
      });
    }
    steps.push({
      formula:
        `${system.label} : ${kwh(system.finalEnergyConsumption)} × ${ratio(system.ghgRatio)} kg CO₂/kWh = ` +
        kg(system.carbonEmission),
      result: system.carbonEmission,
    });
  }
  steps.push(
    totalStep(
      'Somme',
      systems.map((system) => system.carbonEmission),
      result.carbonReport,
      kg,
    ),
  );
  return {
    key: 'carbonReport',
    label: 'Émissions de gaz à effet de serre',
    value: result.carbonReport,
    unit: UNIT.kgCo2PerYear,
    inputs: systems.map((system) => ({
      label: `${system.label} : énergie finale`,
      value: system.finalEnergyConsumption,
      unit: UNIT.kwhPerYear,
    })),
    constants,
    steps,
  };
}

export function explainCarKilometres(result: ThermixSolutionResult): Explanation {
  return {
    key: 'carbonReportKmEquivalent',
    label: 'Équivalent en kilomètres parcourus en voiture',
    value: result.carbonReportKmEquivalent,
    unit: UNIT.km,
    inputs: [{ label: 'Émissions de gaz à effet de serre', value: result.carbonReport, unit: UNIT.kgCo2PerYear }],
    constants: [
      {
        label: 'Émissions d’une voiture moyenne par kilomètre',
        value: CAR_KG_CO2_PER_KM,
        unit: 'kg CO₂/km',
        source: SOURCE.method,
      },
    ],
    steps: [
      {
        formula:
          `Une voiture moyenne émet ${ratio(CAR_KG_CO2_PER_KM)} kg de CO₂ par kilomètre : ` +
          `${kg(result.carbonReport)} ÷ ${ratio(CAR_KG_CO2_PER_KM)} kg CO₂/km = ` +
          quantity(result.carbonReportKmEquivalent, 'km'),
        result: result.carbonReportKmEquivalent,
      },
    ],
  };
}

function energyOfResult(data: ReferenceData, system: ThermixSystemResult) {
  const productionSystem = productionSystemById(data, system.productionSystem);
  return productionSystem ? energyByIdentifier(data, productionSystem.energy) : undefined;
}
