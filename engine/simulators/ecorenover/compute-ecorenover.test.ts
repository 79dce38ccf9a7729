import { describe, expect, it } from 'vitest';
import { expectClose } from '../test-support/expect-close';
import { computeEcorenover } from './compute-ecorenover';
import { ecorenoverDefaults } from './defaults';
import type { EcorenoverInput } from './types';
import { suggestedEcoLoanAmount } from './loan-payment';
import { ECORENOVER_YEARLY_VARIATION_FACTORS } from './variation-factors';

const nbsp = '\u00a0';
const nnbsp = '\u202f';

const base: EcorenoverInput = {
  annualInvoice: 2_000,
  costOfEnergyIncrease: 0.04,
  futureEnergyConsumption: 50,
  // 24 000 € of works − 4 000 € of helps = 20 000 € to finance: 16 000 € eco loan, 4 000 € regular.
  estimatedCostOfHouseWork: 24_000,
  estimatedAmountOfHelps: 4_000,
  regularLoanRate: 0,
  ecoLoanRate: 0,
  regularLoanLength: 10,
  ecoLoanLength: 20,
  ecoLoanAmount: 16_000,
  // derived values sent by the screen are recomputed
  regularLoanAmount: 999,
  regularLoanAnnualPayment: 999,
  ecoLoanAnnualPayment: 999,
};

