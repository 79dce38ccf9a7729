import { METROPOLE_REQUIREMENT } from './constants';
import type { MetroGrenobleSettings } from './request-types';

/**
 * Renewable production a large new building must provide in metropole mode (kWh per year):
 * ground surface × required production per m2 (20 by default); null when the rule does not apply.
 */
export function metropoleRequiredEnergyProduction(metro: MetroGrenobleSettings | null | undefined): number | null {
  if (!metro || metro.enabled !== true || metro.renovationType !== 'new_building') return null;
  const floorSurface = metro.floorSurface ?? 0;
  const groundSurface = metro.groundSurface ?? 0;
  if (!(floorSurface > METROPOLE_REQUIREMENT.minimumFloorSurface) || !groundSurface) return null;
  const byM2 = metro.requiredEnergyProductionByM2 || METROPOLE_REQUIREMENT.defaultRequiredProductionByM2;
  return groundSurface * byM2;
}
