import type { ColumnKind } from '../../engine/schema/columns';

// The shape of the generated migration files (server/generated/migrations/<table>.json): the
// generator writes them and the server's runner reads them, so the types live with the runner
// and the generator imports them (server code never imports from generators/).

export interface SnapshotColumn {
  kind: ColumnKind;
  unique?: boolean;
  index?: boolean;
  primaryKey?: boolean;
}
/** The normalised search column (engine/schema/search-column.ts): its source columns and normalisation version. */
export interface SnapshotSearch {
  column: string;
  /** `phone`: a phone number, stored with its digits-only search key (engine/search/normalise.ts). */
  sources: { column: string; kind: ColumnKind; phone?: true }[];
  version: number;
  /** Global search only: the layout of its index (server/db/global-search-index.ts); absent = the first. */
  index?: number;
}
export interface Snapshot {
  tables: Record<
    string,
    {
      columns: Record<string, SnapshotColumn>;
      search?: SnapshotSearch;
      globalSearch?: SnapshotSearch;
      /** Indexes over several columns (x-entity.indexes), as column names in order. */
      indexes?: string[][];
      /** The column the search index is scoped by (x-entity.list.searchScope). */
      searchScope?: string;
    }
  >;
}

export type MigrationOp =
  | { op: 'createTable'; table: string; columns: ({ name: string } & SnapshotColumn)[] }
  | { op: 'addColumn'; table: string; column: { name: string } & SnapshotColumn }
  | { op: 'createIndex'; table: string; column: string; unique: boolean }
  | { op: 'dropIndex'; table: string; column: string; unique: boolean }
  | { op: 'createCompositeIndex'; table: string; columns: string[] }
  | { op: 'dropCompositeIndex'; table: string; columns: string[] }
  // PostgreSQL: the trigram index of the search column with the scope column beside it (btree_gin).
  | { op: 'createScopedSearch'; table: string; column: string; scope: string }
  | { op: 'dropScopedSearch'; table: string; column: string; scope: string }
  // Adds the search column, computes it for the existing rows, then indexes it for substring search.
  | ({ op: 'createSearch'; table: string } & SnapshotSearch)
  // Computes the search column again (its sources or the normalisation changed).
  | ({ op: 'fillSearch'; table: string } & SnapshotSearch)
  // Adds the global search column, its trigram-indexed side table and the triggers that keep it
  // (global-search-index.ts).
  | ({ op: 'createGlobalSearch'; table: string } & SnapshotSearch)
  // Computes the global search column again (its sources or the trigram text changed).
  | ({ op: 'fillGlobalSearch'; table: string } & SnapshotSearch)
  // Replaces the global search's side tables and triggers by those of the current index layout.
  | ({ op: 'rebuildGlobalSearch'; table: string } & SnapshotSearch);

export interface TableMigrations {
  comment: string;
  table: string;
  /** Ordered steps; each becomes the Kysely migration "entities/<table>/<id>". */
  steps: { id: string; ops: MigrationOp[] }[];
}
