import { energyOfSystem } from '../../../../../engine/simulators';
import {
  METROPOLE_SOLUTIONS,
  projectKind,
  type ForcedHeating,
  type ForcedSolutionSpec,
} from '../tables/metropole-solutions';
import { emptyDefinition, emptySolution } from '../state/initial';
import {
  LOCK_PRECONISED,
  SYNCED_WITH_HEATING,
  type MetropoleArea,
  type MetropoleState,
  type Needs,
  type Solution,
  type SystemDefinition,
} from '../state/types';
import { managesOf, type RuleContext } from './context';
import { isAllowed, systemOf } from './allowed-systems';
import { isSolutionValid } from './solutions';
import { normalizeSolution } from './linked-systems';

export const METROPOLE_AREAS: readonly MetropoleArea[] = ['A', 'B', 'C', 'D', 'E'];

/** Spec 02 §4: metropole mode is enabled only for areas A, B, C, D, E. */
export function metropoleOn(m: MetropoleState): boolean {
  return m.enabled && m.area !== null && METROPOLE_AREAS.includes(m.area);
}

/** Spec 02 §9: boiler power thresholds, 30 kW for a new building and 100 kW for a renovation. */
export function boilerPowerThreshold(needs: Needs): number {
  return needs.renovationType === 'new_building' ? 30 : 100;
}

const WOOD_ENERGIES = new Set(['wood', 'shredded_wood', 'bulk_granules', 'bag_granules']);

/** The system a forced heating kind stands for, here (housing category, boiler power). */
export function forcedHeatingSystem(kind: ForcedHeating, needs: Needs, metro: MetropoleState): string {
  const multi = needs.housingCategory === 'multi_unit';
  switch (kind) {
    case 'network':
      return 'heating_network';
    case 'gas':
      return 'gaz_boiler_condensing';
    // Wood chips for the big boilers, pellets below the power threshold.
    case 'wood':
      return multi && metro.boilerPower === 'high' ? 'shredded_wood_boiler' : 'granulated_wood_boiler';
    case 'heatPump':
      return multi ? 'heat_pump_geothermal_lte' : 'heat_pump_air_water';
    case 'logs':
      return 'log_boiler';
  }
}

const locked = (identifier: string): SystemDefinition => ({
  ...emptyDefinition(),
  identifier,
  locked: true,
  lockReason: LOCK_PRECONISED,
});

function forcedSolution(spec: ForcedSolutionSpec, ctx: RuleContext, metro: MetropoleState): Solution | null {
  const heating = forcedHeatingSystem(spec.heating, ctx.needs, metro);
  const system = systemOf(ctx, heating);
  if (!system || !isAllowed(ctx, system, 'heating')) return null;
  const solution = emptySolution();
  solution.isMetroGrenoble = true;
  solution.heatingSystems = [locked(heating), emptyDefinition()];
  const wood = WOOD_ENERGIES.has(energyOfSystem(ctx.data, system).identifier);
  if (spec.hotWater === 'solarUnlessWood' && !wood) {
    // A solar water heater, the heating appliance as its backup.
    solution.hotWaterSystems = [locked('solar_water_heater'), locked(SYNCED_WITH_HEATING)];
  } else {
    solution.hotWaterSystems = [locked(SYNCED_WITH_HEATING), emptyDefinition()];
  }
  return normalizeSolution(solution, ctx).solution;
}

/** The solutions the table forces for this area, housing category and project. */
export function forcedSolutions(metro: MetropoleState, ctx: RuleContext): Solution[] {
  if (!metropoleOn(metro)) return [];
  const specs = METROPOLE_SOLUTIONS[metro.area!][ctx.needs.housingCategory][projectKind(ctx.needs.renovationType)];
  return specs.map((spec) => forcedSolution(spec, ctx, metro)).filter((s): s is Solution => s !== null);
}

const signature = (s: Solution) => [...s.heatingSystems, ...s.hotWaterSystems].map((d) => d.identifier ?? '').join('|');

export interface MetropoleOutcome {
  solutions: [Solution, Solution, Solution, Solution];
  /** Valid solutions of the user that no longer fit in the four slots. */
  dropped: number;
}

/**
 * Puts the forced solutions first and the user's after them (valid ones first). Forced solutions
 * that are already there with the same systems are kept as they are, so figures the user adjusted
 * on them survive an unrelated change (a need typed again).
 */
export function applyMetropole(
  solutions: readonly Solution[],
  metro: MetropoleState,
  ctx: RuleContext,
): MetropoleOutcome {
  const manages = managesOf(ctx.needs);
  const wanted = forcedSolutions(metro, ctx);
  const existing = solutions.filter((s) => s.isMetroGrenoble);
  const forced = wanted.map((w, i) => (existing[i] && signature(existing[i]) === signature(w) ? existing[i] : w));
  const own = solutions.filter((s) => !s.isMetroGrenoble);
  const ownValid = own.filter((s) => isSolutionValid(s, manages));
  const ownOther = own.filter((s) => !isSolutionValid(s, manages));
  const room = 4 - forced.length;
  const kept = [...ownValid, ...ownOther].slice(0, room);
  const dropped = Math.max(0, ownValid.length - room);
  const out = [...forced, ...kept];
  while (out.length < 4) out.push(emptySolution());
  const same = out.every((s, i) => s === solutions[i]);
  return { solutions: (same ? solutions : out) as MetropoleOutcome['solutions'], dropped };
}
