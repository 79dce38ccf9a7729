import { territories, type Commune } from '../territories/territory-data';
import {
  communesInAddress,
  indexCommunes,
  searchCommunes,
  type CommuneIndex,
  type CommuneMatch,
} from '../territories/commune-search';
import { CENTRES_ATTRIBUTION, communeCentre, exactCentres } from '../territories/commune-centres';
import type { AddressType } from './address-params';
import type { Feature, FeatureCollection } from './upstream';

/**
 * Answers in the national address service's format from local data, when that service cannot
 * be reached: communes only (there is no street data here), each flagged `fallback: true`, with
 * the commune's centre as its point (`approximate: true` when the centre is an estimate).
 */

/** Beyond this distance from every known commune centre, a position is not in France. */
const MAX_REVERSE_KM = 30;

function context(c: Commune): string {
  const t = territories();
  const dep = t.departements.get(c.departement);
  const region = t.regions.get(c.region);
  return [c.departement, dep?.name, region?.name].filter(Boolean).join(', ');
}

export function communeFeature(c: Commune, postcode: string, extra: Record<string, unknown> = {}): Feature {
  const centre = communeCentre(c.code);
  return {
    type: 'Feature',
    geometry: centre ? { type: 'Point', coordinates: [centre.lon, centre.lat] } : null,
    properties: {
      label: c.name,
      name: c.name,
      postcode,
      city: c.name,
      citycode: c.code,
      context: context(c),
      type: 'municipality',
      id: c.code,
      population: c.population,
      ...(c.kind === 'arrondissement' ? { district: true } : {}),
      ...(centre ? { approximate: centre.approximate } : {}),
      ...extra,
      fallback: true,
    },
  };
}

function collection(features: Feature[], query: Record<string, unknown>): FeatureCollection {
  return {
    type: 'FeatureCollection',
    version: 'draft',
    features,
    attribution: CENTRES_ATTRIBUTION,
    licence: 'ETALAB-2.0',
    ...query,
    fallback: true,
  };
}

let index: CommuneIndex | null = null;
/** Current communes and municipal districts (the address field hides districts unless asked). */
function searchable(): CommuneIndex {
  index ??= indexCommunes([...territories().communeList, ...territories().districts]);
  return index;
}

const withScore = (m: CommuneMatch) => communeFeature(m.commune, m.postcode, { score: m.score });

/**
 * Municipality searches match names and postcodes; street-address searches find the commune
 * named in the address (the street itself cannot be placed without the national service).
 */
export function localSearch(q: string, limit: number, type: AddressType | null): FeatureCollection {
  const candidates = searchable();
  let matches =
    type === 'municipality' ? searchCommunes(candidates, q, { limit }) : communesInAddress(candidates, q, limit);
  if (!matches.length)
    matches =
      type === 'municipality' ? communesInAddress(candidates, q, limit) : searchCommunes(candidates, q, { limit });
  return collection(matches.map(withScore), { query: q, limit, ...(type ? { filters: { type } } : {}) });
}

function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The commune whose (known, not estimated) centre is nearest to the position, with its distance in metres. */
export function localReverse(lon: number, lat: number): FeatureCollection {
  let best: { code: string; km: number } | null = null;
  for (const c of exactCentres()) {
    // A cheap box test first: one degree of latitude is 111 km.
    if (Math.abs(c.lat - lat) > 1 || Math.abs(c.lon - lon) > 1.5) continue;
    const km = distanceKm({ lat, lon }, c);
    if (!best || km < best.km) best = { code: c.code, km };
  }
  const commune = best && best.km <= MAX_REVERSE_KM ? territories().communes.get(best.code) : undefined;
  const features =
    commune && best
      ? [communeFeature(commune, commune.postcodes[0] ?? '', { distance: Math.round(best.km * 1000), score: 1 })]
      : [];
  return collection(features, { center: [lon, lat], limit: 1 });
}
