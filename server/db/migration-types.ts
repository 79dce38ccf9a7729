import type { ColumnKind } from '../../engine/schema/columns';

// The shape of the generated migration files (server/generated/migrations/<table>.json): the
// generator writes them and the server's runner reads them, so the types live with the runner
// and the generator imports them (server code never imports from generators/).

export interface SnapshotColumn { kind: ColumnKind; unique?: boolean; index?: boolean; primaryKey?: boolean }
export interface Snapshot { tables: Record<string, { columns: Record<string, SnapshotColumn> }> }

export type MigrationOp =
  | { op: 'createTable'; table: string; columns: ({ name: string } & SnapshotColumn)[] }
  | { op: 'addColumn'; table: string; column: { name: string } & SnapshotColumn }
  | { op: 'createIndex'; table: string; column: string; unique: boolean }
  | { op: 'dropIndex'; table: string; column: string; unique: boolean };

export interface TableMigrations {
  comment: string;
  table: string;
  /** Ordered steps; each becomes the Kysely migration "entities/<table>/<id>". */
  steps: { id: string; ops: MigrationOp[] }[];
}
