import { referenceIndex } from './reference-index';
import type { ReferenceData } from './types';

export interface SecondaryEfficiencyQuery {
  isHeating: boolean;
  isMultiUnit: boolean;
  /** Hydronic distribution of the production system; ignored for multi-unit housing. */
  isHydro: boolean;
}

/**
 * Distribution efficiency between production and use.
 * Multi-unit housing: the first row (lowest id) for the use, whatever its hydronic flag, because the
 * table makes no hydronic distinction there. Individual housing: the row matching use and hydronic
 * flag. No row means no distribution loss (1): the table has no row for non-hydronic hot water.
 */
export function secondaryEfficiency(data: ReferenceData, query: SecondaryEfficiencyQuery): number {
  const index = referenceIndex(data);
  const key = `se:${+query.isHeating}${+query.isMultiUnit}${query.isMultiUnit ? '' : +query.isHydro}`;
  const memoised = index.memo.get(key);
  if (memoised !== undefined && memoised !== null) return memoised;
  const value = lookUp(data, query);
  index.memo.set(key, value);
  return value;
}

function lookUp(data: ReferenceData, { isHeating, isMultiUnit, isHydro }: SecondaryEfficiencyQuery): number {
  const rows = [...data.secondaryEfficiencies].sort((a, b) => a.id - b.id);
  const row = isMultiUnit
    ? rows.find((candidate) => candidate.isHeating === isHeating && candidate.isMultiUnit)
    : rows.find(
        (candidate) => candidate.isHeating === isHeating && !candidate.isMultiUnit && candidate.isHydro === isHydro,
      );
  return row ? row.ratio : 1;
}
