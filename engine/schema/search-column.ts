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
  /** A phone number (`format: phone`): its digits-only search key is stored beside it. */
  phone?: true;
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
    const phone = entity.schema.properties[property]?.format === 'phone';
    if (c && !c.primaryKey) sources.push({ property, column: c.column, kind: c.kind, ...(phone ? { phone } : {}) });
  }
  return sources.length ? { column: SEARCH_COLUMN, sources, version: SEARCH_TEXT_VERSION } : null;
}
