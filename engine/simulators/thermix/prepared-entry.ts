import type { SystemEntryDefaults, SystemUse } from '../reference/system-defaults';
import type { Energy, ProductionSystem } from '../reference/types';
import type { ThermixSystemEntry } from './request-types';

/**
 * A non-empty request entry with its system resolved and every numeric field settled (the pre-fillable ones as the
 * UI's defaults are).
 */
export interface PreparedEntry extends SystemEntryDefaults {
  entry: ThermixSystemEntry;
  use: SystemUse;
  /** Zero-based position in the request list. */
  position: number;
  system: ProductionSystem;
  energy: Energy;
  isThermalSolar: boolean;
  productionShare: number;
  /** k of the heating-network rule: the entry's `index`, else its position. */
  networkRank: number;
}

/** The two lists of one solution, empty slots removed. */
export interface PreparedSolution {
  heating: PreparedEntry[];
  hotWater: PreparedEntry[];
  /** System id at each position of the raw hot-water list (null for an empty slot). */
  hotWaterSystemIds: (number | null)[];
}
