/**
 * Yearly payment of a loan (spec 02 §5): 0 for a length of 0; amount / length at a rate of 0;
 * otherwise the constant annuity amount × rate / (1 − (1 + rate)^−length), which gives the spec's
 * default of about 1 211.50 € for 15 000 € at 2.5 % over 15 years.
 */
export function annualLoanPayment(amount: number, rate: number, length: number): number {
  if (length <= 0) return 0;
  if (rate === 0) return amount / length;
  return (amount * rate) / (1 - (1 + rate) ** -length);
}

/** The rest of the work cost is borrowed on the regular loan (spec 02 §5). */
export function regularLoanAmountFor(estimatedCostOfHouseWork: number, ecoLoanAmount: number): number {
  return Math.max(0, estimatedCostOfHouseWork - ecoLoanAmount);
}
