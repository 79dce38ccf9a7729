import { sql, type SelectQueryBuilder } from 'kysely';
import type { EntityRuntime } from '../../engine/schema/registry';
import { searchSpec, type SearchSource } from '../../engine/schema/search-column';
import { searchTextOf } from '../../engine/search/normalise';
import { searchValue } from '../../engine/search/phone-words';
import { globalSearchSpec, globalSearchTextOf } from '../../engine/schema/global-search-column';
import { searchIndexTable } from '../db/search-index';
import type { DialectName } from '../db/database';

/**
 * The search columns' values for a record about to be stored (spread into the row): every write
 * of an entity whose list declares `search` or `globalSearch` goes through this (generic write,
 * seeds). The record must be whole (an update passes the stored record with the changes applied).
 */
export function searchColumnValues(entity: EntityRuntime, record: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const spec = searchSpec(entity);
  if (spec) out[spec.column] = searchTextOf(spec.sources.map((s) => searchValue(record[s.property], s.phone)));
  const global = globalSearchSpec(entity);
  if (global)
    out[global.column] = globalSearchTextOf(global.sources.map((s) => searchValue(record[s.property], s.phone)));
  return out;
}

/**
 * The same, for a write that builds the table row itself (snake_case columns, lists as JSON text)
 * instead of going through the generic write: the sources are read from their columns.
 */
export function searchColumnOfRow(entity: EntityRuntime, row: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const value = (s: SearchSource) => {
    const v = row[s.column];
    if (s.kind !== 'json' || typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  };
  const spec = searchSpec(entity);
  if (spec) out[spec.column] = searchTextOf(spec.sources.map((s) => searchValue(value(s), s.phone)));
  const global = globalSearchSpec(entity);
  if (global) out[global.column] = globalSearchTextOf(global.sources.map((s) => searchValue(value(s), s.phone)));
  return out;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A word as an FTS5 phrase: quoted, its quotes doubled, so that every character is literal. */
const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/**
 * Rows whose search text contains every word (already normalised: engine/search/normalise.ts
 * `searchWords`). On SQLite, words of 3 characters or more go through the trigram FTS table;
 * `%` and `_` are always literal.
 */
export function whereSearchMatches<QB extends SelectQueryBuilder<any, any, object>>(
  qb: QB,
  entity: EntityRuntime,
  dialect: DialectName,
  words: string[],
): QB {
  const spec = searchSpec(entity);
  if (!spec || words.length === 0) return qb;
  const column = sql.ref(`${entity.schema['x-entity'].table}.${spec.column}`);
  const fts = sql.table(searchIndexTable(entity.schema['x-entity'].table));
  const long = dialect === 'sqlite' ? words.filter((w) => [...w].length >= 3) : [];
  let out = qb;
  if (long.length) {
    // One MATCH for all the long words (implicit AND of the phrases): one lookup in the index.
    const query = long.map(ftsPhrase).join(' ');
    const pk = sql.ref(`${entity.schema['x-entity'].table}.pk`);
    out = out.where(sql<boolean>`${pk} in (select rowid from ${fts} where ${fts} match ${query})`) as QB;
  }
  for (const word of words.filter((w) => !long.includes(w))) {
    out = out.where(sql<boolean>`${column} like ${`%${escapeLike(word)}%`} escape '\\'`) as QB;
  }
  return out;
}
