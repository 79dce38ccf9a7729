import { describe, expect, it } from 'vitest';
import { expectClose } from '../test-support/expect-close';
import { annualLoanPayment, regularLoanAmountFor } from './loan-payment';

describe('annualLoanPayment', () => {
  it('is 0 for a length of 0', () => {
    expect(annualLoanPayment(15_000, 0.025, 0)).toBe(0);
    expect(annualLoanPayment(15_000, 0, 0)).toBe(0);
  });

  it('is amount / length at a rate of 0', () => {
    expect(annualLoanPayment(50_000, 0, 20)).toBe(2_500);
  });

  it('is the constant annuity otherwise: 15 000 € at 2.5 % over 15 years ≈ 1 211.50 €', () => {
    const payment = annualLoanPayment(15_000, 0.025, 15);
    // 15 000 × 0.025 / (1 − 1.025^−15)
    expectClose(payment, (15_000 * 0.025) / (1 - 1 / 1.025 ** 15));
    expect(payment.toFixed(2)).toBe('1211.50');
    // over one year the annuity repays the amount plus one year of interest
    expectClose(annualLoanPayment(10_000, 0.05, 1), 10_500);
  });
});

describe('regularLoanAmountFor', () => {
  it('is the work cost minus the eco loan, never below 0', () => {
    expect(regularLoanAmountFor(55_000, 40_000)).toBe(15_000);
    expect(regularLoanAmountFor(30_000, 50_000)).toBe(0);
  });
});
