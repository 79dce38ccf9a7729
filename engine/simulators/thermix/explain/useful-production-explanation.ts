import { formatNumberFr } from '../../shared/format-fr';
import { SOLAR_MAX_COVERAGE } from '../constants';
import type { ThermixRequest } from '../request-types';
import type { ThermixSystemResult } from '../result-types';
import { avoidedProduction, needFor, solarAlreadyConsumed, systemKind, useLabel } from './system-kind';
import type { Explanation } from './types';
import { percent, quantity, ratio, SOURCE, UNIT } from './units';

const KEY = 'usefulHeatingProduction';
const LABEL = 'Production utile';

export function explainUsefulProduction(
  request: ThermixRequest,
  systems: readonly ThermixSystemResult[],
  position: number,
): Explanation {
  const system = systems[position];
  return systemKind(request, system) === 'solar'
    ? explainSolar(request, systems, system)
    : explainBackedShare(request, systems, position);
}

function explainBackedShare(
  request: ThermixRequest,
  systems: readonly ThermixSystemResult[],
  position: number,
): Explanation {
  const system = systems[position];
  const need = needFor(request, system);
  const avoided = avoidedProduction(systems, position);
  const covered = need * system.productionShare;
  const kwh = (value: number) => quantity(value, 'kWh');
  const steps = [
    { formula: `Besoin couvert = ${kwh(need)} × ${ratio(system.productionShare)} = ${kwh(covered)}`, result: covered },
  ];
  if (avoided !== 0) {
    steps.push({
      formula:
        `Production utile = max(0 ; ${kwh(covered)} − ${kwh(avoided)} fournis par le solaire) = ` +
        kwh(system.usefulHeatingProduction),
      result: system.usefulHeatingProduction,
    });
  }
  return {
    key: KEY,
    label: LABEL,
    value: system.usefulHeatingProduction,
    unit: UNIT.kwhPerYear,
    inputs: [
      {
        label: `Besoin annuel d'${system.type === 'heating' ? 'énergie de chauffage' : 'eau chaude sanitaire'}`,
        value: need,
        unit: UNIT.kwhPerYear,
      },
      { label: 'Part du besoin couverte par ce système', value: system.productionShare, unit: UNIT.none },
      ...(avoided !== 0
        ? [{ label: 'Production solaire déjà fournie pour cet usage', value: avoided, unit: UNIT.kwhPerYear }]
        : []),
    ],
    constants: [],
    steps,
  };
}

function explainSolar(
  request: ThermixRequest,
  systems: readonly ThermixSystemResult[],
  system: ThermixSystemResult,
): Explanation {
  const need = needFor(request, system);
  const use = system.type === 'heating' ? 'heating' : 'hotWater';
  const fromRequest =
    use === 'heating' ? request.thermalSolarMaxProdRatioHeating : request.thermalSolarMaxProdRatioHotWater;
  const maxCoverage = fromRequest ?? SOLAR_MAX_COVERAGE[use];
  const surface = system.solarPanelsSurface ?? 0;
  const productivity = request.thermalSolarProdByM2;
  const consumed = solarAlreadyConsumed(systems, system);
  const produced = productivity * surface;
  const available = produced - consumed;
  const cap = maxCoverage * need;
  const kwh = (value: number) => quantity(value, 'kWh');
  const steps = [
    {
      formula: `Production des capteurs = ${kwh(productivity)}/m² × ${formatNumberFr(surface)} m² = ${kwh(produced)}`,
      result: produced,
    },
  ];
  if (consumed !== 0) {
    steps.push({
      formula: `Reste après l'eau chaude sanitaire = ${kwh(produced)} − ${kwh(consumed)} = ${kwh(available)}`,
      result: available,
    });
  }
  steps.push(
    { formula: `Plafond = ${percent(maxCoverage)} × ${kwh(need)} de besoin = ${kwh(cap)}`, result: cap },
    {
      formula:
        `Production utile = max(0 ; min(${kwh(cap)} ; ${kwh(available)})) = ` + kwh(system.usefulHeatingProduction),
      result: system.usefulHeatingProduction,
    },
  );
  return {
    key: KEY,
    label: LABEL,
    value: system.usefulHeatingProduction,
    unit: UNIT.kwhPerYear,
    inputs: [
      { label: `Besoin annuel (${useLabel(system)})`, value: need, unit: UNIT.kwhPerYear },
      { label: 'Surface de capteurs', value: surface, unit: UNIT.m2 },
      { label: 'Production solaire par m² de capteurs', value: productivity, unit: UNIT.kwhPerM2 },
      ...(consumed !== 0
        ? [
            {
              label: "Production solaire déjà prise par l'eau chaude sanitaire",
              value: consumed,
              unit: UNIT.kwhPerYear,
            },
          ]
        : []),
    ],
    constants: [
      {
        label: `Couverture solaire maximale du besoin (${useLabel(system)})`,
        value: maxCoverage,
        unit: UNIT.none,
        source: typeof fromRequest === 'number' ? SOURCE.settings : SOURCE.method,
      },
    ],
    steps,
  };
}
