import type { ColumnKind } from './columns';
import type { EntityRuntime } from './registry';
import { SEARCH_TEXT_VERSION } from '../search/normalise';

/**
 * The column that keeps, for an entity whose list declares `search`, the normalised text of the
 * searched fields (engine/search/normalise.ts). Lists search that one column through an index
 * that serves substring search (PostgreSQL: pg_trgm; SQLite: an FTS5 trigram table).
 */
export const SEARCH_COLUMN = 'search_text';

export interface SearchSource {
  property: string;
  column: string;
  kind: ColumnKind;
}

/** What the search column is computed from; `version` changes when the normalisation does. */
export interface SearchSpec {
  column: string;
  sources: SearchSource[];
  version: number;
}

/** The search column of an entity, or null when its list searches nothing stored. */
export function searchSpec(entity: Pick<EntityRuntime, 'schema' | 'columnByProperty'>): SearchSpec | null {
  const sources: SearchSource[] = [];
  for (const property of entity.schema['x-entity'].list?.search ?? []) {
    const c = entity.columnByProperty.get(property);
    if (c && !c.primaryKey) sources.push({ property, column: c.column, kind: c.kind });
  }
  return sources.length ? { column: SEARCH_COLUMN, sources, version: SEARCH_TEXT_VERSION } : null;
}
