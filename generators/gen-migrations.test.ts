import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './gen-migrations';
import type { Snapshot } from '../server/db/migration-types';

const before: Snapshot = { tables: { t: { columns: { pk: { kind: 'integer', primaryKey: true }, name: { kind: 'text', index: true }, old: { kind: 'text' } } } } };

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
      { op: 'createTable', table: 'u', columns: [{ name: 'pk', kind: 'integer', primaryKey: true }, { name: 'code', kind: 'text', unique: true }] },
      { op: 'createIndex', table: 'u', column: 'code', unique: true },
    ]);
    expect(warnings).toEqual([]);
  });

  it('never drops data: removed columns and kind changes are only reported', () => {
    const after: Snapshot = { tables: { t: { columns: { pk: { kind: 'integer', primaryKey: true }, name: { kind: 'integer' } } } } };
    const { ops, warnings } = diffSnapshots(before, after);
    expect(ops).toEqual([{ op: 'dropIndex', table: 't', column: 'name', unique: false }]);
    expect(warnings).toEqual([
      't.name: storage changes from text to integer; write a hand-made migration (server/db/system-migrations) to convert the data',
      't.old is no longer declared; the column and its data are kept',
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(diffSnapshots(before, before)).toEqual({ ops: [], warnings: [] });
  });
});
