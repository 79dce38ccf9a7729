import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from '../engine/schema/registry';
import type { ColumnKind } from '../engine/schema/columns';
import { JSON_BANNER } from './banner';

export interface SnapshotColumn { kind: ColumnKind; unique?: boolean; index?: boolean; primaryKey?: boolean }
export interface Snapshot { tables: Record<string, { columns: Record<string, SnapshotColumn> }> }

export type MigrationOp =
  | { op: 'createTable'; table: string; columns: ({ name: string } & SnapshotColumn)[] }
  | { op: 'addColumn'; table: string; column: { name: string } & SnapshotColumn }
  | { op: 'createIndex'; table: string; column: string; unique: boolean }
  | { op: 'dropIndex'; table: string; column: string; unique: boolean };

export interface MigrationFile { comment: string; id: string; ops: MigrationOp[] }

export function snapshotOf(registry: Registry): Snapshot {
  const tables: Snapshot['tables'] = {};
  const entities = [...registry.entities.values()].sort((a, b) => a.schema['x-entity'].table.localeCompare(b.schema['x-entity'].table));
  for (const e of entities) {
    const columns: Record<string, SnapshotColumn> = {};
    for (const c of e.columns) {
      columns[c.column] = { kind: c.kind, ...(c.primaryKey ? { primaryKey: true } : {}), ...(c.unique ? { unique: true } : {}), ...(c.index ? { index: true } : {}) };
    }
    tables[e.schema['x-entity'].table] = { columns };
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
        if (!c.primaryKey && (c.unique || c.index)) ops.push({ op: 'createIndex', table, column: name, unique: Boolean(c.unique) });
      }
      continue;
    }
    for (const [name, c] of Object.entries(def.columns)) {
      const prev = old.columns[name];
      if (!prev) {
        ops.push({ op: 'addColumn', table, column: { name, ...c } });
        if (c.unique || c.index) ops.push({ op: 'createIndex', table, column: name, unique: Boolean(c.unique) });
        continue;
      }
      if (prev.kind !== c.kind) warnings.push(`${table}.${name}: storage changes from ${prev.kind} to ${c.kind}; write a hand-made migration (server/db/system-migrations) to convert the data`);
      const hadIndex = Boolean(prev.unique || prev.index);
      const hasIndex = Boolean(c.unique || c.index);
      if (hadIndex && (!hasIndex || Boolean(prev.unique) !== Boolean(c.unique))) ops.push({ op: 'dropIndex', table, column: name, unique: Boolean(prev.unique) });
      if (hasIndex && (!hadIndex || Boolean(prev.unique) !== Boolean(c.unique))) ops.push({ op: 'createIndex', table, column: name, unique: Boolean(c.unique) });
    }
    for (const name of Object.keys(old.columns)) {
      if (!def.columns[name]) warnings.push(`${table}.${name} is no longer declared; the column and its data are kept`);
    }
  }
  for (const table of Object.keys(before.tables)) {
    if (!after.tables[table]) warnings.push(`table ${table} is no longer declared; it is kept with its data`);
  }
  return { ops, warnings };
}

/** Applies generated migrations to an empty snapshot: the state the database schema is in. */
export function replay(dir: string): { snapshot: Snapshot; count: number } {
  const snapshot: Snapshot = { tables: {} };
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^\d{4}-.*\.json$/.test(f)).sort() : [];
  for (const f of files) {
    const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as MigrationFile;
    for (const op of m.ops) {
      if (op.op === 'createTable') snapshot.tables[op.table] = { columns: Object.fromEntries(op.columns.map(({ name, ...c }) => [name, c])) };
      else if (op.op === 'addColumn') { const { name, ...c } = op.column; snapshot.tables[op.table].columns[name] = c; }
      else if (op.op === 'createIndex') { const col = snapshot.tables[op.table].columns[op.column]; if (op.unique) col.unique = true; else col.index = true; }
      else if (op.op === 'dropIndex') { const col = snapshot.tables[op.table].columns[op.column]; delete col.unique; delete col.index; }
    }
  }
  return { snapshot, count: files.length };
}

function describe(ops: MigrationOp[]): string {
  const created = ops.filter((o) => o.op === 'createTable').map((o) => o.table);
  if (created.length > 3) return 'create-tables';
  if (created.length) return `create-${created.join('-')}`.replace(/_/g, '-');
  const altered = [...new Set(ops.map((o) => o.table))];
  return `alter-${altered.slice(0, 3).join('-')}`.replace(/_/g, '-');
}

/** The next migration file, if the declarations changed since the last one. */
export function nextMigration(registry: Registry, dir: string): { name: string; file: MigrationFile } | null {
  const { snapshot, count } = replay(dir);
  const { ops, warnings } = diffSnapshots(snapshot, snapshotOf(registry));
  for (const w of warnings) console.warn(`  warning: ${w}`);
  if (ops.length === 0) return null;
  const id = String(count + 1).padStart(4, '0');
  const name = `${id}-${describe(ops)}`.slice(0, 80);
  return { name, file: { comment: JSON_BANNER, id: name, ops } };
}
