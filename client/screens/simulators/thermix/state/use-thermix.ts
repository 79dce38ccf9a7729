import { useSetAtom, useStore } from 'jotai';
import { useMemo } from 'react';
import { notify } from '../../../../shell/notifications';
import { useSimulatorData } from '../../shared/simulator-data';
import { chooseSystem } from '../rules/linked-systems';
import { deleteSolution } from '../rules/solutions';
import { managesOf } from '../rules/context';
import { emptySolution } from './initial';
import { changeMetropole, changeNeeds, changeSolution, compact, type Outcome } from './actions';
import { thermixAtom } from './atoms';
import type { MetropoleState, Needs, Solution, SystemDefinition, ThermixState, Use } from './types';

/** The thermix actions, bound to the reference data and the root atom; notices become toasts. */
export function useThermixActions() {
  const { data } = useSimulatorData();
  const set = useSetAtom(thermixAtom);
  const store = useStore();
  return useMemo(() => {
    const apply = (fn: (s: ThermixState) => Outcome) => {
      const outcome = fn(store.get(thermixAtom));
      set(outcome.state);
      for (const text of outcome.notices) notify(text, 'info');
    };
    const solution = (index: number, update: Parameters<typeof changeSolution>[2]) =>
      set((s) => changeSolution(s, index, update, data));
    return {
      changeNeeds: (patch: Partial<Needs>) => apply((s) => changeNeeds(s, patch, data)),
      changeMetropole: (patch: Partial<MetropoleState>) => apply((s) => changeMetropole(s, patch, data)),
      chooseSystem: (index: number, use: Use, rank: 0 | 1, choice: string | null) =>
        solution(index, (s, ctx) => chooseSystem(s, use, rank, choice, ctx)),
      updateDefinition: (index: number, use: Use, rank: 0 | 1, patch: Partial<SystemDefinition>) =>
        solution(index, (s) => {
          const key = use === 'heating' ? 'heatingSystems' : 'hotWaterSystems';
          const list = s[key];
          const next = list.map((d, i) => (i === rank ? { ...d, ...patch } : d)) as Solution['heatingSystems'];
          return { ...s, [key]: next };
        }),
      updateSolution: (index: number, patch: Partial<Solution>) => solution(index, (s) => ({ ...s, ...patch })),
      /** Returns the refusal reason, or null when deleted. */
      deleteSolution: (index: number): string | null => {
        const state = store.get(thermixAtom);
        const out = deleteSolution(state.solutions, index, managesOf(state.needs));
        if (out.refused) return out.reason;
        set({ ...state, solutions: out.solutions });
        return null;
      },
      compact: () => set((s) => compact(s)),
      /** Puts a ready-made solution (a therminix proposition) in the first free slot, or the last one. */
      placeSolution: (placed: Solution, needs?: Partial<Needs>) =>
        apply((s) => {
          const free = s.solutions.findIndex(
            (x) => !x.isMetroGrenoble && ![...x.heatingSystems, ...x.hotWaterSystems].some((d) => d.identifier),
          );
          const at = free >= 0 ? free : 3;
          const solutions = s.solutions.map((x, i) => (i === at ? placed : x)) as ThermixState['solutions'];
          const outcome = changeNeeds({ ...s, solutions }, needs ?? {}, data);
          return { ...outcome, state: compact(outcome.state) };
        }),
      reset: () =>
        set((s) => ({ ...s, solutions: [emptySolution(), emptySolution(), emptySolution(), emptySolution()] })),
    };
  }, [data, set, store]);
}
