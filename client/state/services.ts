import { atom } from 'jotai';
import { api } from '../api/http';
import { store } from './store';

/** A public service of this white label, as `/meta/services` describes it (landing page cards). */
export interface PublicService {
  module: string;
  name: string;
  kind: string;
  description: string;
  path: string;
}

/** null while loading; the list depends on the white label only, not on who is signed in. */
export const servicesAtom = atom<PublicService[] | null>(null);
export const servicesFailedAtom = atom(false);

let pending: Promise<void> | null = null;

export function loadServices(): Promise<void> {
  pending ??= api<PublicService[]>('/meta/services', { anonymous: true }).then(
    (list) => {
      store.set(servicesAtom, list);
      store.set(servicesFailedAtom, false);
    },
    () => {
      pending = null;
      store.set(servicesFailedAtom, true);
    },
  );
  return pending;
}
