import { completeEcorenoverInput } from './complete-inputs';
import type { CompletedEcorenoverInput } from './types';

/**
 * Initial values of the screen. The primary inputs are the spec's defaults (spec 02 §9); the derived
 * ones (regular loan amount 15 000, payments 1 211 and 2 000 in the spec) do not follow from them,
 * so they are recomputed: regular loan 55 000 − 50 000 = 5 000 €, paid about 403.83 € a year; eco
 * loan 50 000 / 20 = 2 500 € a year. The screen thus never opens on figures it would contradict at
 * the first change.
 */
export function ecorenoverDefaults(): CompletedEcorenoverInput {
  return completeEcorenoverInput({
    annualInvoice: 2000,
    productionSystemUsed: null,
    livingSpace: 110,
    costOfEnergyIncrease: 0.04,
    productionSystemWanted: null,
    futureEnergyConsumption: 50,
    estimatedCostOfHouseWork: 55_000,
    estimatedAmountOfHelps: 10_000,
    regularLoanRate: 0.025,
    ecoLoanRate: 0,
    regularLoanLength: 15,
    ecoLoanLength: 20,
    ecoLoanAmount: 50_000,
  });
}
