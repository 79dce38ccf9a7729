import raw from '../../../../../fixtures/reference/energies-reference-data.json';
import type { ReferenceData } from '../../../../../engine/simulators';
import { initialThermixState } from '../state/initial';
import type { Needs, ThermixState } from '../state/types';
import type { RuleContext } from './context';

// Shared by the rules' unit tests: the reference data file and small state builders.

export const data = raw as unknown as ReferenceData;

export function ctxFor(needs: Partial<Needs> = {}, metropoleOn = false): RuleContext {
  return { data, needs: { ...initialThermixState().needs, ...needs }, metropoleOn };
}

export function stateWith(needs: Partial<Needs> = {}): ThermixState {
  const state = initialThermixState();
  return { ...state, needs: { ...state.needs, ...needs } };
}
