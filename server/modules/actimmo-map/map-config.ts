/**
 * Settings of the public map, from the environment (read when the router is created):
 * - MAP_TILE_URL: a tile layer template such as `https://tiles.example.fr/{z}/{x}/{y}.png` (also
 *   `{s}` and `{r}`), served to the page by GET /api/v1/actimmo-map/config/. It must be https:// or
 *   a same-site path (/tiles/{z}/{x}/{y}.png): the Content-Security-Policy lets images come from
 *   nowhere else. Unset or invalid: no tiles, the page draws its own offline base map.
 * - MAP_TILE_ATTRIBUTION: the text the tile provider asks for (e.g. « © les contributeurs
 *   d'OpenStreetMap »), shown in the map's corner.
 * - MAP_TILE_MAX_ZOOM: the provider's deepest zoom (default 18).
 * - MAP_FRAME_ANCESTORS: sites allowed to show /actimmo-map in a frame on every domain of the
 *   deployment, space-separated origins (`https://www.example.fr https://partenaire.example.org`),
 *   in addition to the sites each white label lists in embeddingSites (the map is an embeddable
 *   route). Unset: only those. The white-label flag actimmoMapRemoveMargins is for that use.
 */
export interface MapConfig {
  tileUrl: string | null;
  tileAttribution: string | null;
  tileMaxZoom: number;
  frameAncestors: string[];
}

const TILE_TEMPLATE = /^(https:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/;
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

export function isTileTemplate(url: string): boolean {
  return TILE_TEMPLATE.test(url) && url.includes('{z}') && url.includes('{x}') && url.includes('{y}');
}

export function mapConfig(env: NodeJS.ProcessEnv = process.env): MapConfig {
  const url = (env.MAP_TILE_URL ?? '').trim();
  const zoom = Number(env.MAP_TILE_MAX_ZOOM);
  return {
    tileUrl: url && isTileTemplate(url) ? url : null,
    tileAttribution: (env.MAP_TILE_ATTRIBUTION ?? '').trim() || null,
    tileMaxZoom: Number.isInteger(zoom) && zoom >= 1 && zoom <= 22 ? zoom : 18,
    frameAncestors: (env.MAP_FRAME_ANCESTORS ?? '').split(/\s+/).filter((o) => ORIGIN.test(o)),
  };
}
