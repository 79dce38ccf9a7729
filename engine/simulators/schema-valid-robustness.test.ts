import { describe, expect, it } from 'vitest';
import { computeEcorenover } from './ecorenover/compute-ecorenover';
import { referenceData } from './test-support/reference-data';
import { schemaErrors } from './test-support/request-schemas';
import { TherminixInvalidPropositionError } from './therminix/errors';
import { proposeTherminix } from './therminix/propose';
import { computeResults } from './thermix/compute-results';
import { explainThermixResults } from './thermix/explain/explain-results';
import type { ThermixRequest, ThermixSolution, ThermixSystemEntry } from './thermix/request-types';

// Deterministic pseudo-random generator (mulberry32), so a failure can be replayed.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const edgy = (max: number): number | null | undefined => pick([undefined, null, 0, max, next() * max, next() * max]);
  return { next, pick, edgy };
}

const ids = referenceData.productionSystems.map((system) => system.id);
const identifiers = referenceData.productionSystems.map((system) => system.identifier);

function randomEntry(random: ReturnType<typeof generator>): ThermixSystemEntry {
  const naming = random.pick(['id', 'id', 'identifier', 'empty']);
  return {
    index: random.pick([undefined, 0, 1, 2, 10]),
    productionSystem: naming === 'id' ? random.pick(ids) : naming === 'empty' ? random.pick([0, null]) : undefined,
    identifier: naming === 'identifier' ? random.pick(identifiers) : undefined,
    productionShare: random.edgy(1),
    estimatedInvestment: random.edgy(50_000),
    efficiency: random.edgy(20),
    maintenanceCost: random.edgy(5_000),
    provisionsCost: random.edgy(5_000),
    energyPrice: random.edgy(1000),
    energyPriceVariation: random.pick([undefined, null, -0.5, 0, 0.03, 1]),
    ghgRatio: random.edgy(10),
    solarPanelsSurface: random.edgy(500),
  };
}

function randomRequest(random: ReturnType<typeof generator>): ThermixRequest {
  const list = () => Array.from({ length: Math.floor(random.next() * 3) }, () => randomEntry(random));
  const solutions: ThermixSolution[] = Array.from({ length: Math.floor(random.next() * 5) }, () => ({
    heatingSystems: random.pick([list(), list(), null]),
    hotWaterSystems: random.pick([list(), list(), undefined]),
    renewableElectricity: random.pick([true, false, null]),
    renewableElectricityProduction: random.edgy(1e6),
    financialSupport: random.pick([true, false, undefined]),
    financialSupportAmount: random.edgy(1e6),
  }));
  return {
    year: random.pick([1900, 2024, 2200]),
    thermalSolarProdByM2: random.pick([0, 450, 2000]),
    needs: {
      heating: random.pick([0, 1, 15_000, 1e9]),
      hotWater: random.pick([0, 1, 3_000, 1e9]),
      housingCategory: random.pick(['individual', 'multi_unit', null, undefined] as const),
      dwellingsNumber: random.pick([undefined, null, 0, 1, 49, 50, 150, 100_000]),
    },
    solutions,
    metroGrenoble: random.pick([
      undefined,
      null,
      { enabled: true },
      { enabled: false },
      { enabled: true, renovationType: 'new_building', floorSurface: 5_000, groundSurface: 800 },
    ]),
  };
}

function nonFinitePaths(value: unknown, path: string, found: string[] = []): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) found.push(path);
  } else if (Array.isArray(value)) value.forEach((item, index) => nonFinitePaths(item, `${path}/${index}`, found));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) nonFinitePaths(item, `${path}/${key}`, found);
  return found;
}

function expectFiniteNumbers(value: unknown, path: string): void {
  expect(nonFinitePaths(value, path)).toEqual([]);
}

describe('engines on schema-valid input', () => {
  it('thermix never throws and answers finite numbers (500 random requests)', () => {
    const random = generator(20240601);
    for (let run = 0; run < 500; run++) {
      const request = randomRequest(random);
      expect(schemaErrors('thermix', JSON.parse(JSON.stringify(request))), `run ${run}`).toEqual([]);
      const response = computeResults(request, referenceData, { currentYear: 2024 });
      expectFiniteNumbers(response, `run ${run}`);
      expectFiniteNumbers(explainThermixResults(request, response, referenceData), `run ${run} explanations`);
    }
  });

  it('ecorenover never throws and answers finite numbers', () => {
    const random = generator(7);
    for (let run = 0; run < 300; run++) {
      const input = {
        annualInvoice: random.pick([0, 2_000, 1e6]),
        costOfEnergyIncrease: random.pick([-0.5, 0, 0.04, 1]),
        futureEnergyConsumption: random.pick([0, 50, 100]),
        estimatedCostOfHouseWork: random.pick([0, 55_000, 1e7]),
        estimatedAmountOfHelps: random.pick([0, 10_000, 1e7]),
        regularLoanRate: random.pick([0, 0.025, 1]),
        ecoLoanRate: random.pick([0, 0.01, 1]),
        regularLoanLength: random.pick([0, 1, 15, 50]),
        ecoLoanLength: random.pick([0, 20, 50]),
        ecoLoanAmount: random.pick([0, 50_000, 1e7]),
      };
      expect(schemaErrors('ecorenover', input)).toEqual([]);
      const result = computeEcorenover(input);
      expectFiniteNumbers(result, `run ${run}`);
      expect(result.summary).toMatch(/rapporté|coûté/);
    }
  });

  it('therminix only throws its invalid-proposition error', () => {
    const random = generator(99);
    for (let run = 0; run < 60; run++) {
      const input = {
        housingType: random.pick(['individual', 'multi_unit', null]),
        renovationType: random.pick([
          'new_building',
          'global_renovation',
          'systems_renovation',
          'heating_system_renovation',
          null,
        ]),
        floorSurface: random.pick([null, 0, 110]),
        heatingSystem: random.pick([null, 'oil_boiler_standard', 'heating_network', 'unknown_system']),
        hotWaterSystem: random.pick([null, 'electric_water_heater', 'log_stove']),
        heatingNeeds: random.pick([null, 0, 15_000]),
        hotWaterNeeds: random.pick([null, 0, 3_000]),
        dwellingsNumber: random.pick([null, 1, 200]),
      };
      expect(schemaErrors('therminix', input)).toEqual([]);
      try {
        expectFiniteNumbers(proposeTherminix(input, referenceData, { currentYear: 2024 }), `run ${run}`);
      } catch (error) {
        expect(error, `run ${run}`).toBeInstanceOf(TherminixInvalidPropositionError);
      }
    }
  });
});
