import { atom, useAtomValue, type Getter, type SetStateAction, type WritableAtom } from 'jotai';
import { atomWithStorage, selectAtom } from 'jotai/utils';
import { useMemo } from 'react';
import { resetOnUserChange } from '../../../state/user-stores';

export type Writable<T> = WritableAtom<T, [SetStateAction<T>], void>;

/**
 * A simulation kept in sessionStorage (a reload keeps it, another tab starts afresh). What is read
 * back goes through `normalize`, so an old or damaged entry falls back to the initial values.
 */
export function atomWithSession<T>(key: string, initial: () => T, normalize: (stored: unknown) => T): Writable<T> {
  const storage = {
    getItem(k: string, fallback: T): T {
      try {
        const raw = sessionStorage.getItem(k);
        return raw ? normalize(JSON.parse(raw)) : fallback;
      } catch {
        return fallback;
      }
    },
    setItem(k: string, value: T): void {
      try {
        sessionStorage.setItem(k, JSON.stringify(value));
      } catch {
        /* storage full or refused: the simulation still works for this page */
      }
    },
    removeItem(k: string): void {
      try {
        sessionStorage.removeItem(k);
      } catch {
        /* nothing to remove */
      }
    },
  };
  const simulation = atomWithStorage<T>(key, initial(), storage, { getOnInit: true });
  // A simulation belongs to the person who made it: gone when someone signs in or out.
  resetOnUserChange(simulation);
  return simulation as unknown as Writable<T>;
}

const cache = new WeakMap<object, Map<PropertyKey, unknown>>();

/**
 * The atom of one key of a parent atom's object (or one index of its array), read and written in
 * place. Components subscribe to the narrowest atom they show: typing in one field re-renders that
 * field, not the form. The same (parent, key) always gives the same atom.
 */
export function keyAtom<T, K extends keyof T>(parent: Writable<T>, key: K): Writable<T[K]> {
  let byKey = cache.get(parent);
  if (!byKey) {
    byKey = new Map();
    cache.set(parent, byKey);
  }
  const found = byKey.get(key);
  if (found) return found as Writable<T[K]>;
  const child = atom(
    (get) => get(parent)[key],
    (get, set, update: SetStateAction<T[K]>) => {
      const current = get(parent);
      const value = typeof update === 'function' ? (update as (prev: T[K]) => T[K])(current[key]) : update;
      if (Object.is(value, current[key])) return;
      const next = Array.isArray(current)
        ? (current.map((item, i) => (i === key ? value : item)) as T)
        : ({ ...current, [key]: value } as T);
      set(parent, next);
    },
  );
  byKey.set(key, child);
  return child;
}

/**
 * A view computed from atoms, re-rendering its component only when the view's JSON changes: an
 * editor derives what it shows (resolved figures, options) and ignores keystrokes elsewhere.
 */
export function useAtomView<T>(read: (get: Getter) => T, deps: readonly unknown[]): T {
  // The deps list is the caller's, as for useMemo.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const view = useMemo(
    () =>
      selectAtom(
        atom(read),
        (v) => v,
        (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b),
      ),
    deps,
  );
  return useAtomValue(view);
}
