import { ecorenoverDefaults, suggestedEcoLoanAmount, type EcorenoverInput } from '../../../../engine/simulators';
import { atomWithSession } from '../shared/state-atoms';

/**
 * The primary inputs (spec 02 §3); the loan amounts and payments derived from them are computed.
 * `ecoLoanAmount` null means « the proposed amount »: what is left to finance (works − helps, up to
 * the éco-prêt ceiling), followed as the works and helps change until the user types an amount.
 */
export type EcorenoverState = Omit<
  EcorenoverInput,
  'regularLoanAmount' | 'regularLoanAnnualPayment' | 'ecoLoanAnnualPayment' | 'ecoLoanAmount'
> & {
  ecoLoanAmount: number | null;
};

const NUMBERS = [
  'annualInvoice',
  'costOfEnergyIncrease',
  'futureEnergyConsumption',
  'estimatedCostOfHouseWork',
  'estimatedAmountOfHelps',
  'regularLoanRate',
  'ecoLoanRate',
  'regularLoanLength',
  'ecoLoanLength',
] as const;

export function initialEcorenover(): EcorenoverState {
  const {
    regularLoanAmount: _a,
    regularLoanAnnualPayment: _b,
    ecoLoanAnnualPayment: _c,
    ...primary
  } = ecorenoverDefaults();
  return { ...primary, ecoLoanAmount: null };
}

/** The engine's input: the proposed eco loan resolved. */
export function ecorenoverInput(state: EcorenoverState): EcorenoverInput {
  return {
    ...state,
    ecoLoanAmount:
      state.ecoLoanAmount ?? suggestedEcoLoanAmount(state.estimatedCostOfHouseWork, state.estimatedAmountOfHelps),
  };
}

export function normalizeEcorenover(stored: unknown): EcorenoverState {
  const base = initialEcorenover();
  if (!stored || typeof stored !== 'object') return base;
  const s = stored as Record<string, unknown>;
  const out: EcorenoverState = { ...base };
  for (const key of NUMBERS)
    if (typeof s[key] === 'number' && Number.isFinite(s[key]))
      (out as unknown as Record<string, number>)[key] = s[key] as number;
  if ((typeof s.ecoLoanAmount === 'number' && Number.isFinite(s.ecoLoanAmount)) || s.ecoLoanAmount === null)
    out.ecoLoanAmount = s.ecoLoanAmount as number | null;
  if (typeof s.livingSpace === 'number' || s.livingSpace === null) out.livingSpace = s.livingSpace as number | null;
  for (const key of ['productionSystemUsed', 'productionSystemWanted'] as const)
    if (typeof s[key] === 'string' || s[key] === null) out[key] = s[key] as string | null;
  return out;
}

export const ecorenoverAtom = atomWithSession(
  'renovation.simulators.ecorenover',
  initialEcorenover,
  normalizeEcorenover,
);
