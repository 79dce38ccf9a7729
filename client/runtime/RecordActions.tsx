import { Suspense } from 'react';
import { deleteWarnings, recordActions } from '../screens/record-actions';
import type { EntityMeta, RecordData } from './types';

/** The declared extra buttons of a saved record (x-entity.screens.actions); unknown names show nothing. */
export function RecordActions({
  meta,
  record,
  onDone,
}: {
  meta: EntityMeta;
  record: RecordData;
  /** An action changed the record on the server: the screen reads it (and its lists) again. */
  onDone?: () => void;
}) {
  const declared = (meta.recordActions ?? []).filter((a) => recordActions[a.name]);
  if (!declared.length || record.pk === undefined || record.pk === null) return null;
  return (
    <Suspense fallback={null}>
      {declared.map((a, i) => {
        const Action = recordActions[a.name]!;
        return (
          <Action key={`${a.name}-${i}`} meta={meta} record={record} label={a.label} declaration={a} onDone={onDone} />
        );
      })}
    </Suspense>
  );
}

/** The declared delete warning of a record (x-entity.screens.deleteWarning), or null. */
export async function deleteWarningOf(meta: EntityMeta, record: RecordData): Promise<string | null> {
  const check = meta.deleteWarning ? deleteWarnings[meta.deleteWarning] : undefined;
  if (!check) return null;
  try {
    return await check(record);
  } catch {
    return null;
  }
}
