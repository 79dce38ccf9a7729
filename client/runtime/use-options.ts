import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { api } from '../api/http';
import { sessionEpochAtom } from '../state/session';
import { clearedOnUserChange, userGeneration } from '../state/user-stores';

export interface Option {
  value: number;
  label: string;
  /** The record's colour, when its entity has one (a calendar colours events by it). */
  color?: string;
}

// Keyed by the user generation too: an answer still on its way for the previous person lands
// under a key nobody reads any more (the choices depend on who asks).
const cache = new Map<string, Promise<Option[]>>();
clearedOnUserChange(() => cache.clear());

/** Choices of a relation field (server-filtered by rights and by the relation's rule). */
export function fetchOptions(entity: string, field: string | undefined, ids: number[] = []): Promise<Option[]> {
  const key = `${userGeneration()}|${entity}|${field ?? ''}|${[...ids].sort((a, b) => a - b).join(',')}`;
  let p = cache.get(key);
  if (!p) {
    p = api<Option[]>(`/meta/options/${entity}`, { query: { field, ids: ids.length ? ids.join(',') : undefined } });
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

export function clearOptionsCache(): void {
  cache.clear();
}

/** The choices, fetched again when the signed-in person changes. */
export function useOptions(
  entity: string | undefined,
  field: string | undefined,
  ids: number[] = [],
): { options: Option[] | null; failed: boolean } {
  const epoch = useAtomValue(sessionEpochAtom);
  const [state, setState] = useState<{ options: Option[] | null; failed: boolean }>({ options: null, failed: false });
  const idsKey = ids.join(',');
  useEffect(() => {
    if (!entity) return;
    let live = true;
    fetchOptions(entity, field, ids).then(
      (options) => live && setState({ options, failed: false }),
      () => live && setState({ options: [], failed: true }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity, field, idsKey, epoch]);
  return state;
}
