import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './gen-migrations';
import type { Snapshot } from '../server/db/migration-types';

const before: Snapshot = {
  tables: {
    t: {
      columns: {
        pk: { kind: 'integer', primaryKey: true },
        name: { kind: 'text', index: true },
        old: { kind: 'text' },
      },
    },
  },
};

describe('diffSnapshots', () => {
  it('creates new tables with their indexes and adds new columns', () => {
    const after: Snapshot = {
      tables: {
        t: { columns: { ...before.tables.t.columns, extra: { kind: 'json' }, slug: { kind: 'text', unique: true } } },
        u: { columns: { pk: { kind: 'integer', primaryKey: true }, code: { kind: 'text', unique: true } } },
      },
    };
    const { ops, warnings } = diffSnapshots(before, after);
    expect(ops).toEqual([
      { op: 'addColumn', table: 't', column: { name: 'extra', kind: 'json' } },
      { op: 'addColumn', table: 't', column: { name: 'slug', kind: 'text', unique: true } },
      { op: 'createIndex', table: 't', column: 'slug', unique: true },
      {
        op: 'createTable',
        table: 'u',
        columns: [
          { name: 'pk', kind: 'integer', primaryKey: true },
          { name: 'code', kind: 'text', unique: true },
        ],
      },
      { op: 'createIndex', table: 'u', column: 'code', unique: true },
    ]);
    expect(warnings).toEqual([]);
  });

  it('never drops data: removed columns and kind changes are only reported', () => {
    const after: Snapshot = {
      tables: { t: { columns: { pk: { kind: 'integer', primaryKey: true }, name: { kind: 'integer' } } } },
    };
    const { ops, warnings } = diffSnapshots(before, after);
    expect(ops).toEqual([{ op: 'dropIndex', table: 't', column: 'name', unique: false }]);
    expect(warnings).toEqual([
      't.name: storage changes from text to integer; ' +
        'write a hand-made migration (server/db/system-migrations) to convert the data',
      't.old is no longer declared; the column and its data are kept',
    ]);
  });

  it('creates and drops indexes over several columns, for new and existing tables', () => {
    const withIndex: Snapshot = { tables: { t: { ...before.tables.t, indexes: [['name', 'pk']] } } };
    expect(diffSnapshots(before, withIndex).ops).toEqual([
      { op: 'createCompositeIndex', table: 't', columns: ['name', 'pk'] },
    ]);
    expect(diffSnapshots(withIndex, withIndex).ops).toEqual([]);
    const changed: Snapshot = { tables: { t: { ...before.tables.t, indexes: [['old', 'pk']] } } };
    expect(diffSnapshots(withIndex, changed).ops).toEqual([
      { op: 'dropCompositeIndex', table: 't', columns: ['name', 'pk'] },
      { op: 'createCompositeIndex', table: 't', columns: ['old', 'pk'] },
    ]);
    const created = diffSnapshots({ tables: {} }, withIndex).ops;
    expect(created.at(-1)).toEqual({ op: 'createCompositeIndex', table: 't', columns: ['name', 'pk'] });
  });

  it('scopes the search index by a column, and drops the scoped index when the scope changes', () => {
    const search = { column: 'search_text', sources: [{ column: 'name', kind: 'text' as const }], version: 1 };
    const searched: Snapshot = { tables: { t: { ...before.tables.t, search } } };
    const scoped: Snapshot = { tables: { t: { ...searched.tables.t, searchScope: 'old' } } };
    expect(diffSnapshots(searched, scoped).ops).toEqual([
      { op: 'createScopedSearch', table: 't', column: 'search_text', scope: 'old' },
    ]);
    expect(diffSnapshots(scoped, scoped).ops).toEqual([]);
    expect(diffSnapshots(scoped, searched).ops).toEqual([
      { op: 'dropScopedSearch', table: 't', column: 'search_text', scope: 'old' },
    ]);
    // A new table: the search column first, then its scoped index.
    const ops = diffSnapshots({ tables: {} }, scoped).ops.map((o) => o.op);
    expect(ops.indexOf('createScopedSearch')).toBeGreaterThan(ops.indexOf('createSearch'));
  });

  it('is empty when nothing changed', () => {
    expect(diffSnapshots(before, before)).toEqual({ ops: [], warnings: [] });
  });

  it('adds, fills and indexes the search column, and fills it again when its sources change', () => {
    const search = { column: 'search_text', sources: [{ column: 'name', kind: 'text' as const }], version: 1 };
    const withSearch: Snapshot = { tables: { t: { ...before.tables.t, search } } };
    expect(diffSnapshots(before, withSearch).ops).toEqual([{ op: 'createSearch', table: 't', ...search }]);
    const newTable = diffSnapshots({ tables: {} }, withSearch).ops;
    expect(newTable.map((o) => o.op)).toEqual(['createTable', 'createIndex', 'createSearch']);
    const moreSources = { ...search, sources: [...search.sources, { column: 'old', kind: 'text' as const }] };
    expect(diffSnapshots(withSearch, { tables: { t: { ...before.tables.t, search: moreSources } } }).ops).toEqual([
      { op: 'fillSearch', table: 't', ...moreSources },
    ]);
    expect(
      diffSnapshots(withSearch, { tables: { t: { ...before.tables.t, search: { ...search, version: 2 } } } }).ops.map(
        (o) => o.op,
      ),
    ).toEqual(['fillSearch']);
    expect(diffSnapshots(withSearch, withSearch).ops).toEqual([]);
    expect(diffSnapshots(withSearch, before).warnings).toEqual([
      't: list.search is no longer declared; its search column is kept but no longer kept up to date',
    ]);
  });

  it('creates the global search column and index, and fills it again when its sources change', () => {
    const globalSearch = { column: 'global_search', sources: [{ column: 'name', kind: 'text' as const }], version: 1 };
    const withGlobal: Snapshot = { tables: { t: { ...before.tables.t, globalSearch } } };
    expect(diffSnapshots(before, withGlobal).ops).toEqual([{ op: 'createGlobalSearch', table: 't', ...globalSearch }]);
    expect(diffSnapshots({ tables: {} }, withGlobal).ops.map((o) => o.op)).toEqual([
      'createTable',
      'createIndex',
      'createGlobalSearch',
    ]);
    const v2 = { ...globalSearch, version: 2 };
    expect(diffSnapshots(withGlobal, { tables: { t: { ...before.tables.t, globalSearch: v2 } } }).ops).toEqual([
      { op: 'fillGlobalSearch', table: 't', ...v2 },
    ]);
    expect(diffSnapshots(withGlobal, withGlobal).ops).toEqual([]);
    expect(diffSnapshots(withGlobal, before).warnings).toEqual([
      't: list.globalSearch is no longer declared; its column and side table are kept but no longer searched',
    ]);
  });
});