describe('computeEcorenover', () => {
  it('recomputes the derived loan fields from the primary inputs', () => {
    const { inputs } = computeEcorenover(base);
    expect(inputs.regularLoanAmount).toBe(24_000 - 4_000 - 16_000);
    expect(inputs.regularLoanAnnualPayment).toBe(4_000 / 10);
    expect(inputs.ecoLoanAnnualPayment).toBe(16_000 / 20);
  });

  it('projects 20 years: the annual invoice in year 1, then the price increase and the lower consumption', () => {
    const { projection } = computeEcorenover(base);
    expect(projection).toHaveLength(20);
    const [first, second] = projection;
    // year 1: works year, both pay 2 000 €; loans 400 + 800; the loans and helps pay the works exactly
    expect(first.invoiceWithoutWorks).toBe(2_000);
    expect(first.invoiceAfterWorks).toBe(2_000);
    expect(first.upfrontCashFlow).toBe(0);
    expectClose(first.balance, 2_000 - (2_000 + 400 + 800));
    // year 2: 2 000 × 1.04 without works; half of it after
    expectClose(second.invoiceWithoutWorks, 2_000 * 1.04);
    expectClose(second.invoiceAfterWorks, 2_000 * 1.04 * 0.5);
    expectClose(second.balance, 2_000 * 1.04 * 0.5 - 1_200);
    // year 11: the regular loan is repaid
    expect(projection[10].regularLoanPayment).toBe(0);
    expect(projection[10].ecoLoanPayment).toBe(800);
    expectClose(projection[10].invoiceWithoutWorks, 2_000 * 1.04 ** 10);
  });

  it('sums the balance over 20 years and says « rapporté » for a gain', () => {
    const result = computeEcorenover(base);
    let withoutWorks = 2_000;
    let afterWorks = 2_000;
    for (let year = 2; year <= 20; year++) {
      withoutWorks += 2_000 * 1.04 ** (year - 1);
      afterWorks += 2_000 * 1.04 ** (year - 1) * 0.5;
    }
    const loans = 400 * 10 + 800 * 20;
    // the helps paid part of the works, so they are not money in hand on top
    const expected = withoutWorks - afterWorks - loans;
    expectClose(result.totals.invoiceWithoutWorks, withoutWorks);
    expectClose(result.totals.loanPayments, loans);
    expectClose(result.totals.balance, expected);
    expect(result.totals.interest).toBe(0);
    expect(result.totals.paymentsAfterProjection).toBe(0);
    expect(result.outcome).toBe('gain');
    expect(result.summary).toBe(
      'Sur 20 ans, votre projet de rénovation vous aura rapporté ' +
        `${Math.round(expected).toLocaleString('fr-FR')}${nbsp}€, aides et emprunts compris.`,
    );
  });

  it('says « coûté » when the works cost more than they save', () => {
    const result = computeEcorenover({ ...base, futureEnergyConsumption: 100, estimatedAmountOfHelps: 0 });
    // no saving at all: the balance is minus every loan payment (8 000 + 16 000)
    expectClose(result.totals.balance, -24_000);
    expect(result.outcome).toBe('cost');
    expect(result.summary).toBe(
      `Sur 20 ans, votre projet de rénovation vous aura coûté 24${nnbsp}000${nbsp}€, aides et emprunts compris.`,
    );
  });

  it('averages years 2 to 6 (year indexes 2 to 7, end excluded)', () => {
    const { firstFiveYearsAverages, firstFiveYearsSummary } = computeEcorenover(base);
    let withoutWorks = 0;
    for (let year = 2; year <= 6; year++) withoutWorks += 2_000 * 1.04 ** (year - 1);
    expectClose(firstFiveYearsAverages.invoiceWithoutWorks, withoutWorks / 5);
    expectClose(firstFiveYearsAverages.invoiceAfterWorks, withoutWorks / 10);
    expectClose(firstFiveYearsAverages.loanPayments, 1_200);
    expectClose(firstFiveYearsAverages.balance, withoutWorks / 10 - 1_200);
    expectClose(firstFiveYearsAverages.monthlyBalance, (withoutWorks / 10 - 1_200) / 12);
    // 2 000 × (1.04 + 1.0816 + 1.124864 + 1.16985856 + 1.2166529) = 11 265.95; half of it a year on
    // average = 1 126.60 €, minus 1 200 € of loans = −73.40 € a year, so an effort of ≈ 6 € a month
    expect(Math.round(-firstFiveYearsAverages.monthlyBalance)).toBe(6);
    expect(firstFiveYearsSummary).toBe(
      'Pendant les cinq années qui suivent les travaux, ' +
        `votre effort est en moyenne de 6${nbsp}€ par mois, remboursements compris.`,
    );
  });

  it('counts interest and the payments due after the projection', () => {
    const result = computeEcorenover({ ...base, regularLoanRate: 0.03, regularLoanLength: 25, ecoLoanLength: 0 });
    const payment = (4_000 * 0.03) / (1 - 1.03 ** -25);
    expectClose(result.inputs.regularLoanAnnualPayment, payment);
    expect(result.inputs.ecoLoanAnnualPayment).toBe(0);
    expectClose(result.totals.loanPayments, payment * 20);
    expectClose(result.totals.paymentsAfterProjection, payment * 5);
    expectClose(result.totals.interest, payment * 25 - 4_000);
  });

  it('applies variation factors by year number from year 2', () => {
    const factors = [...ECORENOVER_YEARLY_VARIATION_FACTORS];
    factors[1] = 5; // never applied: year 1 is the annual invoice
    factors[3] = 1.1;
    const { projection } = computeEcorenover(base, { variationFactors: factors });
    expect(projection[0].invoiceWithoutWorks).toBe(2_000);
    expectClose(projection[2].invoiceWithoutWorks, 2_000 * 1.04 ** 2 * 1.1);
  });
});

describe('ecorenoverDefaults', () => {
  it('keeps the spec primary defaults and recomputes the derived ones', () => {
    const defaults = ecorenoverDefaults();
    expect(defaults).toMatchObject({
      annualInvoice: 2_000,
      livingSpace: 110,
      costOfEnergyIncrease: 0.04,
      futureEnergyConsumption: 50,
      estimatedCostOfHouseWork: 55_000,
      estimatedAmountOfHelps: 10_000,
      regularLoanRate: 0.025,
      regularLoanLength: 15,
      ecoLoanRate: 0,
      ecoLoanLength: 20,
      // what is left to finance (55 000 − 10 000), under the 50 000 € ceiling
      ecoLoanAmount: 45_000,
    });
    expect(defaults.regularLoanAmount).toBe(0);
    expect(defaults.regularLoanAnnualPayment).toBe(0);
    expect(defaults.ecoLoanAnnualPayment).toBe(45_000 / 20);
    expect(computeEcorenover(defaults).warnings).toEqual([]);
  });
});

