import { formatNumberFr, formatWithUnit } from '../../../../../engine/simulators/shared/format-fr';
import type { ThermixRequest, ThermixResponse } from '../../../../../engine/simulators';

/** A figure of an explanation in its unit, as the results show it. */
export function formatExplained(value: number, unit: string): string {
  if (unit === '%') return formatWithUnit(value, '%', 1);
  if (unit === '€' || unit === '€/an' || unit === 'kWh/an' || unit === 'kg CO₂/an' || unit === 'km' || unit === 'kWh')
    return formatWithUnit(value, unit, 0);
  if (!unit) return formatNumberFr(value, 4);
  return formatWithUnit(value, unit, Math.abs(value) >= 100 ? 0 : 4);
}

export interface ShownSolution {
  /** Position in the request and response. */
  position: number;
  /** « Solution 2 »: the slot number on the solutions tab. */
  name: string;
  systems: string;
}

/** The computed solutions with their screen names and a short description of their systems. */
export function shownSolutions(request: ThermixRequest, response: ThermixResponse): ShownSolution[] {
  return response.solutionsResults.map((r, position) => {
    const parts: string[] = [];
    if (r.systemsLabels.heating.length)
      parts.push(`chauffage : ${r.systemsLabels.heating.map((l) => l.trim()).join(' + ')}`);
    if (r.systemsLabels.hotWater.length)
      parts.push(`eau chaude : ${r.systemsLabels.hotWater.map((l) => l.trim()).join(' + ')}`);
    const slot = request.solutions[position]?.index ?? position;
    return { position, name: `Solution ${slot + 1}`, systems: parts.join(' ; ') };
  });
}
