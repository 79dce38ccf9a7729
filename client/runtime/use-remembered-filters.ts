import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import type { SetURLSearchParams } from 'react-router-dom';
import { profileAtom, whiteLabelAtom } from '../state/session';
import type { EntityMeta } from './types';

/** The address keys a list remembers: search, order, page size and every filter it declares. */
function rememberedKeys(meta: EntityMeta): string[] {
  return [
    'q',
    'sort',
    'perPage',
    ...(meta.list.filters ?? []),
    ...(meta.list.states ?? []).map((st) => st.name),
    ...(meta.list.ranges ?? []).flatMap((f) => [`${f}From`, `${f}To`]),
  ];
}

function read(key: string): Record<string, string> | null {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>;
  } catch {
    // Storage refused (private mode, quota) or a value written by hand: nothing to restore.
    return null;
  }
}

function write(key: string, values: Record<string, string>): void {
  try {
    if (Object.keys(values).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // The list still works from its address; only the memory across visits is lost.
  }
}

/**
 * x-entity.list.rememberFilters (spec 03, the directory's admin list): the list's search, filters
 * and order are kept in local storage under one key per white label, user and entity, and come
 * back when the list is opened again with none of them in its address. The address stays the
 * source of truth while the list is open (a shared link shows what it says, and is remembered).
 */
export function useRememberedFilters(
  meta: EntityMeta | null | undefined,
  params: URLSearchParams,
  setParams: SetURLSearchParams,
  setSearch: (q: string) => void,
): { active: boolean; reset: () => void } {
  const profile = useAtomValue(profileAtom);
  const whiteLabel = useAtomValue(whiteLabelAtom);
  const enabled = Boolean(meta?.list.rememberFilters);
  const key = meta
    ? `list-filters:${whiteLabel?.domain ?? window.location.hostname}:${profile?.pk ?? 'anonyme'}:${meta.name}`
    : '';
  // The key whose stored values were already put back (once per list and user).
  const restored = useRef<string | null>(null);
  // The render that restores still shows the old address: it must not overwrite what it restores.
  const restoring = useRef(false);

  useEffect(() => {
    if (!enabled || !meta || restored.current === key) return;
    restored.current = key;
    const keys = rememberedKeys(meta);
    if (keys.some((k) => params.has(k))) return;
    const saved = read(key);
    if (!saved) return;
    const next = new URLSearchParams(params);
    for (const k of keys) if (saved[k] !== undefined) next.set(k, saved[k]);
    restoring.current = true;
    setSearch(saved.q ?? '');
    setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key]);

  const current = meta
    ? Object.fromEntries(rememberedKeys(meta).flatMap((k) => (params.has(k) ? [[k, params.get(k)!]] : [])))
    : {};
  const serialised = JSON.stringify(current);
  useEffect(() => {
    if (!enabled || restored.current !== key) return;
    if (restoring.current) {
      restoring.current = false;
      return;
    }
    write(key, current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key, serialised]);

  const reset = () => {
    if (!meta) return;
    write(key, {});
    const next = new URLSearchParams(params);
    for (const k of [...rememberedKeys(meta), 'page']) next.delete(k);
    setSearch('');
    setParams(next, { replace: true });
  };
  return { active: enabled && Object.keys(current).length > 0, reset };
}
