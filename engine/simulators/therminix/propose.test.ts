import { describe, expect, it } from 'vitest';
import { SimulatorInputError } from '../shared/errors';
import { expectClose, geometricSum } from '../test-support/expect-close';
import { copyOfReferenceData, referenceData } from '../test-support/reference-data';
import { computeResults } from '../thermix/compute-results';
import { TherminixInvalidPropositionError } from './errors';
import { proposeTherminix } from './propose';
import type { TherminixInput } from './types';

const house: TherminixInput = {
  housingType: 'individual',
  renovationType: 'systems_renovation',
  floorSurface: 110,
  heatingSystem: 'gaz_boiler_condensing',
  hotWaterSystem: 'electric_water_heater',
  heatingNeeds: 10_000,
  hotWaterNeeds: 2_000,
};

/** Reference data reduced to three systems, so the ranking can be worked out by hand. */
function threeSystems() {
  const data = copyOfReferenceData();
  data.productionSystems = data.productionSystems.filter((system) =>
    ['gaz_boiler_condensing', 'electric_radiators', 'electric_water_heater'].includes(system.identifier),
  );
  return data;
}

describe('proposeTherminix', () => {
  it('throws a French invalid-proposition error carrying the field errors', () => {
    let caught: unknown;
    try {
      proposeTherminix({ housingType: 'individual' }, referenceData);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TherminixInvalidPropositionError);
    expect(caught).toBeInstanceOf(SimulatorInputError);
    const error = caught as TherminixInvalidPropositionError;
    expect(error.message).toBe(
      'Impossible d\u2019établir une proposition : les informations sur votre projet sont incomplètes ou invalides.',
    );
    expect(error.errors.map((item) => item.path)).toEqual([
      '/renovationType',
      '/floorSurface',
      '/heatingSystem',
      '/heatingNeeds',
      '/hotWaterSystem',
      '/hotWaterNeeds',
    ]);
  });

  it('ranks combinations by 20-year cost, worked out by hand on three systems', () => {
    const data = threeSystems();
    const result = proposeTherminix(house, data, { currentYear: 2024 });
    // Combinations: gas + gas (same boiler), gas + electric water heater, radiators + electric water heater.
    expect(result.consideredCount).toBe(3);
    // Gas boiler, table values: SE 0.85, efficiency 0.95, 7.04 c€/kWh (+2.71 %/year), 5 000 €, 150 €/year.
    const gasHeating = geometricSum((7.04 * (10_000 / 0.85 / 0.95)) / 100, 1.0271, 20);
    // Same boiler for hot water: SE 0.87, efficiency 0.72, no second investment or maintenance.
    const gasWater = geometricSum((7.04 * (2_000 / 0.87 / 0.72)) / 100, 1.0271, 20);
    // Electric water heater: SE 1, efficiency 1, 15.98 c€/kWh (+1.74 %/year), 500 €, no maintenance.
    const electricWater = geometricSum((15.98 * 2_000) / 100, 1.0174, 20) + 500;
    const gasWithGasWater = gasHeating + 150 * 20 + 5_000 + gasWater;
    const gasWithElectricWater = gasHeating + 150 * 20 + 5_000 + electricWater;
    // Radiators: SE 1, efficiency 1, 15.98 c€/kWh, 3 000 €, no maintenance.
    const radiators = geometricSum((15.98 * 10_000) / 100, 1.0174, 20) + 3_000 + electricWater;
    expect(gasWithGasWater).toBeLessThan(gasWithElectricWater);
    expect(gasWithGasWater).toBeLessThan(radiators);

    const [first, second] = result.propositions;
    expect(result.propositions).toHaveLength(2); // one per heating system
    expect(first.heatingSystem?.identifier).toBe('gaz_boiler_condensing');
    expect(first.hotWaterSystem).toEqual({
      identifier: 'gaz_boiler_condensing',
      label: 'Chaudière gaz condensation',
      sharedWithHeating: true,
    });
    expectClose(first.periodTotalCost, gasWithGasWater);
    expect(first.highlights).toEqual(['lowestCost']);
    expect(first.reasons[0]).toBe(
      'Coût global sur 20 ans le plus bas des 3 combinaisons étudiées : ' +
        `${Math.round(gasWithGasWater).toLocaleString('fr-FR')}\u00a0€.`,
    );
    expect(first.reasons).toContain("Le même appareil produit le chauffage et l'eau chaude sanitaire.");
    expect(second.rank).toBe(2);
    expect(second.heatingSystem?.identifier).toBe('electric_radiators');
    expectClose(second.periodTotalCost, radiators);

    // Declared installation kept as it is (renovation): no investment.
    const baseline = gasHeating + 150 * 20 + geometricSum((15.98 * 2_000) / 100, 1.0174, 20);
    expectClose(result.baseline?.periodTotalCost, baseline);
  });

  it('adds the lowest-carbon combination when it is not among the cheapest', () => {
    const result = proposeTherminix(house, referenceData, { currentYear: 2024, maxPropositions: 1 });
    expect(result.propositions[0].highlights).toContain('lowestCost');
    const lowest = result.propositions.find((proposition) => proposition.highlights.includes('lowestCarbon'));
    expect(lowest).toBeDefined();
    // No combination the engine studied emits less: recompute all propositions' figures independently.
    const all = proposeTherminix(house, referenceData, { currentYear: 2024, maxPropositions: 1_000 }).propositions;
    expect(Math.min(...all.map((proposition) => proposition.carbonReport))).toBe(lowest?.carbonReport);
  });

  it('gives figures that thermix reproduces from the proposed solution', () => {
    const result = proposeTherminix(house, referenceData, { currentYear: 2024 });
    for (const proposition of result.propositions) {
      const response = computeResults(
        {
          year: 2024,
          thermalSolarProdByM2: 450,
          needs: { heating: 10_000, hotWater: 2_000, housingCategory: 'individual' },
          solutions: [proposition.solution],
        },
        referenceData,
        { currentYear: 2024 },
      );
      expectClose(response.solutionsResults[0].periodTotalCost, proposition.periodTotalCost);
    }
    // ranks and costs rise together (a lowest-carbon addition comes last, with its own rank)
    const costs = result.propositions.map((proposition) => proposition.periodTotalCost);
    expect([...costs].sort((a, b) => a - b)).toEqual(costs);
    expect(result.propositions.map((proposition) => proposition.rank).slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('never proposes solar, the heating network or obsolete appliances', () => {
    const result = proposeTherminix(
      { housingType: 'multi_unit', renovationType: 'global_renovation', heatingNeeds: 185_000, hotWaterNeeds: 35_000 },
      referenceData,
      {
        currentYear: 2024,
        maxPropositions: 1_000,
      },
    );
    const identifiers = result.propositions.flatMap((p) => [p.heatingSystem?.identifier, p.hotWaterSystem?.identifier]);
    for (const excluded of [
      'solar_system_combined',
      'solar_water_heater',
      'heating_network',
      'fireplace',
      'old_log_stove',
    ]) {
      expect(identifiers).not.toContain(excluded);
    }
    expect(result.baseline).toBeNull();
  });

  it('leaves hot water out of a heating-system renovation', () => {
    const result = proposeTherminix(
      { ...house, renovationType: 'heating_system_renovation', hotWaterSystem: null, hotWaterNeeds: null },
      threeSystems(),
      {
        currentYear: 2024,
      },
    );
    expect(result.needs).toEqual({ heating: 10_000, hotWater: 0 });
    expect(result.consideredCount).toBe(2);
    expect(result.propositions.every((proposition) => proposition.hotWaterSystem === null)).toBe(true);
  });

  it('explains that needs are missing for a multi-unit project without them', () => {
    const result = proposeTherminix({ housingType: 'multi_unit', renovationType: 'new_building' }, referenceData);
    expect(result.propositions).toEqual([]);
    expect(result.notice).toBe(
      "Indiquez vos besoins de chauffage ou d'eau chaude sanitaire pour obtenir des propositions chiffrées.",
    );
  });
});
