import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { getEntity } from '../../../engine/schema/registry';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { nowIso } from '../../db/column-types';
import { onCacheChange, publishCacheChange } from '../../cluster/cache-bus';
import { currentPrice, currentPriceMultiUnit, isHeatPump, isThermalSolar } from '../../../engine/simulators';
import type {
  BuildingHeatingConsumption,
  CarbonTax,
  Energy,
  EnergyVector,
  ProductionSystem,
  ReferenceData,
  SecondaryEfficiency,
  YearlyEnergyPrice,
} from '../../../engine/simulators';

/** Entities whose rows make up the simulators' reference data, in loading order. */
export const REFERENCE_ENTITIES = [
  'energy',
  'production-system',
  'secondary-efficiency',
  'building-heating-consumption',
  'energy-vector',
  'yearly-energy-price',
  'carbon-tax',
] as const;

/**
 * How often a process checks whether another process changed the reference rows. Writes made
 * through this process invalidate at once; the check is one small aggregate query.
 */
const CHECK_INTERVAL_MS = 2000;

interface StoreState {
  data: ReferenceData | null;
  /** Row counts and last update times of the reference tables when `data` was read. */
  signature: string;
  checkedAt: number;
  dirty: boolean;
  pending: Promise<ReferenceData> | null;
}

// Per application context: the test suites run several servers (SQLite, PostgreSQL) in one process.
const states = new WeakMap<AppContext, StoreState>();

function stateOf(app: AppContext): StoreState {
  let state = states.get(app);
  if (!state) {
    state = { data: null, signature: '', checkedAt: 0, dirty: true, pending: null };
    states.set(app, state);
  }
  return state;
}

function tableOf(app: AppContext, entity: string): string {
  return getEntity(app.registry, entity).schema['x-entity'].table;
}

async function readSignature(app: AppContext): Promise<string> {
  const parts = REFERENCE_ENTITIES.map(
    (e) => sql`select count(*) as n, max(updated_at) as m from ${sql.table(tableOf(app, e))}`,
  );
  const { rows } = await sql<{ n: number | string; m: string | null }>`${sql.join(parts, sql` union all `)}`.execute(
    app.database.db,
  );
  return rows.map((r) => `${r.n}@${r.m ?? ''}`).join('|');
}

async function readRecords(app: AppContext, entity: string): Promise<ApiRecord[]> {
  const runtime = getEntity(app.registry, entity);
  const rows = (await app.database.db
    .selectFrom(runtime.schema['x-entity'].table as never)
    .selectAll()
    .orderBy('pk' as never)
    .execute()) as Record<string, unknown>[];
  return rows.map((row) => rowToRecord(runtime, row));
}

const NOT_SYSTEM_FIELDS = new Set(['pk', 'id', 'createdAt', 'updatedAt', 'energy']);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

/**
 * Reads the reference rows into the engine's ReferenceData shape (energies named by identifier,
 * as in the data file). The stored current prices are brought in line with the yearly prices when
 * an administrator changed one: `synced` tells that rows were updated.
 */
