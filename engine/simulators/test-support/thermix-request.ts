import type { ThermixRequest, ThermixSolution, ThermixSystemEntry } from '../thermix/request-types';

/** A one-solution request with explicit needs; every test states the entry values it relies on. */
export function requestWith(
  solution: ThermixSolution,
  needs: Partial<ThermixRequest['needs']> = {},
  extra: Partial<ThermixRequest> = {},
): ThermixRequest {
  return {
    year: 2024,
    thermalSolarProdByM2: 450,
    needs: { heating: 0, hotWater: 0, housingCategory: 'individual', ...needs },
    solutions: [solution],
    ...extra,
  };
}

/** An entry with every cost field explicit, so that no table default enters a hand calculation. */
export function entry(productionSystem: number, fields: Partial<ThermixSystemEntry> = {}): ThermixSystemEntry {
  return {
    productionSystem,
    productionShare: 1,
    estimatedInvestment: 0,
    efficiency: 1,
    maintenanceCost: 0,
    provisionsCost: 0,
    energyPrice: 0,
    energyPriceVariation: 0,
    ...fields,
  };
}
