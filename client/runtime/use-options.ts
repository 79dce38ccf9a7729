import { useEffect, useState } from 'react';
import { api } from '../api/http';

export interface Option { value: number; label: string }

const cache = new Map<string, Promise<Option[]>>();

/** Choices of a relation field (server-filtered by rights and by the relation's rule). */
export function fetchOptions(entity: string, field: string | undefined, ids: number[] = []): Promise<Option[]> {
  const key = `${entity}|${field ?? ''}|${[...ids].sort((a, b) => a - b).join(',')}`;
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

export function useOptions(entity: string | undefined, field: string | undefined, ids: number[] = []): { options: Option[] | null; failed: boolean } {
  const [state, setState] = useState<{ options: Option[] | null; failed: boolean }>({ options: null, failed: false });
  const idsKey = ids.join(',');
  useEffect(() => {
    if (!entity) return;
    let live = true;
    fetchOptions(entity, field, ids).then((options) => live && setState({ options, failed: false }), () => live && setState({ options: [], failed: true }));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity, field, idsKey]);
  return state;
}
