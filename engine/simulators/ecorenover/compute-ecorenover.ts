import { completeEcorenoverInput } from './complete-inputs';
import { ecorenoverWarnings, firstYearSentence, loanSentence } from './explanations';
import { projectEcorenover } from './projection';
import { firstFiveYearsAverages, firstFiveYearsSentence, summarySentence } from './summary';
import type {
  CompletedEcorenoverInput,
  EcorenoverInput,
  EcorenoverResult,
  EcorenoverTotals,
  EcorenoverYear,
} from './types';
import { ECORENOVER_PROJECTION_YEARS, ECORENOVER_YEARLY_VARIATION_FACTORS } from './variation-factors';

export interface EcorenoverOptions {
  /** 21 factors by year number; defaults to ECORENOVER_YEARLY_VARIATION_FACTORS. */
  variationFactors?: readonly number[];
}

/** The renovation-loan simulation: derived loan fields, 20-year projection and its summary. */
export function computeEcorenover(input: EcorenoverInput, options: EcorenoverOptions = {}): EcorenoverResult {
  const inputs = completeEcorenoverInput(input);
  const projection = projectEcorenover(inputs, options.variationFactors ?? ECORENOVER_YEARLY_VARIATION_FACTORS);
  const totals = totalsOf(inputs, projection);
  const averages = firstFiveYearsAverages(projection);
  return {
    inputs,
    projection,
    totals,
    firstFiveYearsAverages: averages,
    outcome: totals.balance >= 0 ? 'gain' : 'cost',
    summary: summarySentence(totals, ECORENOVER_PROJECTION_YEARS),
    firstFiveYearsSummary: firstFiveYearsSentence(averages),
    firstYearSummary: firstYearSentence(projection[0]),
    warnings: ecorenoverWarnings(inputs),
    loanSummaries: {
      ecoLoan: loanSentence(
        'éco-prêt',
        inputs.ecoLoanAmount,
        inputs.ecoLoanRate,
        inputs.ecoLoanLength,
        inputs.ecoLoanAnnualPayment,
      ),
      regularLoan: loanSentence(
        'prêt classique',
        inputs.regularLoanAmount,
        inputs.regularLoanRate,
        inputs.regularLoanLength,
        inputs.regularLoanAnnualPayment,
      ),
    },
  };
}

function totalsOf(inputs: CompletedEcorenoverInput, projection: readonly EcorenoverYear[]): EcorenoverTotals {
  let invoiceWithoutWorks = 0;
  let invoiceAfterWorks = 0;
  let loanPayments = 0;
  for (const row of projection) {
    invoiceWithoutWorks += row.invoiceWithoutWorks;
    invoiceAfterWorks += row.invoiceAfterWorks;
    loanPayments += row.regularLoanPayment + row.ecoLoanPayment;
  }
  const regularPaid = inputs.regularLoanLength > 0 ? inputs.regularLoanAnnualPayment * inputs.regularLoanLength : 0;
  const ecoPaid = inputs.ecoLoanLength > 0 ? inputs.ecoLoanAnnualPayment * inputs.ecoLoanLength : 0;
  const paidInFull = regularPaid + ecoPaid;
  // A loan of length 0 has no payments (spec rule), so it has no interest either.
  const interest =
    (inputs.regularLoanLength > 0 ? regularPaid - inputs.regularLoanAmount : 0) +
    (inputs.ecoLoanLength > 0 ? ecoPaid - inputs.ecoLoanAmount : 0);
  return {
    invoiceWithoutWorks,
    invoiceAfterWorks,
    loanPayments,
    interest,
    paymentsAfterProjection: paidInFull - loanPayments,
    helps: inputs.estimatedAmountOfHelps,
    balance: projection.length > 0 ? projection[projection.length - 1].cumulatedBalance : 0,
  };
}
