import { HEATING_NETWORK } from '../../reference/identifiers';
import type { ThermixRequest } from '../request-types';
import type { ThermixSystemResult } from '../result-types';

export type SystemKind = 'ordinary' | 'solar' | 'network';

/** Which calculation path produced a system result. */
export function systemKind(request: ThermixRequest, system: ThermixSystemResult): SystemKind {
  if (system.isThermalSolar) return 'solar';
  if (request.metroGrenoble?.enabled === true && system.identifier === HEATING_NETWORK) return 'network';
  return 'ordinary';
}

export function needFor(request: ThermixRequest, system: ThermixSystemResult): number {
  return (system.type === 'heating' ? request.needs.heating : request.needs.hotWater) ?? 0;
}

export function useLabel(system: ThermixSystemResult): string {
  return system.type === 'heating' ? 'chauffage' : 'eau chaude sanitaire';
}

/** Solar production that the backup right after a solar entry of the same use did not have to provide. */
export function avoidedProduction(systems: readonly ThermixSystemResult[], position: number): number {
  const previous = systems[position - 1];
  const system = systems[position];
  if (!previous || system.isThermalSolar || !previous.isThermalSolar || previous.type !== system.type) return 0;
  return previous.usefulHeatingProduction;
}

/** What hot-water solar already took from the panels before heating (0 for hot water itself). */
export function solarAlreadyConsumed(systems: readonly ThermixSystemResult[], system: ThermixSystemResult): number {
  if (system.type !== 'heating') return 0;
  const hotWaterSolar = systems.find((candidate) => candidate.type === 'hot_water' && candidate.isThermalSolar);
  return hotWaterSolar?.usefulHeatingProduction ?? 0;
}
