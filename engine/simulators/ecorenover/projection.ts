import type { CompletedEcorenoverInput, EcorenoverYear } from './types';
import { ECORENOVER_PROJECTION_YEARS, ECORENOVER_YEARLY_VARIATION_FACTORS } from './variation-factors';

/**
 * Year-by-year comparison of "do nothing" and "renovate with these loans".
 * - Year 1 is the works year: both scenarios pay the annual invoice; the helps come in and the part of
 *   the work cost not borrowed goes out.
 * - From year 2, prices have risen by the yearly increase and the variation factor of the year
 *   applies; after the works, consumption is futureEnergyConsumption % of today's.
 * - Each loan is paid from year 1 for its length; payments beyond year 20 are outside the projection.
 */
export function projectEcorenover(
  input: CompletedEcorenoverInput,
  factors: readonly number[] = ECORENOVER_YEARLY_VARIATION_FACTORS,
): EcorenoverYear[] {
  const consumptionAfterWorks = input.futureEnergyConsumption / 100;
  const upfront =
    input.estimatedCostOfHouseWork - input.ecoLoanAmount - input.regularLoanAmount - input.estimatedAmountOfHelps;
  const years: EcorenoverYear[] = [];
  let cumulatedBalance = 0;
  for (let year = 1; year <= ECORENOVER_PROJECTION_YEARS; year++) {
    const priceIndex = year === 1 ? 1 : (1 + input.costOfEnergyIncrease) ** (year - 1) * (factors[year] ?? 1);
    const invoiceWithoutWorks = input.annualInvoice * priceIndex;
    const invoiceAfterWorks = year === 1 ? input.annualInvoice : invoiceWithoutWorks * consumptionAfterWorks;
    const regularLoanPayment = year <= input.regularLoanLength ? input.regularLoanAnnualPayment : 0;
    const ecoLoanPayment = year <= input.ecoLoanLength ? input.ecoLoanAnnualPayment : 0;
    const upfrontCashFlow = year === 1 ? upfront : 0;
    const costWithWorks = invoiceAfterWorks + regularLoanPayment + ecoLoanPayment + upfrontCashFlow;
    const balance = invoiceWithoutWorks - costWithWorks;
    cumulatedBalance += balance;
    years.push({
      year,
      invoiceWithoutWorks,
      invoiceAfterWorks,
      regularLoanPayment,
      ecoLoanPayment,
      upfrontCashFlow,
      costWithWorks,
      balance,
      cumulatedBalance,
    });
  }
  return years;
}
