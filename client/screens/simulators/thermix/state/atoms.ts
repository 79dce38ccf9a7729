import { atomWithSession, keyAtom } from '../../shared/state-atoms';
import { initialThermixState, normalizeThermixState } from './initial';
import type { Use } from './types';

/** The whole simulation, kept in sessionStorage: a reload keeps needs, solutions and estimations. */
export const thermixAtom = atomWithSession('renovation.simulators.thermix', initialThermixState, normalizeThermixState);

export const needsAtom = keyAtom(thermixAtom, 'needs');
export const solutionsAtom = keyAtom(thermixAtom, 'solutions');
export const metropoleAtom = keyAtom(thermixAtom, 'metropole');
export const estimationsAtom = keyAtom(thermixAtom, 'estimations');
export const settingsStateAtom = keyAtom(thermixAtom, 'settings');

export const solutionAtom = (index: number) => keyAtom(solutionsAtom, index as 0);
export const definitionAtom = (index: number, use: Use, rank: number) =>
  keyAtom(keyAtom(solutionAtom(index), use === 'heating' ? 'heatingSystems' : 'hotWaterSystems'), rank as 0);
