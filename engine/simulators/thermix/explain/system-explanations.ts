import type { ThermixRequest } from '../request-types';
import type { ThermixSystemResult } from '../result-types';
import { explainFinalEnergy, explainFirstYearFuelCost, explainOutput } from './system-energy-explanations';
import { explainUsefulProduction } from './useful-production-explanation';
import type { SystemExplanations } from './types';

export function explainSystems(request: ThermixRequest, systems: readonly ThermixSystemResult[]): SystemExplanations[] {
  return systems.map((system, position) => ({
    type: system.type,
    label: system.label,
    identifier: system.identifier,
    explanations: [
      explainUsefulProduction(request, systems, position),
      explainOutput(request, system),
      explainFinalEnergy(request, system),
      explainFirstYearFuelCost(request, system),
    ],
  }));
}
