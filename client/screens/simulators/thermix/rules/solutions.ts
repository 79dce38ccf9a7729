import { emptySolution } from '../state/initial';
import type { Solution, SystemDefinition } from '../state/types';
import type { Manages } from './context';

const names = (list: readonly SystemDefinition[]) => list.some((d) => Boolean(d.identifier));

/**
 * Spec 02 §4: a solution is valid if it is flagged isMetroGrenoble, or has a chosen heating system
 * (when heating is managed) or a chosen hot-water system (when hot water is managed).
 */
export function isSolutionValid(solution: Solution, manages: Manages): boolean {
  if (solution.isMetroGrenoble) return true;
  return (manages.heating && names(solution.heatingSystems)) || (manages.hotWater && names(solution.hotWaterSystems));
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
    return { solutions, refused: true, reason: 'Cette solution est préconisée par la métropole : elle ne peut pas être supprimée.' };
  }
  const next = solutions.map((s, i) => (i === index ? emptySolution() : s)) as T;
  return { solutions: compactSolutions(next, manages), refused: false };
}

/** Positions of the valid solutions, in order: those the calculation receives. */
export function validSlots(solutions: readonly Solution[], manages: Manages): number[] {
  return solutions.flatMap((s, i) => (isSolutionValid(s, manages) ? [i] : []));
}
