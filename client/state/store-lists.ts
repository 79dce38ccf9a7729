import { atom, useAtomValue, type PrimitiveAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { request, type ApiError } from '../api/http';
import { sessionEpochAtom } from './session';
import { store } from './store';
import { clearedOnUserChange, userGeneration } from './user-stores';

/** The answer of a store list (spec 01 §7): every visible pk, what changed, the new marker. */
export interface StoreListAnswer<T> {
  all: number[];
  collection: T[];
  lastUpdatedAt: number;
}

type Keyed = { pk: number };

interface Entry {
  atom: PrimitiveAtom<Keyed[] | null>;
  /** lastUpdatedAt of the last answer; null: nothing held, ask for everything. */
  marker: number | null;
  pending: Promise<Keyed[]> | null;
}

const entries = new Map<string, Entry>();

function entryOf(apiPath: string): Entry {
  let e = entries.get(apiPath);
  if (!e) {
    e = { atom: atom<Keyed[] | null>(null), marker: null, pending: null };
    entries.set(apiPath, e);
  }
  return e;
}

// What a person may see is theirs: the next person starts from an empty store.
clearedOnUserChange(() => {
  for (const e of entries.values()) {
    e.marker = null;
    e.pending = null;
    store.set(e.atom, null);
  }
});

/**
 * The held records updated by one answer: changed ones replaced, gone ones (no longer in `all`)
 * dropped, in the order of `all`. Returns null when `all` names a record neither held nor sent
 * (it became visible without changing, e.g. after a change of rights): ask for everything.
 */
export function mergeStoreList<T extends Keyed>(held: readonly T[], answer: StoreListAnswer<T>): T[] | null {
  const byPk = new Map<number, T>(held.map((r) => [r.pk, r]));
  for (const r of answer.collection) byPk.set(r.pk, r);
  const merged: T[] = [];
  for (const pk of answer.all) {
    const r = byPk.get(pk);
    if (!r) return null;
    merged.push(r);
  }
  return merged;
}

async function fetchAnswer<T>(apiPath: string, marker: number | null): Promise<StoreListAnswer<T>> {
  // An empty marker means "everything" to the server, with the same envelope.
  const headers = { 'limit-to-objects-after': marker === null ? '' : String(marker) };
  return (await request<StoreListAnswer<T>>(`/${apiPath}/`, { headers })).data;
}

/**
 * Brings the store of one list up to date: the first call gets everything, later ones only what
 * changed since the last marker. Concurrent calls share one request.
 */
export function refreshStoreList<T extends Keyed>(apiPath: string): Promise<T[]> {
  const e = entryOf(apiPath);
  if (e.pending) return e.pending as Promise<T[]>;
  const generation = userGeneration();
  const run = async (): Promise<T[]> => {
    const held = (store.get(e.atom) ?? []) as T[];
    let answer = await fetchAnswer<T>(apiPath, e.marker);
    let merged = e.marker === null ? mergeStoreList([], answer) : mergeStoreList(held, answer);
    if (merged === null) {
      answer = await fetchAnswer<T>(apiPath, null);
      merged = mergeStoreList([], answer) ?? answer.collection;
    }
    // Signed out (or someone else signed in) meanwhile: this answer was for the previous person.
    if (generation !== userGeneration()) return [];
    e.marker = answer.lastUpdatedAt;
    store.set(e.atom, merged);
    return merged;
  };
  const pending = run().finally(() => {
    if (e.pending === pending) e.pending = null;
  });
  e.pending = pending;
  return pending;
}

/** The records held for a list, or null before its first answer. */
export function storeListAtom<T extends Keyed>(apiPath: string): PrimitiveAtom<T[] | null> {
  return entryOf(apiPath).atom as unknown as PrimitiveAtom<T[] | null>;
}

/** A store list in a component: what is held at once, brought up to date on mount and per person. */
export function useStoreList<T extends Keyed>(
  apiPath: string | undefined,
): { records: T[] | null; error: ApiError | null } {
  const epoch = useAtomValue(sessionEpochAtom);
  const records = useAtomValue(storeListAtom<T>(apiPath ?? ''));
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!apiPath) return;
    let live = true;
    refreshStoreList<T>(apiPath).then(
      () => live && setError(null),
      (err: ApiError) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [apiPath, epoch]);
  return { records: apiPath ? records : null, error };
}
