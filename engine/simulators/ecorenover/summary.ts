import { formatNumberFr } from '../shared/format-fr';
import type { EcorenoverAverages, EcorenoverTotals, EcorenoverYear } from './types';

/** Year numbers 2 to 6: "year indexes 2 to 7", end excluded, the five years after the works year. */
export const FIVE_YEAR_WINDOW = { from: 2, toExcluded: 7 } as const;

const euros = (value: number) => `${formatNumberFr(Math.round(value), 0)}\u00a0€`;

export function firstFiveYearsAverages(years: readonly EcorenoverYear[]): EcorenoverAverages {
  const window = years.filter((row) => row.year >= FIVE_YEAR_WINDOW.from && row.year < FIVE_YEAR_WINDOW.toExcluded);
  const average = (pick: (row: EcorenoverYear) => number) =>
    window.length === 0 ? 0 : window.reduce((sum, row) => sum + pick(row), 0) / window.length;
  const balance = average((row) => row.balance);
  return {
    invoiceWithoutWorks: average((row) => row.invoiceWithoutWorks),
    invoiceAfterWorks: average((row) => row.invoiceAfterWorks),
    loanPayments: average((row) => row.regularLoanPayment + row.ecoLoanPayment),
    balance,
    monthlyBalance: balance / 12,
  };
}

/** « rapporté » when the 20-year balance is a gain (0 included), « coûté » otherwise. */
export function summarySentence(totals: EcorenoverTotals, years: number): string {
  const verb = totals.balance >= 0 ? 'rapporté' : 'coûté';
  return (
    `Sur ${years} ans, votre projet de rénovation vous aura ${verb} ${euros(Math.abs(totals.balance))}, ` +
    'aides et emprunts compris.'
  );
}

export function firstFiveYearsSentence(averages: EcorenoverAverages): string {
  const monthly = averages.monthlyBalance;
  if (Math.round(monthly) === 0) {
    return (
      'Pendant les cinq années qui suivent les travaux, ' +
      'vos remboursements compensent à peu près vos économies d\u2019énergie.'
    );
  }
  return monthly > 0
    ? 'Pendant les cinq années qui suivent les travaux, ' +
        `vous économisez en moyenne ${euros(monthly)} par mois, remboursements compris.`
    : 'Pendant les cinq années qui suivent les travaux, ' +
        `votre effort est en moyenne de ${euros(-monthly)} par mois, remboursements compris.`;
}
