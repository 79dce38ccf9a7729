import { useEffect, useState } from 'react';
import type { PropertySchema } from '../../engine/schema/types';
import { fetchOptions } from './use-options';
import { relationIds } from './display-value';

/** Labels of the records that relation columns point to, fetched once per set of ids. */
export function useRelationLabels(records: Record<string, unknown>[], properties: Record<string, PropertySchema> | undefined, columns: string[]): Map<string, Map<number, string>> {
  const [labels, setLabels] = useState(new Map<string, Map<number, string>>());
  const wanted = properties ? relationIds(records, properties, columns) : new Map<string, number[]>();
  const key = [...wanted].map(([e, ids]) => `${e}:${ids.join(',')}`).join('|');
  useEffect(() => {
    let live = true;
    void Promise.all([...wanted].filter(([, ids]) => ids.length).map(async ([entity, ids]) => {
      const options = await fetchOptions(entity, undefined, ids).catch(() => []);
      return [entity, new Map(options.map((o) => [o.value, o.label]))] as const;
    })).then((pairs) => live && setLabels(new Map(pairs)));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return labels;
}