async function load(app: AppContext): Promise<{ data: ReferenceData; synced: boolean }> {
  // One table after the other: a rebuild is rare, and it then holds one pool connection, not seven.
  const rows: ApiRecord[][] = [];
  for (const entity of REFERENCE_ENTITIES) rows.push(await readRecords(app, entity));
  const [energyRows, systemRows, secondaryRows, consumptionRows, vectorRows, priceRows, taxRows] = rows;
  const identifierOf = new Map(energyRows.map((r) => [r.pk as number, r.identifier as string]));
  const yearlyEnergyPrices: YearlyEnergyPrice[] = priceRows
    .filter((r) => identifierOf.has(r.energy as number))
    // In pk order: when two rows give the same energy and year, the latest one wins in the engine's index.
    .map((r) => ({
      energy: identifierOf.get(r.energy as number)!,
      year: r.year as number,
      price: (r.price as number | null) ?? null,
    }));
  const energies: Energy[] = energyRows.map((r) => ({
    id: r.pk as number,
    identifier: r.identifier as string,
    label: r.label as string,
    primaryEnergyRatio: r.primaryEnergyRatio as number,
    ghgRatio: r.ghgRatio as number,
    carbonTax: Boolean(r.carbonTax),
    pciRatio: (r.pciRatio as number | null) ?? null,
    densityRatio: (r.densityRatio as number | null) ?? null,
    combustibleCategory: r.combustibleCategory as string,
    priceVariation: r.priceVariation as number,
    priceMultiUnitDiscount: r.priceMultiUnitDiscount as number,
    currentPrice: (r.currentPrice as number | null) ?? null,
    currentPriceMultiUnit: (r.currentPriceMultiUnit as number | null) ?? null,
  }));

  // Current prices are derived from the yearly prices: recompute them with the engine's rule.
  const provisional: ReferenceData = { energies, productionSystems: [], secondaryEfficiencies: [], yearlyEnergyPrices };
  let synced = false;
  for (const energy of energies) {
    const price = currentPrice(provisional, energy.identifier);
    const multiUnit = currentPriceMultiUnit(provisional, energy.identifier);
    if (price === energy.currentPrice && multiUnit === energy.currentPriceMultiUnit) continue;
    await app.database.db
      .updateTable(tableOf(app, 'energy') as never)
      .set({ current_price: price, current_price_multi_unit: multiUnit, updated_at: nowIso() } as never)
      .where('pk' as never, '=', energy.id as never)
      .execute();
    energy.currentPrice = price;
    energy.currentPriceMultiUnit = multiUnit;
    synced = true;
  }

  const productionSystems: ProductionSystem[] = systemRows.map((r) => {
    const system: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(r)) if (!NOT_SYSTEM_FIELDS.has(key)) system[key] = value;
    const identifier = r.identifier as string;
    return {
      ...system,
      id: r.pk as number,
      identifier,
      energy: identifierOf.get(r.energy as number) ?? '',
      energyId: r.energy as number,
      // The calculation keys on its identifier lists; the flags are given for the screens.
      isHeatPump: isHeatPump(identifier),
      isThermalSolar: isThermalSolar(identifier),
    } as ProductionSystem;
  });
  const secondaryEfficiencies: SecondaryEfficiency[] = secondaryRows.map((r) => ({
    id: r.pk as number,
    isHeating: Boolean(r.isHeating),
    isMultiUnit: Boolean(r.isMultiUnit),
    isHydro: Boolean(r.isHydro),
    ratio: r.ratio as number,
  }));
  const buildingHeatingConsumptions: BuildingHeatingConsumption[] = consumptionRows
    .map((r) => ({
      id: r.pk as number,
      criterion: r.criterion as string,
      label: r.label as string,
      heatingConsumption: r.heatingConsumption as number,
      comment: (r.comment as string) ?? '',
      order: (r.order as number) ?? 0,
    }))
    .sort(byOrder);
  const energyVectors: EnergyVector[] = vectorRows
    .map((r) => ({
      id: r.pk as number,
      vector: (r.vector as string) ?? '',
      label: (r.label as string | null) ?? null,
      buyingUnit: r.buyingUnit as string,
      pci: r.pci as number,
      unit: r.unit as string,
      energy: identifierOf.get(r.energy as number) ?? '',
      energyId: r.energy as number,
      order: (r.order as number) ?? 0,
    }))
    .sort(byOrder);
  const carbonTaxes: CarbonTax[] = taxRows
    .map((r) => ({ year: r.year as number, amount: r.amount as number }))
    .sort((a, b) => a.year - b.year);

  const data: ReferenceData = {
    energies,
    productionSystems,
    secondaryEfficiencies,
    buildingHeatingConsumptions,
    energyVectors,
    yearlyEnergyPrices,
    carbonTaxes,
  };
  // The engine indexes the object once (WeakMap) and expects it unchanged: freezing makes that a rule.
  return { data: deepFreeze(data), synced };
}

async function refresh(app: AppContext, state: StoreState): Promise<ReferenceData> {
  const wasDirty = state.dirty;
  state.dirty = false;
  try {
    const signature = await readSignature(app);
    if (state.data && !wasDirty && signature === state.signature) {
      state.checkedAt = Date.now();
      return state.data;
    }
    const { data, synced } = await load(app);
    state.data = data;
    // Rows updated by the price sync change the signature: the next check reads them once more.
    state.signature = synced ? '' : signature;
    state.checkedAt = Date.now();
    return data;
  } catch (e) {
    state.dirty = state.dirty || wasDirty;
    throw e;
  }
}

/**
 * The reference data object every simulator call receives: one object, built from the database
 * rows, reused until a reference row changes (the engine indexes it once in a WeakMap).
 */
export async function getReferenceData(app: AppContext): Promise<ReferenceData> {
  const state = stateOf(app);
  if (state.data && !state.dirty && Date.now() - state.checkedAt < CHECK_INTERVAL_MS) return state.data;
  state.pending ??= refresh(app, state).finally(() => {
    state.pending = null;
  });
  return state.pending;
}

/**
 * After a reference row is written in this process: the next call rebuilds the object, here and
 * (through the cache bus) in the other processes, which otherwise notice within CHECK_INTERVAL_MS.
 */
export function invalidateReferenceData(app: AppContext): void {
  stateOf(app).dirty = true;
  publishCacheChange(app, 'reference-data');
}

onCacheChange('reference-data', (app) => {
  stateOf(app).dirty = true;
});
