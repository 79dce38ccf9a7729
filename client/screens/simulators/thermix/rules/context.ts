import type { ReferenceData } from '../../../../../engine/simulators';
import type { Needs } from '../state/types';

/** What the rules need to know besides the solution they change. */
export interface RuleContext {
  data: ReferenceData;
  needs: Needs;
  /** Metropole mode is on (enabled with an area A–E). */
  metropoleOn: boolean;
}

/** Spec 02 §4: heating is managed when its need is not 0. */
export function managesHeating(needs: Needs): boolean {
  return needs.heating > 0;
}

/** Hot water is managed when its need is not 0; a heating-system renovation has none. */
export function managesHotWater(needs: Needs): boolean {
  return needs.renovationType !== 'heating_system_renovation' && needs.hotWater > 0;
}

export interface Manages {
  heating: boolean;
  hotWater: boolean;
}

export function managesOf(needs: Needs): Manages {
  return { heating: managesHeating(needs), hotWater: managesHotWater(needs) };
}
