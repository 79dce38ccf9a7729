import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, DialectName } from './database';
import { columnType, primaryKeyType } from './column-types';
import type { MigrationOp, TableMigrations } from './migration-types';
import { createScopedSearch, createSearch, dropScopedSearch, fillSearch } from './search-index';
import { createGlobalSearch, fillGlobalSearch, rebuildGlobalSearch } from './global-search-index';
import { ensureTableChangeTriggers } from './table-changes';

/** PostgreSQL cuts identifiers at 63 bytes: a long name keeps its table and a digest of its columns. */
export function compositeIndexName(table: string, columns: string[]): string {
  const name = `${table}__${columns.join('__')}_idx`;
  if (name.length <= 63) return name;
  return `${table.slice(0, 40)}__${createHash('sha1').update(columns.join(',')).digest('hex').slice(0, 12)}_idx`;
}

const GENERATED_DIR = resolve(import.meta.dirname, '../generated/migrations');
const SYSTEM_DIR = resolve(import.meta.dirname, 'system-migrations');

async function applyOp(db: Kysely<unknown>, dialect: DialectName, op: MigrationOp): Promise<void> {
  switch (op.op) {
    case 'createTable': {
      let t = db.schema.createTable(op.table).ifNotExists();
      for (const c of op.columns) {
        if (c.primaryKey)
          t = t.addColumn(c.name, primaryKeyType(dialect), (b) =>
            dialect === 'sqlite' ? b.primaryKey().autoIncrement() : b.primaryKey(),
          );
        else t = t.addColumn(c.name, columnType(c.kind, dialect));
      }
      await t.execute();
      return;
    }
    case 'addColumn':
      await db.schema.alterTable(op.table).addColumn(op.column.name, columnType(op.column.kind, dialect)).execute();
      return;
    case 'createIndex': {
      const name = `${op.table}_${op.column}_${op.unique ? 'uq' : 'idx'}`;
      let i = db.schema.createIndex(name).ifNotExists().on(op.table).column(op.column);
      if (op.unique) i = i.unique();
      await i.execute();
      return;
    }
    case 'createCompositeIndex':
      await db.schema
        .createIndex(compositeIndexName(op.table, op.columns))
        .ifNotExists()
        .on(op.table)
        .columns(op.columns)
        .execute();
      return;
    case 'dropCompositeIndex':
      await db.schema.dropIndex(compositeIndexName(op.table, op.columns)).ifExists().execute();
      return;
    case 'dropIndex':
      await db.schema
        .dropIndex(`${op.table}_${op.column}_${op.unique ? 'uq' : 'idx'}`)
        .ifExists()
        .execute();
      return;
    case 'createSearch':
      await createSearch(db, dialect, op);
      return;
    case 'createScopedSearch':
      await createScopedSearch(db, dialect, op);
      return;
    case 'dropScopedSearch':
      await dropScopedSearch(db, dialect, op);
      return;
    case 'fillSearch':
      await fillSearch(db, op);
      return;
    case 'createGlobalSearch':
      await createGlobalSearch(db, dialect, op);
      return;
    case 'fillGlobalSearch':
      await fillGlobalSearch(db, op);
      return;
    case 'rebuildGlobalSearch':
      await rebuildGlobalSearch(db, dialect, op);
  }
}

/** Generated (schemas/) and hand-written (system) migrations, run by one Kysely Migrator. */
export class AppMigrationProvider implements MigrationProvider {
  constructor(
    private readonly dialect: DialectName,
    private readonly generatedDir = GENERATED_DIR,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const f of readdirSync(this.generatedDir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = JSON.parse(readFileSync(join(this.generatedDir, f), 'utf8')) as TableMigrations;
      for (const step of file.steps) {
        migrations[`entities/${file.table}/${step.id}`] = {
          up: async (db) => {
            for (const op of step.ops) await applyOp(db, this.dialect, op);
          },
        };
      }
    }
    for (const f of readdirSync(SYSTEM_DIR)
      .filter((n) => /^\d{4}-.*\.ts$/.test(n))
      .sort()) {
      const mod = (await import(join(SYSTEM_DIR, f))) as {
        up: (db: Kysely<unknown>, dialect: DialectName) => Promise<void>;
      };
      migrations[`system/${f.replace(/\.ts$/, '')}`] = { up: (db) => mod.up(db, this.dialect) };
    }
    return migrations;
  }
}

export async function migrateToLatest(database: Database, generatedDir?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: new AppMigrationProvider(database.dialect, generatedDir),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // After the migrations, so that the tables they created are covered (server/db/table-changes.ts).
  await ensureTableChangeTriggers(database.db as Kysely<unknown>, database.dialect);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
