import type { EstimationInputs, MetropoleState, Needs, Solution, SystemDefinition, ThermixState } from './types';

export function emptyDefinition(): SystemDefinition {
  return {
    identifier: null,
    hybrid: false,
    share: null,
    efficiency: null,
    estimatedInvestment: null,
    maintenanceCost: null,
    provisionsCost: null,
    energyPrice: null,
    energyPriceVariation: null,
    ghgRatio: null,
    solarPanelsSurface: null,
    useGreenEnergy: false,
    greenEnergyShare: null,
    greenEnergyPrice: null,
    greenEnergyGhgRatio: null,
    locked: false,
    lockReason: null,
    limitedTo: null,
  };
}

export function emptySolution(): Solution {
  return {
    heatingSystems: [emptyDefinition(), emptyDefinition()],
    hotWaterSystems: [emptyDefinition(), emptyDefinition()],
    renewableElectricity: false,
    renewableElectricityProd: null,
    financialSupport: false,
    financialSupportAmount: null,
    isMetroGrenoble: false,
  };
}

/** Spec 02 §9: the demo needs of an individual house. */
export function initialNeeds(): Needs {
  return {
    heating: 15_000,
    hotWater: 3_000,
    housingCategory: 'individual',
    dwellingsNumber: null,
    renovationType: 'systems_renovation',
  };
}

export function initialMetropole(): MetropoleState {
  return {
    enabled: false,
    area: null,
    inseeCode: null,
    altitude: null,
    floorSurface: null,
    groundSurface: null,
    requiredEnergyProductionByM2: null,
    boilerPower: 'low',
  };
}

export function initialEstimations(): EstimationInputs {
  return {
    surface: null,
    persons: null,
    thermalNeedPerM2: null,
    altitude: null,
    globalTarget: 'bbc',
    era: null,
    invoiceMode: 'euros',
    invoiceIncludesHotWater: true,
    invoices: [{ energy: 'gaz_b1', energyPrice: null, amount: null }],
    quantities: [{ vector: 'natural_gaz_kwh', quantity: null }],
  };
}

export function initialThermixState(): ThermixState {
  return {
    version: 1,
    needs: initialNeeds(),
    solutions: [emptySolution(), emptySolution(), emptySolution(), emptySolution()],
    metropole: initialMetropole(),
    estimations: initialEstimations(),
    settings: { year: null, thermalSolarProdByM2: null },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Lists whose length the user chooses; every other array of the state is a fixed-length tuple. */
const FREE_LISTS = new Set(['invoices', 'quantities']);

/** Fills what a stored object lacks from `base`, keeping only keys and value kinds `base` knows. */
function merge<T>(base: T, stored: unknown, key = ''): T {
  if (Array.isArray(base)) {
    if (!Array.isArray(stored)) return base;
    if (FREE_LISTS.has(key)) return stored.slice(0, 20).map((item) => merge(base[0], item)) as T;
    return base.map((b, i) => merge(b, stored[i])) as T;
  }
  if (isObject(base)) {
    if (!isObject(stored)) return base;
    const out: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(base)) out[k] = k in stored ? merge(value, stored[k], k) : value;
    return out as T;
  }
  if (base === null) {
    // Nullable fields: numbers, strings, or (limitedTo) a list of identifiers.
    if (typeof stored === 'number' && Number.isFinite(stored)) return stored as T;
    if (typeof stored === 'string') return stored as T;
    if (Array.isArray(stored)) return stored.filter((x) => typeof x === 'string') as T;
    return null as T;
  }
  if (typeof base === 'number') return (typeof stored === 'number' && Number.isFinite(stored) ? stored : base) as T;
  return (typeof stored === typeof base ? stored : base) as T;
}

/**
 * A state read back from sessionStorage: anything unknown or of the wrong kind falls back to the
 * initial value, so an old or edited entry can never break the screens.
 */
export function normalizeThermixState(stored: unknown): ThermixState {
  const base = initialThermixState();
  if (!isObject(stored) || stored.version !== 1) return base;
  const merged = merge(base, stored);
  merged.estimations.invoices = merged.estimations.invoices.length
    ? merged.estimations.invoices
    : base.estimations.invoices;
  merged.estimations.quantities = merged.estimations.quantities.length
    ? merged.estimations.quantities
    : base.estimations.quantities;
  return merged;
}
