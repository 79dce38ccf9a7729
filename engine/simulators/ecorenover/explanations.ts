import { formatNumberFr } from '../shared/format-fr';
import { amountToFinance, ECO_LOAN_CEILING } from './loan-payment';
import type { CompletedEcorenoverInput, EcorenoverYear } from './types';
import { frenchPlural } from '../../format/plural';

// French sentences for the public: what the figures mean, where a formula alone would not say.

const euros = (value: number) => `${formatNumberFr(Math.round(value), 0)}\u00a0€`;
const eurosCents = (value: number) => `${formatNumberFr(value, 2)}\u00a0€`;
const rate = (value: number) => `${formatNumberFr(value * 100, 2)}\u00a0%`;
const years = (value: number) => `${formatNumberFr(value, 0)}\u00a0an${frenchPlural(value) === 'one' ? '' : 's'}`;

/** What is wrong or surprising in the inputs, said before the results are read. */
export function ecorenoverWarnings(input: CompletedEcorenoverInput): string[] {
  const warnings: string[] = [];
  const works = input.estimatedCostOfHouseWork;
  const helps = input.estimatedAmountOfHelps;
  const toFinance = amountToFinance(works, helps);
  if (helps > works) {
    warnings.push(
      `Les aides (${euros(helps)}) dépassent le coût des travaux (${euros(works)}) : vérifiez ces deux montants.`,
    );
  }
  if (input.ecoLoanAmount > toFinance) {
    warnings.push(
      `L’éco-prêt (${euros(input.ecoLoanAmount)}) dépasse ce qu’il reste à financer : ${euros(toFinance)} ` +
        `(travaux ${euros(works)} moins aides ${euros(helps)}). ` +
        `Les ${euros(input.ecoLoanAmount - toFinance)} empruntés en trop ` +
        `sont comptés comme une rentrée d’argent l’année des travaux ; ramenez l’éco-prêt à ${euros(toFinance)}.`,
    );
  }
  if (input.ecoLoanAmount > ECO_LOAN_CEILING) {
    warnings.push(`L’éco-prêt à taux zéro est plafonné à ${euros(ECO_LOAN_CEILING)}.`);
  }
  return warnings;
}

/**
 * Year 1, the works year, in words: the bill is still today's, the first payments are due, and
 * when helps and loans exceed the works the surplus comes in, which makes the year's cost negative.
 */
export function firstYearSentence(year: EcorenoverYear | undefined): string {
  if (!year) return '';
  const payments = year.regularLoanPayment + year.ecoLoanPayment;
  const start =
    'L’année 1 est celle des travaux : ' +
    `votre facture d’énergie reste celle d’aujourd’hui (${euros(year.invoiceAfterWorks)}), ` +
    'les économies commencent l’année suivante';
  const paid = payments > 0 ? ` ; vous payez aussi les premières annuités (${euros(payments)})` : '';
  if (year.upfrontCashFlow < 0) {
    const surplus = -year.upfrontCashFlow;
    const net = year.costWithWorks;
    const outcome =
      net < 0
        ? ` Au total, vous recevez cette année-là ${euros(-net)} de plus que vous ne dépensez : ` +
          'c’est pourquoi le montant de l’année 1 est négatif.'
        : ` Au total, l’année 1 vous coûte ${euros(net)}.`;
    return (
      `${start}${paid}. ` +
      `Les aides et les emprunts dépassent le coût des travaux de ${euros(surplus)}, qui vous reviennent.${outcome}`
    );
  }
  if (year.upfrontCashFlow > 0) {
    return `${start}${paid}. Vous financez vous-même ${euros(year.upfrontCashFlow)} des travaux.`;
  }
  return `${start}${paid}.`;
}

/**
 * A loan in one sentence: the constant yearly payment, what it adds up to and the interest. The
 * formula (montant × taux ÷ (1 − (1 + taux)^−durée)) stays a detail for who asks.
 */
export function loanSentence(name: string, amount: number, loanRate: number, length: number, payment: number): string {
  if (amount <= 0) return `Pas de ${name} : il ne reste rien à financer par ce prêt.`;
  if (length <= 0) return `${capitalised(name)} de ${euros(amount)} sans durée : aucune annuité n’est comptée.`;
  const total = payment * length;
  const interest = total - amount;
  const cost =
    loanRate === 0
      ? 'sans intérêts (taux nul) : la somme empruntée, rien de plus'
      : `soit ${euros(total)} au total, dont ${euros(interest)} d’intérêts`;
  return (
    `${capitalised(name)} de ${euros(amount)} à ${rate(loanRate)} sur ${years(length)} : ` +
    `vous remboursez ${eurosCents(payment)} chaque année pendant ${years(length)}, ${cost}.`
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