describe('an eco loan above what is left to finance (issue: 48 000 € of works, 12 000 € of helps)', () => {
  const works = {
    ...base,
    estimatedCostOfHouseWork: 48_000,
    estimatedAmountOfHelps: 12_000,
    ecoLoanRate: 0,
    ecoLoanLength: 20,
  };

  it('proposes the amount to finance, not a fixed 50 000 €, and never above the ceiling', () => {
    expect(suggestedEcoLoanAmount(48_000, 12_000)).toBe(36_000);
    expect(suggestedEcoLoanAmount(90_000, 10_000)).toBe(50_000);
    expect(suggestedEcoLoanAmount(10_000, 12_000)).toBe(0);
    const result = computeEcorenover({ ...works, ecoLoanAmount: 36_000 });
    expect(result.inputs.regularLoanAmount).toBe(0);
    expect(result.projection[0].upfrontCashFlow).toBe(0);
    expect(result.warnings).toEqual([]);
  });

  it('takes the helps out of the regular loan', () => {
    const result = computeEcorenover({ ...works, ecoLoanAmount: 30_000 });
    expect(result.inputs.regularLoanAmount).toBe(48_000 - 12_000 - 30_000);
  });

  it('warns, and explains the negative year 1 the surplus makes', () => {
    const result = computeEcorenover({ ...works, ecoLoanAmount: 50_000 });
    const [first] = result.projection;
    // 48 000 − 50 000 − 0 − 12 000: 14 000 € more than the works come in
    expect(first.upfrontCashFlow).toBe(-14_000);
    expect(first.costWithWorks).toBe(2_000 + 2_500 - 14_000);
    expect(result.warnings[0]).toBe(
      `L’éco-prêt (50${nnbsp}000${nbsp}€) dépasse ce qu’il reste à financer : 36${nnbsp}000${nbsp}€ ` +
        `(travaux 48${nnbsp}000${nbsp}€ moins aides 12${nnbsp}000${nbsp}€). ` +
        `Les 14${nnbsp}000${nbsp}€ empruntés en trop sont comptés comme une rentrée d’argent l’année des travaux ; ` +
        `ramenez l’éco-prêt à 36${nnbsp}000${nbsp}€.`,
    );
    expect(result.firstYearSummary).toContain(`dépassent le coût des travaux de 14${nnbsp}000${nbsp}€`);
    expect(result.firstYearSummary).toContain(
      `vous recevez cette année-là 9${nnbsp}500${nbsp}€ de plus que vous ne dépensez`,
    );
    expect(result.firstYearSummary).toContain('montant de l’année 1 est négatif');
  });

  it('says each loan in a sentence rather than a formula', () => {
    const result = computeEcorenover({ ...base, regularLoanRate: 0.025, regularLoanLength: 15 });
    expect(result.loanSummaries.regularLoan).toBe(
      `Prêt classique de 4${nnbsp}000${nbsp}€ à 2,5${nbsp}% sur 15${nbsp}ans : ` +
        `vous remboursez 323,07${nbsp}€ chaque année pendant 15${nbsp}ans, ` +
        `soit 4${nnbsp}846${nbsp}€ au total, dont 846${nbsp}€ d’intérêts.`,
    );
    expect(result.loanSummaries.ecoLoan).toContain('sans intérêts (taux nul)');
    expect(computeEcorenover({ ...base, estimatedCostOfHouseWork: 20_000 }).loanSummaries.regularLoan).toBe(
      'Pas de prêt classique : il ne reste rien à financer par ce prêt.',
    );
  });
});
