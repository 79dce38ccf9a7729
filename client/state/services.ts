import { atom } from 'jotai';
import type { PublicService } from './public-service';

export type { PublicService } from './public-service';
import { api } from '../api/http';
import { store } from './store';
import { readBootData } from '../shell/boot-data';

/** null while loading; the list depends on the white label only, not on who is signed in. */
export const servicesAtom = atom<PublicService[] | null>(null);
export const servicesFailedAtom = atom(false);

let pending: Promise<void> | null = null;

export function loadServices(): Promise<void> {
  // The page the server sent lists them already (first paint without a round trip).
  const written = pending ? undefined : readBootData()?.services;
  if (written) {
    store.set(servicesAtom, written);
    pending = Promise.resolve();
  }
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
