import { labelFrom } from '../../engine/schema/record-label';
import type { RecordData } from './types';
import type { EntityMeta } from './types';

/** A record's name as the entity declares it (x-entity.label): « Élodie Garnier », not « Garnier ». */
export function recordName(meta: Pick<EntityMeta, 'schema' | 'label' | 'display'>, record: RecordData): string {
  return labelFrom(meta.schema.properties, meta.label?.length ? meta.label : [meta.display], record);
}

/** The record's name, or « n° 12 » when it has none. */
export function recordNameOrNumber(meta: Pick<EntityMeta, 'schema' | 'label' | 'display'>, record: RecordData): string {
  return recordName(meta, record) || (record.pk !== undefined && record.pk !== null ? `n° ${String(record.pk)}` : '');
}
