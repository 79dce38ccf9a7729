import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/http';
import { sessionEpochAtom } from '../state/session';
import { clearedOnUserChange, userGeneration } from '../state/user-stores';
import type { EntityMeta } from './types';

const NO_SCOPES: readonly string[] = [];

// The effective schema depends on who asks (rights, hidden fields): one cache per person.
const cache = new Map<string, Promise<EntityMeta>>();
clearedOnUserChange(() => cache.clear());

export function fetchEntityMeta(name: string, epoch: number, scopes: readonly string[] = []): Promise<EntityMeta> {
  const query = scopes.length ? `?scopes=${[...scopes].sort().join(',')}` : '';
  const key = `${userGeneration()}|${name}|${epoch}|${query}`;
  let p = cache.get(key);
  if (!p) {
    p = api<EntityMeta>(`/meta/entity/${name}${query}`);
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

/**
 * The effective schema of an entity for this white label and user (refetched when the user
 * changes), with the custom forms of `scopes` (a record's structure…) when given.
 */
export function useEntityMeta(
  name: string,
  scopes: readonly string[] = NO_SCOPES,
): { meta: EntityMeta | null; error: ApiError | null } {
  const epoch = useAtomValue(sessionEpochAtom);
  const [state, setState] = useState<{ meta: EntityMeta | null; error: ApiError | null }>({ meta: null, error: null });
  const scopeList = scopes.join(',');
  useEffect(() => {
    let live = true;
    // Keeps the form on screen while the same entity's custom fields are fetched.
    setState((s) => (s.meta?.name === name ? s : { meta: null, error: null }));
    fetchEntityMeta(name, epoch, scopeList ? scopeList.split(',') : []).then(
      (meta) => live && setState({ meta, error: null }),
      (error: ApiError) => live && setState({ meta: null, error }),
    );
    return () => {
      live = false;
    };
  }, [name, epoch, scopeList]);
  return state;
}
