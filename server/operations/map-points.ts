import { sql } from 'kysely';
import type { RequestContext } from '../context';
import { message } from '../context';
import { HttpError } from '../http/http-error';
import { assertModuleEnabled, entityOf } from './entity-access';
import { visibleRows, type ListQuery } from './find';
import { mapConfig } from '../modules/actimmo-map/map-config';
import { CENTRES_ATTRIBUTION } from '../modules/territories/commune-centres';

export const DEFAULT_MAX_POINTS = 1000;

export interface MapPoint {
  pk: number;
  lat: number;
  lon: number;
  label: string;
}

/** GET /api/v1/<path>/map/: what the « Carte » view of a list draws (docs/file-area.md, « Carte »). */
export interface MapPoints {
  points: MapPoint[];
  /** Records the query lists that have a position (the points, unless `note` says some are left out). */
  located: number;
  /** Records the query lists without a position (0, 0 or empty): not on the map. */
  unlocated: number;
  /** French note when more records are located than the map shows. */
  note: string | null;
  /** The tile layer the deployment configures (MAP_TILE_URL), or none: the offline outline map. */
  tiles: { url: string | null; attribution: string | null; maxZoom: number; baseAttribution: string };
}

const formatCount = (n: number) => new Intl.NumberFormat('fr-FR').format(n);

/**
 * The located records of a list as map points: the same `visibleRows` as the list (rights as
 * SQL, module flag, search words, filters, states, ranges), with a position other than (0, 0),
 * at most `x-entity.list.map.max` of them in pk order (stable from one call to the next).
 */
export async function mapPoints(ctx: RequestContext, name: string, query: ListQuery): Promise<MapPoints> {
  const entity = entityOf(ctx, name);
  assertModuleEnabled(ctx, entity);
  const declared = entity.schema['x-entity'].list?.map;
  if (!declared) throw new HttpError(404, 'no_map', message(ctx.app, 'errors.list.no_map'));
  const column = (p: string) => entity.columnByProperty.get(p)!.column;
  const lat = sql.ref(column(declared.lat));
  const lon = sql.ref(column(declared.lon));
  const base = visibleRows(ctx, entity, { ...query, page: undefined, perPage: undefined });
  // « Not located » is how the reference stores it: 0, 0 (or nothing at all).
  const located = base
    .where(lat, 'is not', null)
    .where(lon, 'is not', null)
    .where((eb) => eb.or([eb(lat, '<>', 0), eb(lon, '<>', 0)]));
  const counts = (await base
    .select((eb) => [
      eb.fn.countAll().as('n'),
      sql<number>`sum(case when ${lat} is not null and ${lon} is not null and (${lat} <> 0 or ${lon} <> 0)
        then 1 else 0 end)`.as('located'),
    ])
    .executeTakeFirst()) as { n: unknown; located: unknown } | undefined;
  const total = Number(counts?.n ?? 0);
  const locatedCount = Number(counts?.located ?? 0);
  const max = declared.max ?? DEFAULT_MAX_POINTS;
  const rows = (await located
    .select([sql.ref('pk').as('pk'), lat.as('lat'), lon.as('lon')])
    .select(declared.label.map((p) => sql.ref(column(p)).as(`label_${p}`)))
    .orderBy('pk')
    .limit(max)
    .execute()) as Record<string, unknown>[];
  const points = rows.map((r) => ({
    pk: Number(r.pk),
    lat: Number(r.lat),
    lon: Number(r.lon),
    label:
      declared.label
        .map((p) => String(r[`label_${p}`] ?? '').trim())
        .filter(Boolean)
        .join(' ') || `n° ${r.pk}`,
  }));
  const config = mapConfig();
  return {
    points,
    located: locatedCount,
    unlocated: total - locatedCount,
    note:
      locatedCount > points.length
        ? message(ctx.app, 'errors.list.map_capped', {
            shown: formatCount(points.length),
            total: formatCount(locatedCount),
          })
        : null,
    tiles: {
      url: config.tileUrl,
      attribution: config.tileAttribution,
      maxZoom: config.tileMaxZoom,
      baseAttribution: CENTRES_ATTRIBUTION,
    },
  };
}
