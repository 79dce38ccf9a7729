import { HEATING_NETWORK } from '../reference/identifiers';
import type { ThermixContext } from './context';
import { computeNetworkSystem } from './network-system';
import { computeOrdinarySystem } from './ordinary-system';
import type { PreparedEntry, PreparedSolution } from './prepared-entry';
import type { ThermixSystemResult } from './result-types';

/** A non-solar entry: the metropole network rule when it applies, else the ordinary path. */
export function computeNonSolarSystem(
  ctx: ThermixContext,
  solution: PreparedSolution,
  prepared: PreparedEntry,
  avoided: number,
): ThermixSystemResult {
  if (ctx.metroEnabled && prepared.system.identifier === HEATING_NETWORK) {
    const connectedByHeating = solution.heating.some((h) => h.system.identifier === HEATING_NETWORK);
    return computeNetworkSystem(ctx, prepared, avoided, solution.hotWaterSystemIds, connectedByHeating);
  }
  return computeOrdinarySystem(ctx, prepared, avoided);
}
