import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/http';
import { sessionEpochAtom } from '../state/session';
import { clearedOnUserChange, userGeneration } from '../state/user-stores';
import type { EntityMeta } from './types';

// The effective schema depends on who asks (rights, hidden fields): one cache per person.
const cache = new Map<string, Promise<EntityMeta>>();
clearedOnUserChange(() => cache.clear());

export function fetchEntityMeta(name: string, epoch: number): Promise<EntityMeta> {
  const key = `${userGeneration()}|${name}|${epoch}`;
  let p = cache.get(key);
  if (!p) {
    p = api<EntityMeta>(`/meta/entity/${name}`);
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

/** The effective schema of an entity for this white label and user (refetched when the user changes). */
export function useEntityMeta(name: string): { meta: EntityMeta | null; error: ApiError | null } {
  const epoch = useAtomValue(sessionEpochAtom);
  const [state, setState] = useState<{ meta: EntityMeta | null; error: ApiError | null }>({ meta: null, error: null });
  useEffect(() => {
    let live = true;
    setState({ meta: null, error: null });
    fetchEntityMeta(name, epoch).then(
      (meta) => live && setState({ meta, error: null }),
      (error: ApiError) => live && setState({ meta: null, error }),
    );
    return () => {
      live = false;
    };
  }, [name, epoch]);
  return state;
}
