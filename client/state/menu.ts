import { atom } from 'jotai';
import { api, DATA_CHANGED } from '../api/http';
import { store } from './store';
import { currentEntry as sharedCurrentEntry } from '../../engine/shell/current-entry';

export interface MenuItem {
  id: string;
  label: string;
  /** What the entry is, when its label is a product name. */
  subtitle?: string;
  description?: string;
  path?: string;
  href?: string;
  /** A count beside the entry, computed by the server with the user's rights (absent at 0). */
  badge?: { count: number; label: string };
  children?: MenuItem[];
}

export const menuAtom = atom<MenuItem[]>([]);

/** The menu is computed by the server for the user and white label (module flags, rights). */
export async function loadMenu(): Promise<void> {
  try {
    store.set(menuAtom, await api<MenuItem[]>('/meta/menu'));
  } catch {
    store.set(menuAtom, []);
  }
}

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * After a save the badges are counted again (the server recomputes an incomplete entry on save):
 * once for a burst of writes, for a signed-in user (anonymous menus have no badge).
 */
export function followDataChanges(signedIn: () => boolean): () => void {
  const listener = () => {
    if (!signedIn()) return;
    clearTimeout(pending);
    pending = setTimeout(() => void loadMenu(), 400);
  };
  window.addEventListener(DATA_CHANGED, listener);
  return () => window.removeEventListener(DATA_CHANGED, listener);
}

/** The menu entry of the current page (shared with the server's first paint). */
export function currentEntry(items: MenuItem[], pathname: string): { entry: MenuItem; parents: MenuItem[] } | null {
  return sharedCurrentEntry(items, pathname);
}
