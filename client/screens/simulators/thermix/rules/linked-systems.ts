import { HEATING_NETWORK, SOLAR_SYSTEM_COMBINED } from '../../../../../engine/simulators';
import { emptyDefinition } from '../state/initial';
import { LOCK_PRECONISED, SYNCED_WITH_HEATING, type Solution, type SystemDefinition, type Use } from '../state/types';
import {
  canShareWithHotWater,
  HYBRID_BOILER,
  HYBRID_CHOICE,
  HYBRID_HEAT_PUMP,
  isAllowed,
  systemOf,
} from './allowed-systems';
import type { RuleContext } from './context';

// Spec 02 §4, the linked-system rules, as pure functions of a solution. The screen applies
// `chooseSystem` when the user picks a system and `normalizeSolution` after anything that changes
// what is allowed (needs, housing category, metropole mode).

export const LINK_SOLAR = 'Lié au chauffage : système solaire combiné';
export const LINK_NETWORK = 'Lié au chauffage : réseau de chaleur';
const LINK_REASONS = new Set([LINK_SOLAR, LINK_NETWORK]);

/** Hybrid shares: the boiler takes the coldest days. 1 / 0 (the usual defaults) would leave it idle. */
export const HYBRID_PUMP_SHARE = 0.7;
export const HYBRID_BOILER_SHARE = 0.3;

const GREEN_FIELDS = ['useGreenEnergy', 'greenEnergyShare', 'greenEnergyPrice', 'greenEnergyGhgRatio'] as const;

type Pair = [SystemDefinition, SystemDefinition];

function listOf(solution: Solution, use: Use): Pair {
  return use === 'heating' ? solution.heatingSystems : solution.hotWaterSystems;
}

function withList(solution: Solution, use: Use, list: Pair): Solution {
  return use === 'heating' ? { ...solution, heatingSystems: list } : { ...solution, hotWaterSystems: list };
}

/** The heating definition a synced hot-water entry of this rank follows: same rank, else the first. */
export function heatingFollowedBy(solution: Solution, rank: number): SystemDefinition {
  const same = solution.heatingSystems[rank];
  return same.identifier ? same : solution.heatingSystems[0];
}

/** A fresh definition for a new choice: defaults again, but a metropole limit stays. */
function freshDefinition(previous: SystemDefinition, identifier: string | null): SystemDefinition {
  return { ...emptyDefinition(), identifier, limitedTo: previous.limitedTo };
}

/**
 * The user picks `choice` (a system identifier, SYNCED_WITH_HEATING, HYBRID_CHOICE or null) for
 * entry `rank` of `use`. A locked entry does not change. Then every link rule is applied.
 */
export function chooseSystem(
  solution: Solution,
  use: Use,
  rank: 0 | 1,
  choice: string | null,
  ctx: RuleContext,
): Solution {
  const list = listOf(solution, use);
  const current = list[rank];
  if (current.locked) return solution;
  const next: Pair = [list[0], list[1]];
  const sibling = (1 - rank) as 0 | 1;
  const wasHybrid = use === 'heating' && (current.hybrid || next[sibling].hybrid);

  if (use === 'heating' && choice === HYBRID_CHOICE) {
    next[rank] = { ...freshDefinition(current, HYBRID_HEAT_PUMP), hybrid: true, share: HYBRID_PUMP_SHARE };
    if (!next[sibling].locked) {
      // « defaults its sibling system to a condensing gas boiler and sets the investment and
      // maintenance of the other system to zero »: the hybrid appliance is priced on the heat pump.
      next[sibling] = {
        ...freshDefinition(next[sibling], HYBRID_BOILER),
        share: HYBRID_BOILER_SHARE,
        estimatedInvestment: 0,
        maintenanceCost: 0,
      };
    }
  } else {
    next[rank] = freshDefinition(current, choice || null);
    if (wasHybrid) {
      // The pair is broken up: the other appliance is priced on its own again.
      const other = next[sibling];
      next[sibling] = {
        ...other,
        hybrid: false,
        share: null,
        estimatedInvestment: other.estimatedInvestment === 0 ? null : other.estimatedInvestment,
        maintenanceCost: other.maintenanceCost === 0 ? null : other.maintenanceCost,
      };
    }
  }
  return normalizeSolution(withList(solution, use, next), ctx).solution;
}

export interface Cleared {
  use: Use;
  rank: number;
  identifier: string;
}

