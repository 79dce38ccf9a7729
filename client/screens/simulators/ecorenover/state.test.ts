import { describe, expect, it } from 'vitest';
import { computeEcorenover } from '../../../../engine/simulators';
import { ecorenoverInput, initialEcorenover, normalizeEcorenover } from './state';

describe('ecorenover screen state', () => {
  it('starts from the spec defaults, the eco loan proposed from what is left to finance', () => {
    const s = initialEcorenover();
    expect(s).toMatchObject({
      annualInvoice: 2000,
      livingSpace: 110,
      costOfEnergyIncrease: 0.04,
      futureEnergyConsumption: 50,
      estimatedCostOfHouseWork: 55_000,
      estimatedAmountOfHelps: 10_000,
      ecoLoanAmount: null,
      regularLoanLength: 15,
    });
    expect('regularLoanAmount' in s).toBe(false);
    const r = computeEcorenover(ecorenoverInput(s));
    expect(r.inputs.ecoLoanAmount).toBe(45_000);
    expect(r.inputs.regularLoanAmount).toBe(0);
    expect(r.inputs.ecoLoanAnnualPayment).toBe(2250);
  });

  it('follows the works and the helps until the user types an eco loan', () => {
    const s = { ...initialEcorenover(), estimatedCostOfHouseWork: 48_000, estimatedAmountOfHelps: 12_000 };
    expect(ecorenoverInput(s).ecoLoanAmount).toBe(36_000);
    expect(ecorenoverInput({ ...s, ecoLoanAmount: 20_000 }).ecoLoanAmount).toBe(20_000);
  });

  it('reads back stored inputs, keeping defaults for what is missing or wrong', () => {
    expect(
      normalizeEcorenover({ annualInvoice: 3000, ecoLoanAmount: 'a lot', productionSystemUsed: 'oil_boiler_standard' }),
    ).toMatchObject({ annualInvoice: 3000, ecoLoanAmount: null, productionSystemUsed: 'oil_boiler_standard' });
    expect(normalizeEcorenover({ ecoLoanAmount: 40_000 }).ecoLoanAmount).toBe(40_000);
    expect(normalizeEcorenover(null)).toEqual(initialEcorenover());
  });
});
