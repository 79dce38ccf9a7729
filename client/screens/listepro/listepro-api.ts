import messages from '../../../schemas/messages/fr/listepro.json';
import { translateFrench } from '../../../engine/format/french-messages';
import { api } from '../../api/http';
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
}
export interface SearchPage {
  seed: number;
  page: number;
  perPage: number;
  total: number;
  results: ProCard[];
}

export function searchPros(query: Record<string, string | number | undefined>): Promise<SearchPage> {
  return api<SearchPage>('/listepro/public/search/', { anonymous: true, query });
}

/** The MAR shortcut is offered on the houses' activity (spec 03 §2: « for activity id 1 »). */
export const MAR_ACTIVITY = 1;
export const SEARCH_PATH = '/annuaire-des-pros/recherche';
export const resultsPath = (a: number, m: number, s: number) => `/annuaire-des-pros/resultats/${a}/${m}/${s}`;
export const MAR_PATH = '/annuaire-des-pros/resultats-MAR/true';