/**
 * Applies the rules that follow from the current choices and context:
 * - a system no longer allowed (housing category, metropole mode, managed uses) is cleared;
 * - combined solar or a heating network in heating syncs the hot-water entry of the same rank to it
 *   (locked, the hot-water side of one appliance);
 * - a hot-water entry naming the heating system of the same rank becomes « same appliance »;
 * - a synced hot-water entry follows its heating system, is cleared when that system cannot make
 *   hot water, and copies the heating definition's green-energy settings;
 * - a hybrid flag only stays on the air/water heat pump.
 * Returns the new solution and what was cleared (for a notice).
 */
export function normalizeSolution(solution: Solution, ctx: RuleContext): { solution: Solution; cleared: Cleared[] } {
  const cleared: Cleared[] = [];
  const clean = (def: SystemDefinition, use: Use, rank: number): SystemDefinition => {
    if (!def.identifier || def.identifier === SYNCED_WITH_HEATING) return def;
    const system = systemOf(ctx, def.identifier);
    if (system && isAllowed(ctx, system, use))
      return def.hybrid && def.identifier !== HYBRID_HEAT_PUMP ? { ...def, hybrid: false } : def;
    cleared.push({ use, rank, identifier: def.identifier });
    return { ...emptyDefinition(), limitedTo: def.limitedTo };
  };
  const heating: Pair = [
    clean(solution.heatingSystems[0], 'heating', 0),
    clean(solution.heatingSystems[1], 'heating', 1),
  ];
  const hotWater: Pair = [
    clean(solution.hotWaterSystems[0], 'hotWater', 0),
    clean(solution.hotWaterSystems[1], 'hotWater', 1),
  ];
  // A hybrid whose heat pump went away is no hybrid any more.
  if (!heating.some((d) => d.hybrid && d.identifier === HYBRID_HEAT_PUMP)) {
    for (const r of [0, 1] as const) if (heating[r].hybrid) heating[r] = { ...heating[r], hybrid: false };
  }

  const withHeating: Solution = { ...solution, heatingSystems: heating, hotWaterSystems: hotWater };
  for (const rank of [0, 1] as const) {
    const own = heating[rank].identifier;
    let water = hotWater[rank];
    if (own && water.identifier === own && !water.locked && canShareWithHotWater(ctx, systemOf(ctx, own))) {
      // The same appliance named twice (a heat pump for heating and for hot water) is one appliance:
      // as « même appareil » it is priced once, with heating; named twice its investment counted twice.
      water = { ...water, identifier: SYNCED_WITH_HEATING };
    }
    if (own === SOLAR_SYSTEM_COMBINED || own === HEATING_NETWORK) {
      const reason = own === SOLAR_SYSTEM_COMBINED ? LINK_SOLAR : LINK_NETWORK;
      if (water.identifier !== SYNCED_WITH_HEATING) {
        if (water.identifier) cleared.push({ use: 'hotWater', rank, identifier: water.identifier });
        water = { ...emptyDefinition(), identifier: SYNCED_WITH_HEATING, limitedTo: water.limitedTo };
      }
      // A metropole lock keeps its own reason.
      if (water.lockReason !== LOCK_PRECONISED) water = { ...water, locked: true, lockReason: reason };
    } else if (water.identifier === SYNCED_WITH_HEATING) {
      const followed = heatingFollowedBy(withHeating, rank);
      if (!canShareWithHotWater(ctx, systemOf(ctx, followed.identifier))) {
        water = { ...emptyDefinition(), limitedTo: water.limitedTo };
      } else if (water.locked && water.lockReason && LINK_REASONS.has(water.lockReason)) {
        water = { ...water, locked: false, lockReason: null };
      }
    } else if (water.locked && water.lockReason && LINK_REASONS.has(water.lockReason)) {
      water = { ...water, locked: false, lockReason: null };
    }
    if (water.identifier === SYNCED_WITH_HEATING) {
      const followed = heatingFollowedBy(withHeating, rank);
      const copy: Partial<SystemDefinition> = {};
      for (const field of GREEN_FIELDS)
        if (water[field] !== followed[field]) (copy as Record<string, unknown>)[field] = followed[field];
      if (Object.keys(copy).length) water = { ...water, ...copy };
    }
    hotWater[rank] = water;
  }
  const changed =
    heating.some((d, i) => d !== solution.heatingSystems[i]) ||
    hotWater.some((d, i) => d !== solution.hotWaterSystems[i]);
  return {
    solution: changed ? { ...solution, heatingSystems: heating, hotWaterSystems: hotWater } : solution,
    cleared,
  };
}

/** The value the heating select shows for a definition. */
export function heatingChoiceOf(def: SystemDefinition): string {
  return def.hybrid && def.identifier === HYBRID_HEAT_PUMP ? HYBRID_CHOICE : (def.identifier ?? '');
}
