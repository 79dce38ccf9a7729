import { NETWORK } from '../constants';
import { NETWORK_PRICE_PER_MWH } from '../network-system';
import type { ThermixRequest } from '../request-types';
import type { ThermixSystemResult } from '../result-types';
import { systemKind, useLabel } from './system-kind';
import type { Explanation } from './types';
import { euros, quantity, ratio, SOURCE, UNIT } from './units';

const kwh = (value: number) => quantity(value, 'kWh');

export function explainOutput(request: ThermixRequest, system: ThermixSystemResult): Explanation {
  const explanation: Explanation = {
    key: 'systemOutputHeatingProduction',
    label: 'Production en sortie du système',
    value: system.systemOutputHeatingProduction,
    unit: UNIT.kwhPerYear,
    inputs: [{ label: 'Production utile', value: system.usefulHeatingProduction, unit: UNIT.kwhPerYear }],
    constants: [],
    steps: [],
  };
  if (systemKind(request, system) === 'solar') {
    explanation.steps.push({
      formula: 'Le solaire thermique est compté en production utile, sans énergie achetée : 0 kWh',
      result: 0,
    });
    return explanation;
  }
  const distribution = system.secondaryEfficiency;
  const housing = request.needs.housingCategory === 'multi_unit' ? 'logement collectif' : 'logement individuel';
  explanation.constants.push({
    label: `Rendement de distribution (${useLabel(system)}, ${housing})`,
    value: distribution,
    unit: UNIT.none,
    source: SOURCE.distribution,
  });
  explanation.steps.push({
    formula:
      `Production en sortie = ${kwh(system.usefulHeatingProduction)} ÷ ${ratio(distribution)} = ` +
      kwh(system.systemOutputHeatingProduction),
    result: system.systemOutputHeatingProduction,
  });
  return explanation;
}

export function explainFinalEnergy(request: ThermixRequest, system: ThermixSystemResult): Explanation {
  const explanation: Explanation = {
    key: 'finalEnergyConsumption',
    label: "Consommation d'énergie finale",
    value: system.finalEnergyConsumption,
    unit: UNIT.kwhPerYear,
    inputs: [
      { label: 'Production en sortie du système', value: system.systemOutputHeatingProduction, unit: UNIT.kwhPerYear },
    ],
    constants: [],
    steps: [],
  };
  if (systemKind(request, system) === 'solar') {
    explanation.steps.push({ formula: "Le solaire thermique n'achète pas d'énergie : 0 kWh", result: 0 });
    return explanation;
  }
  explanation.inputs.push({
    label: 'Rendement ou coefficient de performance (COP)',
    value: system.efficiency,
    unit: UNIT.none,
  });
  explanation.steps.push(
    system.efficiency > 0
      ? {
          formula:
            `Énergie finale = ${kwh(system.systemOutputHeatingProduction)} ÷ ${ratio(system.efficiency)} = ` +
            kwh(system.finalEnergyConsumption),
          result: system.finalEnergyConsumption,
        }
      : { formula: 'Rendement nul : aucune énergie finale comptée = 0 kWh', result: 0 },
  );
  return explanation;
}

export function explainFirstYearFuelCost(request: ThermixRequest, system: ThermixSystemResult): Explanation {
  const firstYear = system.combustibleCosts[0] ?? 0;
  const explanation: Explanation = {
    key: 'firstYearCombustibleCost',
    label: 'Coût du combustible la première année',
    value: firstYear,
    unit: UNIT.euroPerYear,
    inputs: [],
    constants: [],
    steps: [],
  };
  const kind = systemKind(request, system);
  if (kind === 'solar') {
    explanation.steps.push({ formula: "Le solaire thermique n'achète pas d'énergie : 0 €", result: 0 });
  } else if (kind === 'network') {
    explanation.inputs.push({
      label: 'Production en sortie du système',
      value: system.systemOutputHeatingProduction,
      unit: UNIT.kwhPerYear,
    });
    explanation.constants.push(
      {
        label: "Tarif d'été, abonnement compris (pondération 0,25)",
        value: NETWORK.summerTariff + NETWORK.tariffSurcharge,
        unit: UNIT.euroPerMwh,
        source: SOURCE.network,
      },
      {
        label: "Tarif d'hiver, abonnement compris (pondération 0,75)",
        value: NETWORK.winterTariff + NETWORK.tariffSurcharge,
        unit: UNIT.euroPerMwh,
        source: SOURCE.network,
      },
    );
    explanation.steps.push(
      {
        formula: `Tarif moyen = 0,25 × 37,47 €/MWh + 0,75 × 47,02 €/MWh = ${quantity(NETWORK_PRICE_PER_MWH, '€/MWh')}`,
        result: NETWORK_PRICE_PER_MWH,
      },
      {
        formula:
          `Coût annuel = ${quantity(NETWORK_PRICE_PER_MWH, '€/MWh')} × ` +
          `${kwh(system.systemOutputHeatingProduction)} ÷ 1 000 = ${euros(firstYear)}`,
        result: firstYear,
      },
    );
  } else {
    explanation.inputs.push(
      { label: "Prix de l'énergie", value: system.energyPrice, unit: UNIT.centsPerKwh },
      { label: "Consommation d'énergie finale", value: system.finalEnergyConsumption, unit: UNIT.kwhPerYear },
      { label: 'Hausse annuelle du prix', value: system.energyPriceVariation, unit: UNIT.none },
    );
    explanation.steps.push({
      formula:
        `Coût la 1re année = ${quantity(system.energyPrice, 'c€/kWh')} × ` +
        `${kwh(system.finalEnergyConsumption)} ÷ 100 = ${euros(firstYear)}`,
      result: firstYear,
    });
  }
  return explanation;
}
