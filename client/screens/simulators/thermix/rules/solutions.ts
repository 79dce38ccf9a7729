import { isThermalSolar } from '../../../../../engine/simulators';
import { emptySolution } from '../state/initial';
import { SYNCED_WITH_HEATING, type Solution, type SystemDefinition, type Use } from '../state/types';
import type { Manages } from './context';

const names = (list: readonly SystemDefinition[]) => list.some((d) => Boolean(d.identifier));

/** The systems a list stands for (a synced hot-water entry: its heating system), empty slots left out. */
function systemsOf(solution: Solution, use: Use): string[] {
  const list = use === 'heating' ? solution.heatingSystems : solution.hotWaterSystems;
  return list.flatMap((def, rank) => {
    if (use === 'hotWater' && def.identifier === SYNCED_WITH_HEATING) {
      const same = solution.heatingSystems[rank];
      const followed = same.identifier ? same.identifier : solution.heatingSystems[0].identifier;
      return followed ? [followed] : [];
    }
    return def.identifier ? [def.identifier] : [];
  });
}

/**
 * Why a solution cannot be computed yet, in French (empty when it can). Beyond spec 02 §4 (a
 * system for a managed use), a managed use served by thermal solar alone needs a backup: solar
 * covers at most part of the need (15 % of heating, 70 % of hot water by default), and the rest,
 * left without a system, cost nothing and made such a solution look cheapest (docs/simulators.md).
 */
export function solutionIssues(solution: Solution, manages: Manages): string[] {
  if (solution.isMetroGrenoble) return [];
  const heating = manages.heating ? systemsOf(solution, 'heating') : [];
  const hotWater = manages.hotWater ? systemsOf(solution, 'hotWater') : [];
  if (heating.length === 0 && hotWater.length === 0) return ['Choisissez au moins un système.'];
  const issues: string[] = [];
  const soloSolar = (ids: string[]) => ids.length > 0 && ids.every(isThermalSolar);
  if (soloSolar(heating)) {
    issues.push('Le solaire ne couvre qu’une partie du chauffage : ajoutez un second système de chauffage (appoint).');
  }
  if (soloSolar(hotWater)) {
    issues.push(
      'Le solaire ne couvre qu’une partie de l’eau chaude : ajoutez un second système d’eau chaude (appoint).',
    );
  }
  return issues;
}

/**
 * Spec 02 §4: a solution is valid if it is flagged isMetroGrenoble, or has a chosen heating system
 * (when heating is managed) or a chosen hot-water system (when hot water is managed); and (ours) no
 * managed use is left to thermal solar alone.
 */
export function isSolutionValid(solution: Solution, manages: Manages): boolean {
  if (solution.isMetroGrenoble) return true;
  const any =
    (manages.heating && names(solution.heatingSystems)) || (manages.hotWater && names(solution.hotWaterSystems));
  return any && solutionIssues(solution, manages).length === 0;
}

/** Valid solutions first, each group in its order (a stable partition). */
export function compactSolutions<T extends Solution[]>(solutions: T, manages: Manages): T {
  const valid = solutions.filter((s) => isSolutionValid(s, manages));
  const invalid = solutions.filter((s) => !isSolutionValid(s, manages));
  const out = [...valid, ...invalid] as T;
  return out.every((s, i) => s === solutions[i]) ? solutions : out;
}

export type DeleteOutcome<T> = { solutions: T; refused: false } | { solutions: T; refused: true; reason: string };

/**
 * Deleting resets the solution to empty systems and compacts the list; a metropole-mode solution
 * cannot be deleted.
 */
export function deleteSolution<T extends Solution[]>(solutions: T, index: number, manages: Manages): DeleteOutcome<T> {
  const target = solutions[index];
  if (!target) return { solutions, refused: true, reason: 'Cette solution n’existe pas.' };
  if (target.isMetroGrenoble) {
    return {
      solutions,
      refused: true,
      reason: 'Cette solution est préconisée par la métropole : elle ne peut pas être supprimée.',
    };
  }
  const next = solutions.map((s, i) => (i === index ? emptySolution() : s)) as T;
  return { solutions: compactSolutions(next, manages), refused: false };
}

/** Positions of the valid solutions, in order: those the calculation receives. */
export function validSlots(solutions: readonly Solution[], manages: Manages): number[] {
  return solutions.flatMap((s, i) => (isSolutionValid(s, manages) ? [i] : []));
}
