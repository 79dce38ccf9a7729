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

/** Highest amount of an éco-prêt à taux zéro (50 000 € for a global renovation). */
export const ECO_LOAN_CEILING = 50_000;

/** What the loans have to finance: the work cost less the helps, never below 0. */
export function amountToFinance(estimatedCostOfHouseWork: number, estimatedAmountOfHelps: number): number {
  return Math.max(0, estimatedCostOfHouseWork - estimatedAmountOfHelps);
}

/**
 * The rest of what has to be financed is borrowed on the regular loan: work cost − helps − eco
 * loan, never below 0. Spec 02 §5 says work cost − eco loan; the helps are taken out too, or the
 * regular loan would borrow them a second time (docs/simulators.md).
 */
export function regularLoanAmountFor(
  estimatedCostOfHouseWork: number,
  ecoLoanAmount: number,
  estimatedAmountOfHelps = 0,
): number {
  return Math.max(0, amountToFinance(estimatedCostOfHouseWork, estimatedAmountOfHelps) - ecoLoanAmount);
}

/**
 * The eco loan the screen proposes until the user types one: what has to be financed, up to the
 * éco-prêt ceiling. A fixed 50 000 € borrowed more than 48 000 € of works less 12 000 € of helps.
 */
export function suggestedEcoLoanAmount(estimatedCostOfHouseWork: number, estimatedAmountOfHelps: number): number {
  return Math.min(ECO_LOAN_CEILING, amountToFinance(estimatedCostOfHouseWork, estimatedAmountOfHelps));
}
