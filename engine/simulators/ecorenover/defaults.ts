import { completeEcorenoverInput } from './complete-inputs';
import { suggestedEcoLoanAmount } from './loan-payment';
import type { CompletedEcorenoverInput } from './types';

/**
 * Initial values of the screen. The primary inputs are the spec's defaults (spec 02 §9) but the eco
 * loan: it follows what has to be financed (55 000 − 10 000 = 45 000 €, under the 50 000 € ceiling),
 * so the regular loan is 0 and the eco loan is paid 45 000 / 20 = 2 250 € a year. The spec's derived
 * values (15 000, 1 211, 2 000) follow from none of its inputs; the screen thus never opens on
 * figures it would contradict at the first change.
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
    ecoLoanAmount: suggestedEcoLoanAmount(55_000, 10_000),
  });
}
