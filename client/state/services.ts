import { atom } from 'jotai';
import type { PublicService } from './public-service';

export type { PublicService } from './public-service';
import { api } from '../api/http';
import { store } from './store';
import { readBootData } from '../shell/boot-data';

/**
 * The list the page was sent with, read when this module loads: the landing page's first render
 * then shows the same cards as the shell the server painted (server/client-shell/prepaint.ts),
 * rather than « Chargement… » for a frame. (No document in unit tests.)
 */
function written(): PublicService[] | null {
  return typeof document === 'undefined' ? null : (readBootData()?.services ?? null);
}

/** null while loading; the list depends on the white label only, not on who is signed in. */
export const servicesAtom = atom<PublicService[] | null>(written());
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
