import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from '../engine/schema/registry';
import type {
  MigrationOp,
  Snapshot,
  SnapshotColumn,
  SnapshotSearch,
  TableMigrations,
} from '../server/db/migration-types';
import { searchSpec, type SearchSpec } from '../engine/schema/search-column';
import { GLOBAL_SEARCH_INDEX_VERSION, globalSearchSpec } from '../engine/schema/global-search-column';
import { JSON_BANNER } from './banner';

function snapshotSearch(spec: SearchSpec): SnapshotSearch {
  return {
    column: spec.column,
    sources: spec.sources.map((c) => ({ column: c.column, kind: c.kind, ...(c.phone ? { phone: c.phone } : {}) })),
    version: spec.version,
  };
}

export function snapshotOf(registry: Registry): Snapshot {
  const tables: Snapshot['tables'] = {};
  const entities = [...registry.entities.values()].sort((a, b) =>
    a.schema['x-entity'].table.localeCompare(b.schema['x-entity'].table),
  );
  for (const e of entities) {
    const columns: Record<string, SnapshotColumn> = {};
    for (const c of e.columns) {
      columns[c.column] = {
        kind: c.kind,
        ...(c.primaryKey ? { primaryKey: true } : {}),
        ...(c.unique ? { unique: true } : {}),
        ...(c.index ? { index: true } : {}),
      };
    }
    const search = searchSpec(e);
    const globalSearch = globalSearchSpec(e);
    const indexes = (e.schema['x-entity'].indexes ?? []).map((properties) =>
      properties.map((p) => e.columnByProperty.get(p)!.column),
    );
    const scope = e.schema['x-entity'].list?.searchScope;
    tables[e.schema['x-entity'].table] = {
      columns,
      ...(indexes.length ? { indexes } : {}),
      ...(search && scope ? { searchScope: e.columnByProperty.get(scope)!.column } : {}),
      ...(search ? { search: snapshotSearch(search) } : {}),
      ...(globalSearch
        ? { globalSearch: { ...snapshotSearch(globalSearch), index: GLOBAL_SEARCH_INDEX_VERSION } }
        : {}),
    };
  }
  return { tables };
}

/**
 * What it takes to go from the previous snapshot to the current declarations. Only additive
 * changes are generated: a column that disappears from the schemas stays in the database (its
 * data is not dropped silently) and is reported, as is a column whose storage kind changes.
 */
export function diffSnapshots(before: Snapshot, after: Snapshot): { ops: MigrationOp[]; warnings: string[] } {
  const ops: MigrationOp[] = [];
  const warnings: string[] = [];
  for (const [table, def] of Object.entries(after.tables)) {
    const old = before.tables[table];
    if (!old) {
      ops.push({ op: 'createTable', table, columns: Object.entries(def.columns).map(([name, c]) => ({ name, ...c })) });
      for (const [name, c] of Object.entries(def.columns)) {
        if (!c.primaryKey && (c.unique || c.index))
          ops.push({ op: 'createIndex', table, column: name, unique: Boolean(c.unique) });
      }
      if (def.search) ops.push({ op: 'createSearch', table, ...def.search });
      if (def.globalSearch) ops.push({ op: 'createGlobalSearch', table, ...def.globalSearch });
      for (const columns of def.indexes ?? []) ops.push({ op: 'createCompositeIndex', table, columns });
      if (def.search && def.searchScope)
        ops.push({ op: 'createScopedSearch', table, column: def.search.column, scope: def.searchScope });
      continue;
    }
    for (const [name, c] of Object.entries(def.columns)) {
      const prev = old.columns[name];
      if (!prev) {
        ops.push({ op: 'addColumn', table, column: { name, ...c } });
        if (c.unique || c.index) ops.push({ op: 'createIndex', table, column: name, unique: Boolean(c.unique) });
        continue;
      }
      if (prev.kind !== c.kind)
        warnings.push(
          `${table}.${name}: storage changes from ${prev.kind} to ${c.kind}; ` +
            'write a hand-made migration (server/db/system-migrations) to convert the data',
        );
      const hadIndex = Boolean(prev.unique || prev.index);
      const hasIndex = Boolean(c.unique || c.index);
      if (hadIndex && (!hasIndex || Boolean(prev.unique) !== Boolean(c.unique)))
        ops.push({ op: 'dropIndex', table, column: name, unique: Boolean(prev.unique) });
      if (hasIndex && (!hadIndex || Boolean(prev.unique) !== Boolean(c.unique)))
        ops.push({ op: 'createIndex', table, column: name, unique: Boolean(c.unique) });
    }
    const key = (columns: string[]) => columns.join(',');
    const had = new Set((old.indexes ?? []).map(key));
    const has = new Set((def.indexes ?? []).map(key));
    for (const columns of old.indexes ?? [])
      if (!has.has(key(columns))) ops.push({ op: 'dropCompositeIndex', table, columns });
    for (const columns of def.indexes ?? [])
      if (!had.has(key(columns))) ops.push({ op: 'createCompositeIndex', table, columns });
    for (const name of Object.keys(old.columns)) {
      if (!def.columns[name]) warnings.push(`${table}.${name} is no longer declared; the column and its data are kept`);
    }
    if (def.search && !old.search) ops.push({ op: 'createSearch', table, ...def.search });
    else if (def.search && JSON.stringify(def.search) !== JSON.stringify(old.search))
      ops.push({ op: 'fillSearch', table, ...def.search });
    else if (!def.search && old.search)
      warnings.push(
        `${table}: list.search is no longer declared; its search column is kept but no longer kept up to date`,
      );
    if (old.searchScope && old.search && old.searchScope !== def.searchScope)
      ops.push({ op: 'dropScopedSearch', table, column: old.search.column, scope: old.searchScope });
    if (def.searchScope && def.search && old.searchScope !== def.searchScope)
      ops.push({ op: 'createScopedSearch', table, column: def.search.column, scope: def.searchScope });
    if (def.globalSearch && !old.globalSearch) ops.push({ op: 'createGlobalSearch', table, ...def.globalSearch });
    else if (def.globalSearch && old.globalSearch) {
      const { index, ...columnDef } = def.globalSearch;
      const { index: oldIndex, ...oldColumnDef } = old.globalSearch;
      // The column first (the rebuild indexes what it holds), then the index layout.
      if (JSON.stringify(columnDef) !== JSON.stringify(oldColumnDef))
        ops.push({ op: 'fillGlobalSearch', table, ...def.globalSearch });
      if (index !== oldIndex) ops.push({ op: 'rebuildGlobalSearch', table, ...def.globalSearch });
    } else if (!def.globalSearch && old.globalSearch)
      warnings.push(
        `${table}: list.globalSearch is no longer declared; its column and side table are kept but no longer searched`,
      );
  }
  for (const table of Object.keys(before.tables)) {
    if (!after.tables[table]) warnings.push(`table ${table} is no longer declared; it is kept with its data`);
  }
  return { ops, warnings };
}

