import type { AppContext } from '../../context';
import { applyOverlay } from '../../../engine/schema/apply-overlay';
import { getEntity, type EntityRuntime } from '../../../engine/schema/registry';
import { searchSpec } from '../../../engine/schema/search-column';
import { globalSearchSpec } from '../../../engine/schema/global-search-column';
import { EXTRA_COLUMN } from '../../../engine/schema/columns';
import { recordToRow, type ApiRecord } from '../../db/row-mapper';
import { searchColumnValues } from '../../operations/search-text';

/** How the records of one entity become COPY rows: the table, its columns in order, and the conversion. */
export interface RowBuilder {
  entity: EntityRuntime;
  table: string;
  columns: string[];
  /** The table row of a record (with its pk): schema defaults, storage forms, search columns. */
  toRow(record: ApiRecord & { pk: number }): unknown[];
}

/**
 * The same conversion as a seeded fixture (server/seed/insert-record.ts) without the per-record
 * validation and hooks, which would make a million rows take hours: the national generator
 * writes what the hooks would have computed (phone keys, structures, uuids) itself, and the
 * caller validates a sample of records with the real validation (`validateSample`).
 */
export function rowBuilder(app: AppContext, entityName: string): RowBuilder {
  const entity = getEntity(app.registry, entityName);
  const effective = applyOverlay(entity, []);
  const defaults = Object.entries(effective.schema.properties).filter(([, p]) => p.default !== undefined);
  const properties = entity.columns.filter((c) => c.property !== '$extra' && !c.primaryKey).map((c) => c.property);
  const columns = ['pk', ...entity.columns.filter((c) => !c.primaryKey).map((c) => c.column)];
  for (const spec of [searchSpec(entity), globalSearchSpec(entity)]) if (spec) columns.push(spec.column);
  const hasExtra = entity.columns.some((c) => c.column === EXTRA_COLUMN);
  return {
    entity,
    table: entity.schema['x-entity'].table,
    columns,
    toRow(data) {
      const record: ApiRecord = {};
      for (const [name, p] of defaults) record[name] = p.default;
      Object.assign(record, data);
      const row: Record<string, unknown> = {
        pk: data.pk,
        ...recordToRow(entity, record, properties, effective),
        ...searchColumnValues(entity, record),
      };
      if (hasExtra && row[EXTRA_COLUMN] === undefined && effective.extraFields.size) row[EXTRA_COLUMN] = '{}';
      return columns.map((c) => row[c] ?? null);
    },
  };
}
