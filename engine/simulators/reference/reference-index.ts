import type { Energy, ProductionSystem, ReferenceData } from './types';

/** Lookup tables built once per reference-data object (the server loads the data once). */
export interface ReferenceIndex {
  systemsById: ReadonlyMap<number, ProductionSystem>;
  systemsByIdentifier: ReadonlyMap<string, ProductionSystem>;
  energiesByIdentifier: ReadonlyMap<string, Energy>;
  /** energy identifier → year → price (c€/kWh, null kept), years ascending. */
  pricesByEnergy: ReadonlyMap<string, ReadonlyMap<number, number | null>>;
  /** Memo of derived values (current prices, secondary efficiencies) keyed by a short text. */
  memo: Map<string, number | null>;
}

// Keyed by object identity: callers must treat the reference data as immutable once passed in.
const indexes = new WeakMap<ReferenceData, ReferenceIndex>();

export function referenceIndex(data: ReferenceData): ReferenceIndex {
  let index = indexes.get(data);
  if (!index) {
    index = buildIndex(data);
    indexes.set(data, index);
  }
  return index;
}

function buildIndex(data: ReferenceData): ReferenceIndex {
  const pricesByEnergy = new Map<string, Map<number, number | null>>();
  const sortedPrices = [...data.yearlyEnergyPrices].sort((a, b) => a.year - b.year);
  for (const row of sortedPrices) {
    let byYear = pricesByEnergy.get(row.energy);
    if (!byYear) {
      byYear = new Map();
      pricesByEnergy.set(row.energy, byYear);
    }
    byYear.set(row.year, row.price);
  }
  return {
    systemsById: new Map(data.productionSystems.map((system) => [system.id, system])),
    systemsByIdentifier: new Map(data.productionSystems.map((system) => [system.identifier, system])),
    energiesByIdentifier: new Map(data.energies.map((energy) => [energy.identifier, energy])),
    pricesByEnergy,
    memo: new Map(),
  };
}
