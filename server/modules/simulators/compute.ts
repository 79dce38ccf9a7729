import {
  computeEcorenover,
  computeResults,
  explainThermixResults,
  proposeTherminix,
  type EcorenoverInput,
  type EcorenoverResult,
  type ThermixExplanations,
  type ThermixRequest,
  type ThermixResponse,
  type TherminixInput,
  type TherminixPropositionResult,
} from '../../../engine/simulators';
import type { RequestContext } from '../../context';
import { getReferenceData } from './reference-store';
import { assertFiniteResult, runEngine, validateSimulatorRequest } from './request-validation';

// The operations behind the compute endpoints and the PDF reports: validate, compute with the
// shared reference data, refuse what cannot be answered. `prefix` locates errors in a larger body.

export interface ThermixComputation {
  request: ThermixRequest;
  response: ThermixResponse;
  explanations?: ThermixExplanations;
}

export async function computeThermix(
  ctx: RequestContext,
  body: unknown,
  options: { explain?: boolean; prefix?: string } = {},
): Promise<ThermixComputation> {
  const prefix = options.prefix ?? '';
  const request = validateSimulatorRequest<ThermixRequest>(ctx, 'thermix', body, prefix);
  const data = await getReferenceData(ctx.app);
  const response = runEngine(ctx, () => computeResults(request, data), prefix);
  assertFiniteResult(ctx, response, prefix);
  if (!options.explain) return { request, response };
  return {
    request,
    response,
    explanations: runEngine(ctx, () => explainThermixResults(request, response, data), prefix),
  };
}

/** The ecorenover answer: the inputs completed (derived loan fields) at the top level, with the projection. */
export type EcorenoverAnswer = EcorenoverResult['inputs'] & Omit<EcorenoverResult, 'inputs'>;

export function computeEcorenoverAnswer(
  ctx: RequestContext,
  body: unknown,
  prefix = '',
): { request: EcorenoverInput; result: EcorenoverResult; answer: EcorenoverAnswer } {
  const request = validateSimulatorRequest<EcorenoverInput>(ctx, 'ecorenover', body, prefix);
  const result = runEngine(ctx, () => computeEcorenover(request), prefix);
  assertFiniteResult(ctx, result, prefix);
  const { inputs, ...rest } = result;
  return { request, result, answer: { ...inputs, ...rest } };
}

export async function computeTherminix(ctx: RequestContext, body: unknown): Promise<TherminixPropositionResult> {
  const request = validateSimulatorRequest<TherminixInput & { maxPropositions?: number }>(ctx, 'therminix', body);
  const { maxPropositions, ...input } = request;
  const data = await getReferenceData(ctx.app);
  const result = runEngine(ctx, () => proposeTherminix(input, data, { maxPropositions }));
  assertFiniteResult(ctx, result);
  return result;
}
