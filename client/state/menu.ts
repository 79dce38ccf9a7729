import { atom } from 'jotai';
import { api, DATA_CHANGED } from '../api/http';
import { store } from './store';

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

function normalise(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** The menu entry of the current page: exact path, else the longest entry path that prefixes it. */
export function currentEntry(items: MenuItem[], pathname: string): { entry: MenuItem; parents: MenuItem[] } | null {
  const here = normalise(pathname);
  let best: { entry: MenuItem; parents: MenuItem[]; length: number } | null = null;
  const walk = (list: MenuItem[], parents: MenuItem[]) => {
    for (const item of list) {
      if (item.path) {
        const p = normalise(item.path);
        const matches = here === p || (p !== '/' && here.startsWith(`${p}/`));
        if (matches && (!best || p.length > best.length)) best = { entry: item, parents, length: p.length };
      }
      if (item.children) walk(item.children, [...parents, item]);
    }
  };
  walk(items, []);
  return best;
}
