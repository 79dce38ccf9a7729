// Spec 02 §9, « Price variations per energy (metropole overrides) »: in metropole mode these
// replace the energies' yearly price variation (and, where given, their ghg ratio) in the screen's
// defaults and in the yearly price series. « Others 0 »: every energy not named varies by 0.

export interface EnergyOverride {
  priceVariation: number;
  ghgRatio?: number;
}

const NAMED: Record<string, EnergyOverride> = {
  oil: { priceVariation: 0.0112 },
  gaz_b1: { priceVariation: 0.0095, ghgRatio: 0.22 },
  electricity: { priceVariation: 0.0078 },
  propane: { priceVariation: 0.006 },
  network: { priceVariation: 0, ghgRatio: 0.031 },
};

/** The override of every energy of the reference data. */
export function metropoleOverrides(energyIdentifiers: readonly string[]): Record<string, EnergyOverride> {
  const out: Record<string, EnergyOverride> = {};
  for (const id of energyIdentifiers) out[id] = NAMED[id] ?? { priceVariation: 0 };
  return out;
}
