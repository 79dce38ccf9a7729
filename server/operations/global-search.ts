import { sql } from 'kysely';
import type { RequestContext } from '../context';
import type { EntityRuntime } from '../../engine/schema/registry';
import { globalSearchSpec } from '../../engine/schema/global-search-column';
import { setSimilarity, trigramText, trigramsOfTrigramText } from '../../engine/search/trigram';
import { candidateValueSets, rankedHolders, wordHolders, type RankedHolder } from '../db/global-search-index';
import { HttpError } from '../http/http-error';
import { assertModuleEnabled, entityOf } from './entity-access';
import { visibleRows } from './find';

/** The reference's default threshold (§8.1). */
export const DEFAULT_THRESHOLD = 0.5;
/** Hits kept per entity by default and at most. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** Words of a query searched one by one, at most. */
const MAX_WORDS = 10;
/** Ranked hits whose rights are checked per statement, after the first `limit`. */
const CHUNK = 200;
/** Holders of a level read per statement: the limit and a few, for records the caller may not see. */
const PAGE_SLACK = 10;

export interface GlobalSearchQuery {
  q: string;
  /** Keys of the entities to search (`globalSearch.key`, default the entity name); all when absent. */
  types?: string[];
  threshold?: number;
  limit?: number;
}

export interface GlobalSearchHit {
  type: string;
  entity: string;
  pk: number;
  label: string;
  score: number;
  /** The record's edit screen, when the entity has screens. */
  path?: string;
}

export interface GlobalSearchResult {
  /** Hits per type, best first. */
  results: Record<string, GlobalSearchHit[]>;
  /** Every hit in one list, by score × the entity's weight. */
  hits: GlobalSearchHit[];
}

