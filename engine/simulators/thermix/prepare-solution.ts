import { isThermalSolar } from '../reference/identifiers';
import { energyOfSystem } from '../reference/production-system-lookup';
import { referenceIndex } from '../reference/reference-index';
import {
  defaultEnergyPrice,
  defaultSolarPanelsSurface,
  tableCost,
  tableEfficiency,
  tableProvisions,
  type SystemUse,
} from '../reference/system-defaults';
import type { ProductionSystem } from '../reference/types';
import { UnknownProductionSystemError } from '../shared/errors';
import type { ThermixContext } from './context';
import type { PreparedEntry, PreparedSolution } from './prepared-entry';
import type { ThermixSolution, ThermixSystemEntry } from './request-types';

export function prepareSolution(ctx: ThermixContext, solution: ThermixSolution, path: string): PreparedSolution {
  const heating = prepareList(ctx, solution.heatingSystems, 'heating', `${path}/heatingSystems`);
  const hotWaterEntries = solution.hotWaterSystems ?? [];
  const hotWater = prepareList(ctx, hotWaterEntries, 'hotWater', `${path}/hotWaterSystems`);
  const hotWaterSystemIds: (number | null)[] = hotWaterEntries.map(() => null);
  for (const prepared of hotWater) hotWaterSystemIds[prepared.position] = prepared.system.id;
  return { heating, hotWater, hotWaterSystemIds };
}

function prepareList(
  ctx: ThermixContext,
  entries: ThermixSystemEntry[] | null | undefined,
  use: SystemUse,
  path: string,
): PreparedEntry[] {
  const prepared: PreparedEntry[] = [];
  if (!entries) return prepared;
  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position];
    const system = resolveSystem(ctx, entry, `${path}/${position}`);
    if (system) prepared.push(prepareEntry(ctx, entry, system, use, position));
  }
  // Solar ignores its share and the backup only covers what solar leaves, so a backup without a
  // share covers the rest of the need rather than nothing.
  if (prepared.some((item) => item.isThermalSolar)) {
    for (const item of prepared)
      if (!item.isThermalSolar && item.entry.productionShare == null) item.productionShare = 1;
  }
  return prepared;
}

/** The id wins over the identifier; neither (or id 0) is an empty slot. */
function resolveSystem(ctx: ThermixContext, entry: ThermixSystemEntry, path: string): ProductionSystem | null {
  const index = referenceIndex(ctx.data);
  if (entry.productionSystem) {
    const system = index.systemsById.get(entry.productionSystem);
    if (!system) throw new UnknownProductionSystemError(`${path}/productionSystem`, entry.productionSystem);
    return system;
  }
  if (entry.identifier) {
    const system = index.systemsByIdentifier.get(entry.identifier);
    if (!system) throw new UnknownProductionSystemError(`${path}/identifier`, entry.identifier);
    return system;
  }
  return null;
}

// Absent or null fields take the value the UI would have pre-filled, so that a terse API call
// computes the same figures as the screen.
function prepareEntry(
  ctx: ThermixContext,
  entry: ThermixSystemEntry,
  system: ProductionSystem,
  use: SystemUse,
  position: number,
): PreparedEntry {
  const { housing } = ctx;
  const energy = energyOfSystem(ctx.data, system);
  return {
    entry,
    use,
    position,
    system,
    energy,
    isThermalSolar: isThermalSolar(system.identifier),
    // Spec 02 §4: a first entry covers the whole need by default, a second one nothing.
    productionShare: entry.productionShare ?? (position === 0 ? 1 : 0),
    efficiency: entry.efficiency ?? tableEfficiency(system, use) ?? 0,
    estimatedInvestment: entry.estimatedInvestment ?? tableCost(system, 'investment', use, housing) ?? 0,
    maintenanceCost: entry.maintenanceCost ?? tableCost(system, 'maintenance', use, housing) ?? 0,
    provisionsCost: entry.provisionsCost ?? tableProvisions(system, use, housing) ?? 0,
    energyPrice: entry.energyPrice ?? defaultEnergyPrice(ctx.data, energy.identifier, housing),
    energyPriceVariation: entry.energyPriceVariation ?? energy.priceVariation ?? 0,
    ghgRatio: entry.ghgRatio ?? energy.ghgRatio,
    solarPanelsSurface: entry.solarPanelsSurface ?? defaultSolarPanelsSurface(system, housing),
    networkRank: entry.index ?? position,
  };
}
