import { annualLoanPayment, regularLoanAmountFor } from './loan-payment';
import type { CompletedEcorenoverInput, EcorenoverInput } from './types';

/** Recomputes the derived fields from the primary inputs; derived values sent are ignored. */
export function completeEcorenoverInput(input: EcorenoverInput): CompletedEcorenoverInput {
  const regularLoanAmount = regularLoanAmountFor(
    input.estimatedCostOfHouseWork,
    input.ecoLoanAmount,
    input.estimatedAmountOfHelps,
  );
  return {
    ...input,
    regularLoanAmount,
    regularLoanAnnualPayment: annualLoanPayment(regularLoanAmount, input.regularLoanRate, input.regularLoanLength),
    ecoLoanAnnualPayment: annualLoanPayment(input.ecoLoanAmount, input.ecoLoanRate, input.ecoLoanLength),
  };
}
