import { store, tokensAtom, serverVersionAtom, forcedDomain } from '../state/store';
import type { FieldError } from '../../engine/validation/field-error';
import { t } from '../lib/messages';

export const API_BASE = '/api/v1';

/** An answer other than 2xx, with the server's French message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Milliseconds; the spec's generic default is 60 s. */
  timeoutMs?: number;
  /** Do not send the session token (sign-in, refresh). */
  anonymous?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Spec 01 §8: the text shown for a failed call, by status. */
export function messageForStatus(status: number): string {
  if (status === 413 || status === 431) return t('errors.413');
  if (status === 403) return t('errors.403');
  if (status === 404) return t('errors.404');
  if (status >= 500) return t('errors.500');
  return t('validation.default');
}

export function buildUrl(path: string, query: RequestOptions['query'] = {}): string {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  const domain = forcedDomain();
  if (domain) url.searchParams.set('domain', domain);
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-client-version': __APP_VERSION__,
    ...options.headers,
  };
  const tokens = store.get(tokensAtom);
  if (tokens && !options.anonymous) headers.Authorization = `JWT ${tokens.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 60_000);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    throw new ApiError(0, 'network', t('errors.500'), [], { cause: String(e) });
  } finally {
    clearTimeout(timer);
  }
  const version = res.headers.get('x-server-version');
  if (version) store.set(serverVersionAtom, version);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const d = (data ?? {}) as Record<string, unknown>;
    throw new ApiError(
      res.status,
      String(d.error ?? 'error'),
      typeof d.message === 'string' ? d.message : messageForStatus(res.status),
      (d.errors as FieldError[]) ?? [],
      d,
    );
  }
  const method = options.method ?? 'GET';
  // A saved record may change what the menu counts (its badges): the menu listens for this.
  if (method !== 'GET' && !path.startsWith('/auth/') && typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent(DATA_CHANGED, { detail: path }));
  return { data: data as T, headers: res.headers };
}

/** Dispatched on `window` after a successful write (not the session's own calls). */
export const DATA_CHANGED = 'app:data-changed';

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).data;
}
