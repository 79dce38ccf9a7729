import type { ReferenceData } from '../../../../../engine/simulators';
import { frenchPlural } from '../../../../../engine/format/plural';
import { managesOf, type RuleContext } from '../rules/context';
import { normalizeSolution, type Cleared } from '../rules/linked-systems';
import { applyMetropole, metropoleOn } from '../rules/metropole';
import { compactSolutions } from '../rules/solutions';
import { systemOf } from '../rules/allowed-systems';
import { DEFAULT_DWELLINGS } from '../rules/entry-values';
import type { MetropoleState, Needs, Solution, ThermixState } from './types';

// State transitions of the thermix screens, pure: (state, change, reference data) → state and the
// notices to show. The screens call them through the root atom.

export interface Outcome {
  state: ThermixState;
  notices: string[];
}

export function ruleContext(state: ThermixState, data: ReferenceData): RuleContext {
  return { data, needs: state.needs, metropoleOn: metropoleOn(state.metropole) };
}

const USE_LABEL = { heating: 'chauffage', hotWater: 'eau chaude' } as const;

function clearedNotice(ctx: RuleContext, slot: number, c: Cleared): string {
  const label = systemOf(ctx, c.identifier)?.label.trim() ?? c.identifier;
  return `Solution ${slot + 1} : « ${label} » (${USE_LABEL[c.use]}) ne convient plus à ce projet et a été retiré.`;
}

/**
 * After needs or metropole settings changed: clear what is no longer allowed, re-apply the links,
 * then put the metropole's forced solutions in place.
 */
export function reconcile(state: ThermixState, data: ReferenceData): Outcome {
  const ctx = ruleContext(state, data);
  const notices: string[] = [];
  const normalized = state.solutions.map((s, slot) => {
    const { solution, cleared } = normalizeSolution(s, ctx);
    // Forced solutions are rebuilt below; their entries need no notice.
    if (!s.isMetroGrenoble) for (const c of cleared) notices.push(clearedNotice(ctx, slot, c));
    return solution;
  }) as ThermixState['solutions'];
  const { solutions, dropped } = applyMetropole(normalized, state.metropole, ctx);
  if (dropped > 0) {
    const one = frenchPlural(dropped) === 'one';
    const subject = one ? 'Une de vos solutions ne tient' : `${dropped} de vos solutions ne tiennent`;
    notices.push(
      `${subject} plus dans les quatre emplacements, à côté des solutions préconisées par la métropole : ` +
        `${one ? 'elle a été retirée' : 'elles ont été retirées'}.`,
    );
  }
  const same = solutions.every((s, i) => s === state.solutions[i]);
  return { state: same ? state : { ...state, solutions }, notices };
}

/** Needs changed (a field, a preset, an estimation). A heating-system renovation has no hot water. */
export function changeNeeds(state: ThermixState, patch: Partial<Needs>, data: ReferenceData): Outcome {
  const needs: Needs = { ...state.needs, ...patch };
  if (needs.renovationType === 'heating_system_renovation') needs.hotWater = 0;
  if (needs.housingCategory === 'multi_unit' && needs.dwellingsNumber === null)
    needs.dwellingsNumber = DEFAULT_DWELLINGS;
  if (needs.housingCategory === 'individual') needs.dwellingsNumber = null;
  return reconcile({ ...state, needs }, data);
}

export function changeMetropole(state: ThermixState, patch: Partial<MetropoleState>, data: ReferenceData): Outcome {
  return reconcile({ ...state, metropole: { ...state.metropole, ...patch } }, data);
}

/** One solution changed by the user: the links are applied to it. */
export function changeSolution(
  state: ThermixState,
  index: number,
  update: (s: Solution, ctx: RuleContext) => Solution,
  data: ReferenceData,
): ThermixState {
  const ctx = ruleContext(state, data);
  const next = normalizeSolution(update(state.solutions[index], ctx), ctx).solution;
  if (next === state.solutions[index]) return state;
  const solutions = state.solutions.map((s, i) => (i === index ? next : s)) as ThermixState['solutions'];
  return { ...state, solutions };
}

/** Valid solutions first (when leaving the solutions tab, and after a deletion). */
export function compact(state: ThermixState): ThermixState {
  const solutions = compactSolutions(state.solutions, managesOf(state.needs));
  return solutions === state.solutions ? state : { ...state, solutions };
}
