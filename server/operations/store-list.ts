import { sql } from 'kysely';
import type { RequestContext } from '../context';
import { rowToRecord, type ApiRecord } from '../db/row-mapper';
import { effectiveEntity } from '../access/effective-entity';
import { assertModuleEnabled, entityOf } from './entity-access';
import { visibleRows, type ListQuery } from './find';

export interface StoreList {
  all: number[];
  collection: ApiRecord[];
  lastUpdatedAt: number;
}

/**
 * The incremental cache answer (spec 01 §7): every visible pk, the records changed strictly
 * after the client's marker, and the new marker. `after` null (or malformed) sends everything.
 */
export async function storeList(
  ctx: RequestContext,
  name: string,
  after: number | null,
  query: ListQuery = {},
): Promise<StoreList> {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  const effective = await effectiveEntity(ctx.app, name, ctx.whiteLabel);
  const keys = (await visibleRows(ctx, entity, query).select(['pk', 'updated_at']).orderBy('pk').execute()) as {
    pk: number;
    updated_at: string | null;
  }[];
  let last = '';
  for (const k of keys) if (k.updated_at && k.updated_at > last) last = k.updated_at;
  let collectionQuery = visibleRows(ctx, entity, query).selectAll().orderBy('pk');
  if (after !== null)
    collectionQuery = collectionQuery.where(
      sql.ref('updated_at'),
      '>',
      new Date(Math.round(after * 1000)).toISOString(),
    );
  const rows = (await collectionQuery.execute()) as Record<string, unknown>[];
  return {
    all: keys.map((k) => k.pk),
    collection: rows.map((r) => rowToRecord(entity, r, effective)),
    lastUpdatedAt: last ? Date.parse(last) / 1000 : 0,
  };
}

/** The header's value, or null ("send everything") when absent or malformed. */
export function parseStoreMarker(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '') return null;
  const n = Number(header);
  return Number.isFinite(n) && n >= 0 ? n : null;
}
