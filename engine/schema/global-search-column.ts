import type { EntityRuntime } from './registry';
import type { SearchSpec } from './search-column';
import { trigramText } from '../search/trigram';

/**
 * The column that keeps, for an entity whose list declares `globalSearch`, the texts the global
 * search compares with a query: a JSON array with one entry per field value, each in the form
 * pg_trgm is given (engine/search/trigram.ts `trigramText`). Triggers copy the entries into a side
 * table indexed by trigrams (server/db/global-search-index.ts).
 */
export const GLOBAL_SEARCH_COLUMN = 'global_search';

/** Changes when `globalSearchEntries` (or the trigram text) returns something else: the column is computed again. */
export const GLOBAL_SEARCH_VERSION = 2;

/**
 * Changes when the layout of the side tables indexing the column changes
 * (server/db/global-search-index.ts): the generator emits a `rebuildGlobalSearch` step.
 * 2: a dictionary of distinct values with their postings (and on SQLite a trigram table by length).
 * 3: PostgreSQL's GIN index on the dictionary without a pending list (`fastupdate = off`); from 2
 * the rebuild only changes that index in place.
 * 4: PostgreSQL's dictionary keeps n (the value's distinct trigrams) and is indexed by one partial GIN
 * index per band of n, as SQLite's FTS5 tables; from 2 or 3 the rebuild adds them in place.
 */
export const GLOBAL_SEARCH_INDEX_VERSION = 4;

/** At most this many entries per record (a list of tag names is one entry per tag). */
export const MAX_GLOBAL_SEARCH_ENTRIES = 256;

/** The global search column of an entity, or null when it is not searched globally. */
export function globalSearchSpec(entity: Pick<EntityRuntime, 'schema' | 'columnByProperty'>): SearchSpec | null {
  const sources = [];
  for (const property of entity.schema['x-entity'].list?.globalSearch?.fields ?? []) {
    const c = entity.columnByProperty.get(property);
    // A phone number is also found by its digits-only key, however the query spells it.
    const phone = entity.schema.properties[property]?.format === 'phone';
    if (c && !c.primaryKey) sources.push({ property, column: c.column, kind: c.kind, ...(phone ? { phone } : {}) });
  }
  return sources.length ? { column: GLOBAL_SEARCH_COLUMN, sources, version: GLOBAL_SEARCH_VERSION } : null;
}

/** The entries of a record from the values of its searched fields: distinct, non-empty trigram texts. */
export function globalSearchEntries(values: unknown[]): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string') {
      const text = trigramText(v);
      if (text) out.add(text);
    } else if (typeof v === 'number' && Number.isFinite(v)) out.add(String(v));
    else if (Array.isArray(v)) v.forEach(add);
  };
  values.forEach(add);
  return [...out].slice(0, MAX_GLOBAL_SEARCH_ENTRIES);
}

/** The stored value of the column. */
export function globalSearchTextOf(values: unknown[]): string {
  return JSON.stringify(globalSearchEntries(values));
}
