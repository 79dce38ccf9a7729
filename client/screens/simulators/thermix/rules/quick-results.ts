import { computeResults, type ReferenceData, type ThermixResponse } from '../../../../../engine/simulators';
import type { ThermixState } from '../state/types';
import { buildThermixRequest, type BuiltRequest, type ServerSettings } from './build-request';

export interface QuickResults extends BuiltRequest {
  response: ThermixResponse | null;
}

/**
 * The engine run in the browser on the screen's request: instant totals while the user types
 * (the same functions and reference data as the server; the results tab asks the server).
 */
export function quickResults(state: ThermixState, data: ReferenceData, settings: ServerSettings): QuickResults {
  const built = buildThermixRequest(state, { data }, settings);
  if (built.slots.length === 0) return { ...built, response: null };
  try {
    return { ...built, response: computeResults(built.request, data) };
  } catch {
    // Input the engine refuses (an unknown system in old stored state): no instant figure.
    return { ...built, response: null };
  }
}
