import { HEATING_NETWORK, isThermalSolar } from '../reference/identifiers';
import { tableCost, type HousingProfile, type SystemUse } from '../reference/system-defaults';
import type { ProductionSystem, ReferenceData } from '../reference/types';
import type { ThermixSolution, ThermixSystemEntry } from '../thermix/request-types';

/** One combination to cost: a heating system, a hot-water system, or both. */
export interface Candidate {
  heating: ProductionSystem | null;
  hotWater: ProductionSystem | null;
  /** The heating appliance also produces the hot water. */
  shared: boolean;
  solution: ThermixSolution;
}

/**
 * Systems worth proposing for a use: allowed for the housing, with a price in the table for it
 * (which leaves out the obsolete open fireplace and old stoves and inserts). Thermal solar and the
 * heating network are left out: solar needs a panel surface and a backup the informations step does
 * not give, and the network is excluded by default in the screens (spec 02 §9) and depends on the
 * metropole's coverage.
 */
export function proposableSystems(data: ReferenceData, use: SystemUse, housing: HousingProfile): ProductionSystem[] {
  return data.productionSystems.filter(
    (system) =>
      (use === 'heating' ? system.isHeating : system.isHotWater) &&
      (housing.isMultiUnit ? system.isMultiUnit : system.isIndividual) &&
      !isThermalSolar(system.identifier) &&
      system.identifier !== HEATING_NETWORK &&
      tableCost(system, 'investment', use, housing) !== null,
  );
}

// Entries name the system only: computeResults fills efficiency, costs and prices from the table,
// exactly as the thermix screen pre-fills them.
function entryFor(system: ProductionSystem, overrides: Partial<ThermixSystemEntry> = {}): ThermixSystemEntry {
  return { productionSystem: system.id, productionShare: 1, ...overrides };
}

/** A hot-water entry served by the heating appliance: no second appliance to buy or maintain. */
function sharedHotWaterEntry(system: ProductionSystem): ThermixSystemEntry {
  return entryFor(system, { estimatedInvestment: 0, maintenanceCost: 0, provisionsCost: 0 });
}

export function candidateSolution(
  heating: ProductionSystem | null,
  hotWater: ProductionSystem | null,
  shared: boolean,
): ThermixSolution {
  return {
    heatingSystems: heating ? [entryFor(heating)] : [],
    hotWaterSystems: hotWater ? [shared ? sharedHotWaterEntry(hotWater) : entryFor(hotWater)] : [],
  };
}

/** Every heating system with every way of producing hot water (its own appliance when it can, or a dedicated one). */
export function buildCandidates(
  data: ReferenceData,
  housing: HousingProfile,
  uses: { heating: boolean; hotWater: boolean },
): Candidate[] {
  const heatingSystems = uses.heating ? proposableSystems(data, 'heating', housing) : [null];
  const hotWaterSystems = uses.hotWater ? proposableSystems(data, 'hotWater', housing) : [];
  const candidates: Candidate[] = [];
  for (const heating of heatingSystems) {
    if (!uses.hotWater) {
      if (heating)
        candidates.push({ heating, hotWater: null, shared: false, solution: candidateSolution(heating, null, false) });
      continue;
    }
    for (const hotWater of hotWaterSystems) {
      // A combined appliance is the same system in both lists; another heating-capable system
      // would be a second heating appliance used for hot water only, which nobody installs.
      const shared = heating !== null && hotWater.id === heating.id;
      if (heating && hotWater.isHeating && !shared) continue;
      candidates.push({ heating, hotWater, shared, solution: candidateSolution(heating, hotWater, shared) });
    }
  }
  return candidates;
}
