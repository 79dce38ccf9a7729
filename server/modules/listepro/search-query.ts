import type { RequestContext } from '../../context';
import { message } from '../../context';
import { HttpError } from '../../http/http-error';
import { queryWords } from '../../../engine/listepro/text-search';
import { nearCommune, type SearchQuery } from './public-search';

/** A « Quoi ? » is a few words, not a document. */
export const WHAT_MAX = 100;

const bad = (ctx: RequestContext, key: string) => new HttpError(400, 'bad_query', message(ctx.app, key));

/** A query parameter as a positive integer, absent → undefined, anything else → the French error. */
function positive(value: unknown, ctx: RequestContext): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 0x7fffffff) throw bad(ctx, 'listepro.error.search_query');
  return n;
}

/**
 * What a search asks (spec 03 §2 and issue 26 item 6), from the query string (or the PDF request's
 * data): `mar=1`, `activity` and `subMission` (the guided path), or `q` (« Quoi ? », free words;
 * empty, or `all=1`: every public sheet, for « Où ? » alone).
 */
export function searchQuery(ctx: RequestContext, q: Record<string, unknown>): SearchQuery {
  if (q.mar === '1' || q.mar === 'true' || q.mar === true || q.mar === 1) return { mar: true };
  // `all=1`: « Où ? » alone (an empty « Quoi ? », which a query string does not carry).
  if (q.all === '1' || q.all === 'true') return { words: [] };
  if (q.q !== undefined) {
    if (typeof q.q !== 'string' || q.q.length > WHAT_MAX) throw bad(ctx, 'listepro.error.what');
    return { words: queryWords(q.q) };
  }
  const activity = positive(q.activity, ctx);
  const subMission = positive(q.subMission, ctx);
  if (activity === undefined || subMission === undefined) throw bad(ctx, 'listepro.error.search_query');
  return { activity, subMission };
}

export interface SearchPlace {
  code: string;
  name: string;
  postcode: string;
  lat: number;
  lon: number;
  /** « Autour de moi »: the browser's position, not a commune. */
  position: boolean;
}

/** A coordinate in degrees within its range, as the browser's geolocation gives it. */
function degrees(value: unknown, max: number): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?[0-9]{1,3}(\.[0-9]{1,12})?$/.test(text)) return null;
  const n = Number(text);
  return Math.abs(n) <= max ? n : null;
}

/**
 * « Où ? »: `near` (a commune's INSEE code: its centre) or `lat` and `lon` (« autour de moi », the
 * browser's position, rounded to about 100 m: the server needs no more to order by distance).
 */
export function searchPlace(ctx: RequestContext, q: Record<string, unknown>): SearchPlace | null {
  if (q.lat !== undefined || q.lon !== undefined) {
    const lat = degrees(q.lat, 90);
    const lon = degrees(q.lon, 180);
    if (lat === null || lon === null) throw bad(ctx, 'listepro.error.position');
    const round = (n: number) => Math.round(n * 1000) / 1000;
    return { code: '', name: '', postcode: '', lat: round(lat), lon: round(lon), position: true };
  }
  const commune = nearCommune(ctx, q.near);
  return commune ? { ...commune, position: false } : null;
}
