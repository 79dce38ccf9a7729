import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { PropertySchema } from '../../engine/schema/types';
import { sessionEpochAtom } from '../state/session';
import { refreshStoreList } from '../state/store-lists';
import { fetchOptions } from './use-options';
import { fetchEntityMeta } from './use-entity-meta';
import { relationIds } from './display-value';

/** Label of a record as the server's options give it: its display property; users by name. */
export function recordLabel(entity: string, record: Record<string, unknown>, display: string): string {
  if (entity === 'user')
    return [record.firstName, record.lastName].filter(Boolean).join(' ') || String(record.email ?? record.pk);
  return String(record[display] ?? record.pk);
}

/**
 * Labels of one entity's records: from its store list when it has one (kept in the browser and
 * refreshed incrementally, so lists and forms ask once), else from the relation options.
 */
async function labelsOf(entity: string, ids: number[], epoch: number): Promise<Map<number, string>> {
  try {
    const meta = await fetchEntityMeta(entity, epoch);
    if (meta.storeList && meta.apiPath) {
      const records = await refreshStoreList<{ pk: number } & Record<string, unknown>>(meta.apiPath);
      const labels = new Map(records.map((r) => [r.pk, recordLabel(entity, r, meta.display)]));
      if (ids.every((id) => labels.has(id))) return labels;
    }
  } catch {
    /* no store list for this person (rights, module off): the options say it */
  }
  const options = await fetchOptions(entity, undefined, ids).catch(() => []);
  return new Map(options.map((o) => [o.value, o.label]));
}

/** Labels of the records that relation columns point to, fetched once per set of ids and person. */
export function useRelationLabels(
  records: Record<string, unknown>[],
  properties: Record<string, PropertySchema> | undefined,
  columns: string[],
): Map<string, Map<number, string>> {
  const epoch = useAtomValue(sessionEpochAtom);
  const [labels, setLabels] = useState(new Map<string, Map<number, string>>());
  const wanted = properties ? relationIds(records, properties, columns) : new Map<string, number[]>();
  const key = [...wanted].map(([e, ids]) => `${e}:${ids.join(',')}`).join('|');
  useEffect(() => {
    let live = true;
    // Labels of the previous records lack the new ids: dropped, so that a missing id means « not readable »
    // only once the labels of these records are in (display-value.tsx).
    setLabels((previous) => (previous.size ? new Map() : previous));
    void Promise.all(
      [...wanted]
        .filter(([, ids]) => ids.length)
        .map(async ([entity, ids]) => [entity, await labelsOf(entity, ids, epoch)] as const),
    ).then((pairs) => live && setLabels(new Map(pairs)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, epoch]);
  return labels;
}
