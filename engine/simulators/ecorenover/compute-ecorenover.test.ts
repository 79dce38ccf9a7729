import { describe, expect, it } from 'vitest';
import { expectClose } from '../test-support/expect-close';
import { computeEcorenover } from './compute-ecorenover';
import { ecorenoverDefaults } from './defaults';
import type { EcorenoverInput } from './types';
import { ECORENOVER_YEARLY_VARIATION_FACTORS } from './variation-factors';

const nbsp = '\u00a0';
const nnbsp = '\u202f';

const base: EcorenoverInput = {
  annualInvoice: 2_000,
  costOfEnergyIncrease: 0.04,
  futureEnergyConsumption: 50,
  estimatedCostOfHouseWork: 20_000,
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
    expect(inputs.regularLoanAmount).toBe(20_000 - 16_000);
    expect(inputs.regularLoanAnnualPayment).toBe(4_000 / 10);
    expect(inputs.ecoLoanAnnualPayment).toBe(16_000 / 20);
  });

  it('projects 20 years: the annual invoice in year 1, then the price increase and the lower consumption', () => {
    const { projection } = computeEcorenover(base);
    expect(projection).toHaveLength(20);
    const [first, second] = projection;
    // year 1: works year, both pay 2 000 €; loans 400 + 800; helps 4 000 come in, nothing else to pay
    expect(first.invoiceWithoutWorks).toBe(2_000);
    expect(first.invoiceAfterWorks).toBe(2_000);
    expect(first.upfrontCashFlow).toBe(20_000 - 16_000 - 4_000 - 4_000);
    expectClose(first.balance, 2_000 - (2_000 + 400 + 800 - 4_000));
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
    const expected = withoutWorks - afterWorks - loans + 4_000; // helps received
    expectClose(result.totals.invoiceWithoutWorks, withoutWorks);
    expectClose(result.totals.loanPayments, loans);
    expectClose(result.totals.balance, expected);
    expect(result.totals.interest).toBe(0);
    expect(result.totals.paymentsAfterProjection).toBe(0);
    expect(result.outcome).toBe('gain');
    expect(result.summary).toBe(
      `Sur 20 ans, votre projet de rénovation vous aura rapporté ${Math.round(expected).toLocaleString('fr-FR')}${nbsp}€, aides et emprunts compris.`,
    );
  });

  it('says « coûté » when the works cost more than they save', () => {
    const result = computeEcorenover({ ...base, futureEnergyConsumption: 100, estimatedAmountOfHelps: 0 });
    // no saving at all: the balance is minus every loan payment (4 000 + 16 000)
    expectClose(result.totals.balance, -20_000);
    expect(result.outcome).toBe('cost');
    expect(result.summary).toBe(`Sur 20 ans, votre projet de rénovation vous aura coûté 20${nnbsp}000${nbsp}€, aides et emprunts compris.`);
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
    expect(firstFiveYearsSummary).toBe(`Pendant les cinq années qui suivent les travaux, votre effort est en moyenne de 6${nbsp}€ par mois, remboursements compris.`);
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
      ecoLoanAmount: 50_000,
    });
    expect(defaults.regularLoanAmount).toBe(55_000 - 50_000);
    expectClose(defaults.regularLoanAnnualPayment, (5_000 * 0.025) / (1 - 1.025 ** -15));
    expect(defaults.ecoLoanAnnualPayment).toBe(50_000 / 20);
  });
});
