import { sql, type ColumnDataType, type Expression } from 'kysely';
import type { ColumnKind } from '../../engine/schema/columns';
import type { DialectName } from './database';

type DataType = ColumnDataType | Expression<unknown>;

/** Storage type of a column kind on each database. */
export function columnType(kind: ColumnKind, dialect: DialectName): DataType {
  switch (kind) {
    case 'text':
      return 'text';
    case 'integer':
    case 'boolean':
      return 'integer';
    case 'real':
      return dialect === 'postgres' ? 'double precision' : 'real';
    case 'json':
      return dialect === 'postgres' ? 'jsonb' : 'text';
  }
}

export function primaryKeyType(dialect: DialectName): DataType {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

export const nowIso = (): string => new Date().toISOString();

export { sql };
