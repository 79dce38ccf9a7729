import messages from '../../../schemas/messages/fr/listepro.json';
import { translateFrench } from '../../../engine/format/french-messages';
import { api, ApiError } from '../../api/http';
import type { BaseMapTiles } from '../../runtime/map/use-base-map';
import type { SearchTreeActivity } from '../../../engine/listepro/search';

// The directory's texts load with its screens, not with every page.
export function tr(key: string, params: Record<string, unknown> = {}): string {
  return translateFrench(messages as Record<string, string>, `listepro.${key}`, params);
}

export type { SearchTreeActivity };

let treePromise: Promise<SearchTreeActivity[]> | null = null;
/** The search tree, once per page load (it changes only when administrators edit it). */
export function loadTree(): Promise<SearchTreeActivity[]> {
  treePromise ??= api<SearchTreeActivity[]>('/listepro/public/search-tree/', { anonymous: true }).catch((e) => {
    treePromise = null;
    throw e;
  });
  return treePromise;
}

export interface ProCard {
  pk: number;
  name: string;
  job: string;
  address: string;
  postcode: string;
  town: string;
  lat: number;
  lon: number;
  phoneNumber: string;
  email: string;
  url: string;
  isMonAccompagnateurRenov: boolean;
  description: string;
  keyWords: string[];
  logo: string | null;
  distanceKm?: number | null;
}
export interface MapPoint {
  pk: number;
  name: string;
  lat: number;
  lon: number;
}
export type MapTiles = BaseMapTiles;
export interface SearchPage {
  seed: number;
  page: number;
  perPage: number;
  total: number;
  results: ProCard[];
  near: { code: string; name: string; postcode: string; position?: boolean } | null;
  points?: MapPoint[];
  tiles?: MapTiles;
}

export function searchPros(query: Record<string, string | number | undefined>): Promise<SearchPage> {
  return api<SearchPage>('/listepro/public/search/', { anonymous: true, query });
}

/** The MAR shortcut is offered on the houses' activity (spec 03 §2: « for activity id 1 »). */
export const MAR_ACTIVITY = 1;
export const SEARCH_PATH = '/annuaire-des-pros/recherche';
export const resultsPath = (a: number, m: number, s: number) => `/annuaire-des-pros/resultats/${a}/${m}/${s}`;
export const MAR_PATH = '/annuaire-des-pros/resultats-MAR/true';
export const TEXT_PATH = '/annuaire-des-pros/trouver';

/** « Quoi ? » and « Où ? » (issue 26 item 6): words, and a commune's INSEE code or a position. */
export interface TextSearch {
  q: string;
  near?: string;
  lat?: number;
  lon?: number;
  /** The commune's name and postcode, to show it again in the « Où ? » field (from the answer). */
  nearName?: string;
  nearPostcode?: string;
}
export function textResultsPath(s: TextSearch): string {
  const query = new URLSearchParams();
  if (s.q) query.set('quoi', s.q);
  if (s.near) query.set('ou', s.near);
  if (s.lat !== undefined && s.lon !== undefined) {
    query.set('lat', String(s.lat));
    query.set('lon', String(s.lon));
  }
  const text = query.toString();
  return text ? `${TEXT_PATH}?${text}` : TEXT_PATH;
}
/** The search an address of TEXT_PATH describes (what the visitor typed, in the address so that it can be shared). */
export function textSearchOf(query: URLSearchParams): TextSearch {
  const num = (v: string | null) => (v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const lat = num(query.get('lat'));
  const lon = num(query.get('lon'));
  return {
    q: query.get('quoi') ?? '',
    near: query.get('ou') || undefined,
    ...(lat !== undefined && lon !== undefined ? { lat, lon } : {}),
  };
}
export const detailPath = (pk: number | string) => `/annuaire-des-pros/detail-professionnel/${pk}`;
export const NEWS_PATH = '/annuaire-des-pros/actualites';

/**
 * « Site internet : atelier-bois.fr » (issue 26 item 8: the address shown, not only the words): the
 * address without its scheme, « www. » or final slash; null when it is not a web address (never
 * a link to a `javascript:` text typed in a sheet).
 */
export function website(url: string): { href: string; text: string } | null {
  const trimmed = url.trim();
  if (!/^https?:\/\/[^\s]+$/i.test(trimmed)) return null;
  const text = trimmed
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
  return { href: trimmed, text };
}

const FAVOURITES_KEY = 'listepro-favourites';
export interface Favourite {
  pk: number;
  name: string;
}
/** The visitor's selection, kept in this browser (local storage) from one visit to the next. */
export function readFavourites(): Favourite[] {
  try {
    const v = JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as Favourite[]).filter((f) => Number.isInteger(f?.pk)) : [];
  } catch {
    return [];
  }
}
export function writeFavourites(list: Favourite[]): void {
  try {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify(list));
  } catch {
    /* private browsing: the selection lives for this page only */
  }
}

export interface CommuneOption {
  code: string;
  name: string;
  postcode: string;
}
export function searchCommunes(q: string): Promise<CommuneOption[]> {
  return api<CommuneOption[]>('/territories/communes/', { anonymous: true, query: { q, limit: 8 } });
}

export interface ProDetail extends ProCard {
  addressId: number | null;
  formType: string;
  labels: { pk: number; name: string; description: string; image: string | null }[];
  references: {
    pk: number;
    productionName: string;
    year: number | null;
    place: string;
    completedMission: string;
    images: { pk: number; name: string; url: string }[];
  }[];
  bankOffers: { pk: number; offerName: string; offerDescription: string; link: string }[];
  staff: {
    proIsValid: boolean;
    transitionState: string;
    activities: number[];
    subMissions: number[];
    labels: number[];
    additionalAddresses: { pk: number; name: string; address: string }[];
  } | null;
}
/**
 * Whether a favourite is still in the public directory (issue 28 row 1: a deactivated or
 * unpublished professional leaves it): asked as a visitor, whoever is signed in; null when unknown.
 */
export function stillListed(pk: number): Promise<boolean | null> {
  return api<ProDetail>(`/listepro/public/professional/${pk}/`, { anonymous: true }).then(
    () => true,
    (e: unknown) => (e instanceof ApiError && e.status === 404 ? false : null),
  );
}

export function loadDetail(id: string): Promise<ProDetail> {
  return api<ProDetail>(`/listepro/public/professional/${encodeURIComponent(id)}/`);
}