/** The entities the global search covers, keyed and ordered by their key. */
export function globalSearchEntities(entities: Iterable<EntityRuntime>): Map<string, EntityRuntime> {
  const out = [...entities]
    .filter((e) => globalSearchSpec(e))
    .map((e) => [e.schema['x-entity'].list!.globalSearch!.key ?? e.name, e] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(out);
}

/**
 * Dictionary values reaching the threshold (value id → pg_trgm similarity) for each text, scored
 * here on both databases; the candidates of all the texts come from one statement on PostgreSQL.
 */
async function valueScores(
  ctx: RequestContext,
  entity: EntityRuntime,
  texts: string[],
  threshold: number,
): Promise<Map<number, number>[]> {
  const { db, dialect } = ctx.app.database;
  const sets = await candidateValueSets(db, dialect, entity.schema['x-entity'].table, texts, threshold);
  return sets.map((values, i) => {
    const query = trigramsOfTrigramText(texts[i]);
    const out = new Map<number, number>();
    for (const { id, value } of values) {
      // Values are stored in trigram form already (engine/schema/global-search-column.ts).
      const score = setSimilarity(trigramsOfTrigramText(value), query);
      if (score >= threshold) out.set(id, score);
    }
    return out;
  });
}

/**
 * Reference §8.1 for one entity: the hits of the whole query, then those found for every word
 * (scored by the sum of their words' scores), by descending score, the first occurrence kept.
 * Equal scores are ordered by pk so that both databases give the same order. Lazy: the holders of
 * the whole query's values are read as the caller consumes them (rankedHolders).
 */
async function rankedHits(
  ctx: RequestContext,
  entity: EntityRuntime,
  query: string,
  threshold: number,
  page: number,
): Promise<AsyncGenerator<RankedHolder>> {
  const { db, dialect } = ctx.app.database;
  const table = entity.schema['x-entity'].table;
  const words = query.split(/\s+/).map(trigramText).filter(Boolean).slice(0, MAX_WORDS);
  // The whole query, then each word when there are several (a word nothing holds: no record has
  // every word, and wordHolders finds none).
  const [whole, ...perWord] = await valueScores(
    ctx,
    entity,
    [trigramText(query), ...(words.length > 1 ? words : [])],
    threshold,
  );
  return rankedHolders(db, dialect, table, whole, await wordHolders(db, table, perWord), page);
}

/** The visible ones among ranked hits, in order, at most `limit`, with their labels. */
async function visibleHits(
  ctx: RequestContext,
  type: string,
  entity: EntityRuntime,
  ranked: AsyncGenerator<RankedHolder>,
  limit: number,
): Promise<GlobalSearchHit[]> {
  const x = entity.schema['x-entity'];
  const labelColumns = (x.list!.globalSearch!.label ?? [x.display])
    .map((p) => entity.columnByProperty.get(p)?.column)
    .filter((c): c is string => Boolean(c));
  const out: GlobalSearchHit[] = [];
  const check = async (chunk: RankedHolder[]) => {
    // The list's own rows: the view right as SQL, the soft-deleted state left out.
    const rows = (await visibleRows(ctx, entity)
      .select([sql.ref(`${x.table}.pk`).as('pk'), ...labelColumns.map((c) => sql.ref(`${x.table}.${c}`).as(c))])
      .where(
        sql.ref(`${x.table}.pk`),
        'in',
        chunk.map((h) => h.pk),
      )
      .execute()) as Record<string, unknown>[];
    const byPk = new Map(rows.map((r) => [Number(r.pk), r]));
    for (const hit of chunk) {
      const row = byPk.get(hit.pk);
      if (!row || out.length >= limit) continue;
      const label = labelColumns
        .map((c) => row[c])
        .filter((v) => v !== null && v !== undefined && v !== '')
        .join(' ');
      out.push({
        type,
        entity: entity.name,
        pk: hit.pk,
        label,
        score: hit.score,
        ...(x.screens ? { path: `${x.screens.path}edition/${hit.pk}` } : {}),
      });
    }
  };
  // First as many hits as asked for (all visible, the usual case: one statement), then larger chunks.
  let size = limit;
  let chunk: RankedHolder[] = [];
  for await (const hit of ranked) {
    chunk.push(hit);
    if (chunk.length < size) continue;
    await check(chunk);
    chunk = [];
    if (out.length >= limit) break;
    size = CHUNK;
  }
  if (chunk.length > 0 && out.length < limit) await check(chunk);
  return out;
}

/**
 * The global search (docs/search.md): every entity declaring `list.globalSearch` that the caller
 * may list on this white label (module on, view right), scored in TypeScript on candidates the
 * database's trigram index gives, so that SQLite and PostgreSQL return the same hits.
 */
export async function globalSearch(ctx: RequestContext, query: GlobalSearchQuery): Promise<GlobalSearchResult> {
  const threshold = query.threshold ?? DEFAULT_THRESHOLD;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const all = globalSearchEntities(ctx.app.registry.entities.values());
  const keys = query.types ?? [...all.keys()];
  const results: Record<string, GlobalSearchHit[]> = {};
  const weighted: { hit: GlobalSearchHit; weight: number; index: number }[] = [];
  for (const key of keys) {
    const entity = entityOf(ctx, all.get(key)?.name ?? '');
    try {
      assertModuleEnabled(ctx, entity);
      visibleRows(ctx, entity);
    } catch (e) {
      // A module off on this domain, or no right to see any record: nothing to find there.
      if (e instanceof HttpError) continue;
      throw e;
    }
    const ranked = await rankedHits(ctx, entity, query.q, threshold, limit + PAGE_SLACK);
    results[key] = await visibleHits(ctx, key, entity, ranked, limit);
    const weight = entity.schema['x-entity'].list!.globalSearch!.weight ?? 1;
    results[key].forEach((hit, index) => weighted.push({ hit, weight, index }));
  }
  weighted.sort(
    (a, b) =>
      b.hit.score * b.weight - a.hit.score * a.weight ||
      (a.hit.type < b.hit.type ? -1 : a.hit.type > b.hit.type ? 1 : 0) ||
      a.index - b.index,
  );
  return { results, hits: weighted.map((w) => w.hit) };
}