function applyOps(snapshot: Snapshot, ops: MigrationOp[]): void {
  for (const op of ops) {
    if (op.op === 'createTable')
      snapshot.tables[op.table] = { columns: Object.fromEntries(op.columns.map(({ name, ...c }) => [name, c])) };
    else if (op.op === 'addColumn') {
      const { name, ...c } = op.column;
      snapshot.tables[op.table].columns[name] = c;
    } else if (op.op === 'createIndex') {
      const col = snapshot.tables[op.table].columns[op.column];
      if (op.unique) col.unique = true;
      else col.index = true;
    } else if (op.op === 'dropIndex') {
      const col = snapshot.tables[op.table].columns[op.column];
      delete col.unique;
      delete col.index;
    } else if (op.op === 'createCompositeIndex') {
      const t = snapshot.tables[op.table];
      t.indexes = [...(t.indexes ?? []), op.columns];
    } else if (op.op === 'dropCompositeIndex') {
      const t = snapshot.tables[op.table];
      t.indexes = (t.indexes ?? []).filter((c) => c.join(',') !== op.columns.join(','));
      if (!t.indexes.length) delete t.indexes;
    } else if (op.op === 'createScopedSearch') snapshot.tables[op.table].searchScope = op.scope;
    else if (op.op === 'dropScopedSearch') delete snapshot.tables[op.table].searchScope;
    else if (op.op === 'createSearch' || op.op === 'fillSearch')
      snapshot.tables[op.table].search = { column: op.column, sources: op.sources, version: op.version };
    else if (op.op === 'createGlobalSearch' || op.op === 'fillGlobalSearch' || op.op === 'rebuildGlobalSearch')
      snapshot.tables[op.table].globalSearch = {
        column: op.column,
        sources: op.sources,
        version: op.version,
        ...(op.index ? { index: op.index } : {}),
      };
  }
}

export function readTableMigrations(dir: string): TableMigrations[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as TableMigrations);
}

/** The database schema the migration files lead to (all tables). */
export function replay(dir: string): Snapshot {
  const snapshot: Snapshot = { tables: {} };
  for (const m of readTableMigrations(dir)) for (const step of m.steps) applyOps(snapshot, step.ops);
  return snapshot;
}

/**
 * One migration file per table (server/generated/migrations/<table>.json), with a new step
 * appended when the declarations of that table change. Tables are independent, so two people
 * adding two entities never produce conflicting migrations.
 */
export function migrationFiles(registry: Registry, dir: string): { file: string; content: TableMigrations }[] {
  const existing = new Map(readTableMigrations(dir).map((m) => [m.table, m]));
  const current = snapshotOf(registry);
  const out: { file: string; content: TableMigrations }[] = [];
  for (const [table, def] of Object.entries(current.tables)) {
    const before = existing.get(table);
    const replayed: Snapshot = { tables: {} };
    for (const step of before?.steps ?? []) applyOps(replayed, step.ops);
    const { ops, warnings } = diffSnapshots(replayed, { tables: { [table]: def } });
    for (const w of warnings) console.warn(`  warning: ${w}`);
    const steps = [...(before?.steps ?? [])];
    if (ops.length) steps.push({ id: String(steps.length + 1).padStart(4, '0'), ops });
    out.push({ file: `${table}.json`, content: { comment: JSON_BANNER, table, steps } });
  }
  for (const [table] of existing) {
    if (!current.tables[table])
      console.warn(`  warning: table ${table} is no longer declared; its migrations and data are kept`);
  }
  return out;
}
