import type { RequestContext } from '../../context';
import { message } from '../../context';
import { ValidationError } from '../../http/http-error';
import type { FieldError } from '../../../engine/validation/field-error';

export type AddressType = 'housenumber' | 'municipality';

export interface SearchParams {
  q: string;
  limit: number;
  type: AddressType | null;
}
export interface ReverseParams {
  lon: number;
  lat: number;
}

/** The most results one search may ask for (spec 01 §9: the field shows 15 at most). */
export const MAX_LIMIT = 15;
const DEFAULT_LIMIT = 5;

function fieldError(ctx: RequestContext, path: string, key: string): FieldError {
  return { path, code: key, params: {}, message: message(ctx.app, key) };
}

function fail(ctx: RequestContext, errors: FieldError[]): never {
  throw new ValidationError(errors, message(ctx.app, 'validation.summary'));
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** `q` 3–200 characters, `limit` 1–15 (5 by default), `type` housenumber or municipality (optional). */
export function parseSearch(ctx: RequestContext, query: Record<string, unknown>): SearchParams {
  const errors: FieldError[] = [];
  const q = (text(query.q) ?? '').trim();
  if (q.length < 3 || q.length > 200) errors.push(fieldError(ctx, 'q', 'address.q_length'));
  const rawLimit = text(query.limit);
  const limit = rawLimit === undefined || rawLimit === '' ? DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    errors.push(fieldError(ctx, 'limit', 'address.limit'));
  const rawType = text(query.type);
  const type = rawType === undefined || rawType === '' ? null : rawType;
  if (type !== null && type !== 'housenumber' && type !== 'municipality')
    errors.push(fieldError(ctx, 'type', 'address.type'));
  if (errors.length) fail(ctx, errors);
  return { q, limit, type: type as AddressType | null };
}

function coordinate(raw: unknown, bound: number): number | null {
  const s = text(raw)?.trim();
  if (!s || !/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Math.abs(n) <= bound ? n : null;
}

/** `lon` in [-180, 180] and `lat` in [-90, 90], as decimal numbers. */
export function parseReverse(ctx: RequestContext, query: Record<string, unknown>): ReverseParams {
  const lon = coordinate(query.lon, 180);
  const lat = coordinate(query.lat, 90);
  const errors: FieldError[] = [];
  if (lon === null) errors.push(fieldError(ctx, 'lon', 'address.lon'));
  if (lat === null) errors.push(fieldError(ctx, 'lat', 'address.lat'));
  if (errors.length) fail(ctx, errors);
  return { lon: lon!, lat: lat! };
}
