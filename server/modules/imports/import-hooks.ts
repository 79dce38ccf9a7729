import type { RequestContext } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import { addressConfig } from '../address/address-config';
import { AddressUpstream, type FeatureCollection } from '../address/upstream';
import { localSearch } from '../address/local-geocoder';

/**
 * An enrichment an import mapping names in `hook`: it completes a line's input before the
 * generic validation (e.g. coordinates from the address). It never refuses a line: what it
 * cannot fill stays as the file gave it.
 */
export type ImportHook = (ctx: RequestContext, input: ApiRecord) => Promise<void>;

const hooks = new Map<string, ImportHook>();

export function registerImportHook(name: string, hook: ImportHook): void {
  hooks.set(name, hook);
}

export function importHook(name: string | undefined): ImportHook | undefined {
  return name === undefined ? undefined : hooks.get(name);
}

export function importHookNames(): string[] {
  return [...hooks.keys()];
}

// One per process: its circuit breaker makes an unreachable national service cost one timeout
// per cool-down, not one per line of a large file.
let upstream: AddressUpstream | null = null;

/** Where a kind of record keeps its address parts (places: postcode/city; the file area: zipcode/town). */
interface AddressFields {
  postcode: string;
  city: string;
}

/**
 * Latitude, longitude, postcode, commune and INSEE code from the line's address, through the
 * address module: the national address service when reachable, else the local commune data
 * (the commune's centre). Only empty fields are filled; a line without an address is left alone.
 */
function geocodeInto(fields: AddressFields): ImportHook {
  return async (_ctx, input) => {
    const parts = [input.address, input[fields.postcode], input[fields.city]].filter(
      (p) => typeof p === 'string' && p.trim() !== '',
    );
    if (parts.length === 0) return;
    const q = parts.join(' ');
    upstream ??= new AddressUpstream(addressConfig());
    const result = await upstream.get('/search/', { q, limit: 1, type: null });
    const found: FeatureCollection = result.ok ? result.body : localSearch(q, 1, null);
    const feature = found.features[0];
    if (!feature?.geometry) return;
    const [lon, lat] = feature.geometry.coordinates;
    const p = feature.properties;
    const empty = (v: unknown) => v === undefined || v === null || v === '' || v === 0;
    if (empty(input.lat) && empty(input.lon)) Object.assign(input, { lat, lon });
    if (empty(input[fields.postcode]) && typeof p.postcode === 'string') input[fields.postcode] = p.postcode;
    if (empty(input[fields.city]) && typeof p.city === 'string') input[fields.city] = p.city;
    if (empty(input.inseecode) && typeof p.citycode === 'string') input.inseecode = p.citycode;
  };
}

registerImportHook('geocodeAddress', geocodeInto({ postcode: 'postcode', city: 'city' }));
registerImportHook('geocodeFileAreaAddress', geocodeInto({ postcode: 'zipcode', city: 'town' }));
