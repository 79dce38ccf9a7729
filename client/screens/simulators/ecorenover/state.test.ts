import { describe, expect, it } from 'vitest';
import { computeEcorenover } from '../../../../engine/simulators';
import { initialEcorenover, normalizeEcorenover } from './state';

describe('ecorenover screen state', () => {
  it('starts from the spec defaults, the derived loan fields left to the engine', () => {
    const s = initialEcorenover();
    expect(s).toMatchObject({ annualInvoice: 2000, livingSpace: 110, costOfEnergyIncrease: 0.04, futureEnergyConsumption: 50, estimatedCostOfHouseWork: 55_000, estimatedAmountOfHelps: 10_000, ecoLoanAmount: 50_000, regularLoanLength: 15 });
    expect('regularLoanAmount' in s).toBe(false);
    const r = computeEcorenover(s);
    expect(r.inputs.regularLoanAmount).toBe(5000);
    expect(r.inputs.ecoLoanAnnualPayment).toBe(2500);
  });

  it('reads back stored inputs, keeping defaults for what is missing or wrong', () => {
    expect(normalizeEcorenover({ annualInvoice: 3000, ecoLoanAmount: 'a lot', productionSystemUsed: 'oil_boiler_standard' })).toMatchObject({ annualInvoice: 3000, ecoLoanAmount: 50_000, productionSystemUsed: 'oil_boiler_standard' });
    expect(normalizeEcorenover(null)).toEqual(initialEcorenover());
  });
});
