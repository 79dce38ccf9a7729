import { describe, expect, it } from 'vitest';
import { SimulatorInputError, UnknownProductionSystemError } from '../shared/errors';
import { referenceData, systemId } from '../test-support/reference-data';
import { entry, requestWith } from '../test-support/thermix-request';
import { computeResults } from './compute-results';
import type { ThermixRequest } from './request-types';

const GAS = systemId('gaz_boiler_condensing');

describe('computeResults', () => {
  it('answers one entry per solution in every series, in request order', () => {
    const request: ThermixRequest = {
      ...requestWith({ heatingSystems: [entry(GAS, { efficiency: 0.9, energyPrice: 8 })] }, { heating: 10_000 }),
    };
    request.solutions.push({ heatingSystems: [entry(GAS, { efficiency: 0.9, energyPrice: 4 })] });
    const response = computeResults(request, referenceData, { currentYear: 2024 });
    expect(response.solutionsResults).toHaveLength(2);
    expect(response.periodCostEvolutionSeries).toHaveLength(2);
    for (const values of Object.values(response.periodTotalCostSeries)) expect(values).toHaveLength(2);
    for (const values of Object.values(response.environmentalIndicatorsSeries)) expect(values).toHaveLength(2);
    // half the price, half the fuel cost
    const [first, second] = response.periodTotalCostSeries.combustibleCost;
    expect(second / first).toBeCloseTo(0.5, 12);
  });

  it('echoes needs and metropole settings and computes the metropole requirement', () => {
    const metroGrenoble = {
      enabled: true,
      renovationType: 'new_building',
      floorSurface: 1_500,
      groundSurface: 300,
      area: 'B',
    };
    const request = requestWith({ heatingSystems: [] }, { heating: 0 }, { metroGrenoble });
    const response = computeResults(request, referenceData, { currentYear: 2024 });
    expect(response.needs).toBe(request.needs);
    expect(response.metroGrenoble).toBe(metroGrenoble);
    expect(response.metroGrenobleRequiredEnergyProd).toBe(300 * 20);
    expect(computeResults(requestWith({}, {}), referenceData).metroGrenoble).toBeNull();
  });

  it('uses the current year option for the price window', () => {
    const response = computeResults(requestWith({}, {}), referenceData, { currentYear: 2010 });
    const years = response.yearlyEnergiesPricesSeries[0].yearlyPrices.map((p) => p.year);
    expect(years[0]).toBe(1989);
    expect(years[years.length - 1]).toBe(2009);
  });

  it('names a system by identifier when no id is given; the id wins when both are', () => {
    const byIdentifier = computeResults(
      requestWith({ heatingSystems: [{ identifier: 'log_boiler' }] }, { heating: 1_000 }),
      referenceData,
    );
    expect(byIdentifier.solutionsResults[0].systemsResults[0].productionSystem).toBe(systemId('log_boiler'));
    const both = computeResults(
      requestWith({ heatingSystems: [{ productionSystem: GAS, identifier: 'log_boiler' }] }, { heating: 1_000 }),
      referenceData,
    );
    expect(both.solutionsResults[0].systemsResults[0].identifier).toBe('gaz_boiler_condensing');
  });

  it('rejects an unknown system with a French field error', () => {
    const request = requestWith(
      { heatingSystems: [entry(GAS)], hotWaterSystems: [entry(GAS), { productionSystem: 999 }] },
      { heating: 1 },
    );
    let caught: unknown;
    try {
      computeResults(request, referenceData);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UnknownProductionSystemError);
    expect(caught).toBeInstanceOf(SimulatorInputError);
    const { errors, message } = caught as UnknownProductionSystemError;
    expect(errors).toEqual([
      {
        path: '/solutions/0/hotWaterSystems/1/productionSystem',
        code: 'unknownProductionSystem',
        params: { productionSystem: 999 },
        message: 'Système de production inconnu : 999.',
      },
    ]);
    expect(message).toBe('Système de production inconnu : 999.');
    expect(() => computeResults(requestWith({ heatingSystems: [{ identifier: 'nuclear' }] }), referenceData)).toThrow(
      'Système de production inconnu : nuclear.',
    );
  });

  it('does not change the request', () => {
    const request = requestWith({ heatingSystems: [{ productionSystem: GAS }] }, { heating: 10_000 });
    const before = structuredClone(request);
    computeResults(request, referenceData);
    expect(request).toEqual(before);
  });

  it('gives JSON without undefined echoes', () => {
    const response = computeResults(requestWith({ heatingSystems: [entry(GAS)] }, { heating: 1_000 }), referenceData);
    const system = JSON.parse(JSON.stringify(response)).solutionsResults[0].systemsResults[0];
    expect('isThermalSolar' in system).toBe(false);
    expect('solarProduction' in system).toBe(false);
    expect(system.label).toBe('Chaudière gaz condensation');
  });
});
