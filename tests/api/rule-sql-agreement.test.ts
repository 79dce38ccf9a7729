import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { entityColumns } from '../../engine/schema/columns';
import type { EntityRuntime } from '../../engine/schema/registry';
import type { EntitySchema, Rule } from '../../engine/schema/types';
import { compileFilter, matchesFilter } from '../../engine/logic/filter';
import { holds } from '../../engine/logic/logic';
import { anonymousUser } from '../../engine/logic/user-context';
import { filterToSql } from '../../server/db/apply-filter';
import { columnType } from '../../server/db/column-types';
import { recordToRow, rowToRecord } from '../../server/db/row-mapper';

// Security review findings 13 to 15: a rights rule must select in SQL exactly the records the
// rule engine accepts one by one (a list must never show what a detail would refuse, nor hide
// what it allows). Every rule below runs both ways over records holding the awkward values.

const PROBE: EntitySchema = {
  $id: 'urn:app:entity:rule-probe',
  title: 'Rule probe',
  type: 'object',
  properties: {
    pk: { type: 'integer', title: 'pk' },
    flag: { type: ['boolean', 'null'], title: 'flag' },
    n: { type: ['integer', 'null'], title: 'n' },
    x: { type: ['number', 'null'], title: 'x' },
    s: { type: ['string', 'null'], title: 's' },
    list: { type: ['array', 'null'], title: 'list', items: { type: 'integer' } },
    obj: { type: ['object', 'null'], title: 'obj' },
    anyJson: { type: ['object', 'array', 'string', 'number', 'boolean', 'null'], title: 'anyJson' },
  },
  'x-entity': {
    name: 'rule-probe',
    module: 'accounts',
    table: 'rule_probe',
    labels: { singular: 'probe', plural: 'probes' },
    display: 's',
    timestamps: false,
    rights: { view: true, create: true, change: true, delete: true },
  },
};

const columns = entityColumns(PROBE);
const ENTITY = {
  name: 'rule-probe',
  schema: PROBE,
  columns,
  columnByProperty: new Map(columns.map((c) => [c.property, c])),
} as unknown as EntityRuntime;

const VALUES = {
  flag: [null, true, false],
  n: [null, 0, 1, 5],
  x: [null, 0, 0.5, 12, 45.5],
  s: [null, '', '0', 'a'],
  list: [null, [], [0], [2], [2, 3]],
  obj: [null, {}, { a: 1 }],
  anyJson: [null, {}, [], false, true, 0, 1, 2.5, '', 'x', [0], { a: null }],
} as const;

/** Enough records that every value of every field appears beside varied others (deterministic). */
function records(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const keys = Object.keys(VALUES) as (keyof typeof VALUES)[];
  for (let i = 0; i < 60; i += 1) {
    const r: Record<string, unknown> = { pk: i + 1 };
    keys.forEach((k, j) => {
      const options = VALUES[k];
      r[k] = options[(i * (j + 3) + j * 7 + Math.floor(i / options.length)) % options.length];
    });
    out.push(r);
  }
  return out;
}

const RULES: Rule[] = [
  { '!!': { var: 'record.flag' } },
  { '!': { var: 'record.flag' } },
  { var: 'record.n' },
  { '!': { var: 'record.n' } },
  { var: 'record.s' },
  { '!': { var: 'record.s' } },
  { '!!': { var: 'record.list' } },
  { var: 'record.list' },
  { var: 'record.anyJson' },
  { '!': { var: 'record.list' } },
  { '!!': { var: 'record.obj' } },
  { '!': { var: 'record.obj' } },
  { '!!': { var: 'record.anyJson' } },
  { '!': { var: 'record.anyJson' } },
  { '<': [0, { var: 'record.x' }, 40] },
  { '<=': [0.5, { var: 'record.x' }, 45.5] },
  { '<': [0, { var: 'record.n' }, 5] },
  { in: [2, { var: 'record.list' }] },
  { and: [{ var: 'record.flag' }, { '>': [{ var: 'record.n' }, 0] }] },
  { or: [{ '==': [{ var: 'record.s' }, 'a'] }, { '!!': { var: 'record.list' } }] },
  { or: [{ role: ['staff'] }, { var: 'record.anyJson' }] },
];

describe.each(DIALECTS)('rights rules as SQL agree with the rule engine on %s', (dialect) => {
  let t: TestApp;
  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { seed: false },
  );

  it('selects exactly the records the rule accepts, for every rule and awkward value', async () => {
    const db = t.app.database.db;
    let create = db.schema.createTable('rule_probe');
    for (const c of columns) {
      create = c.primaryKey
        ? create.addColumn(c.column, 'integer', (b) => b.primaryKey())
        : create.addColumn(c.column, columnType(c.kind, dialect));
    }
    await create.execute();
    const all = records();
    const props = columns.filter((c) => !c.primaryKey).map((c) => c.property);
    for (const r of all) {
      // recordToRow skips undefined only: nulls are written as SQL NULL, JSON as its text.
      const row = recordToRow(ENTITY, r, props);
      for (const p of props) if (r[p] === null) row[ENTITY.columnByProperty.get(p)!.column] = null;
      await db
        .insertInto('rule_probe' as never)
        .values({ ...row, pk: r.pk } as never)
        .execute();
    }
    const stored = (
      (await db
        .selectFrom('rule_probe' as never)
        .selectAll()
        .orderBy('pk' as never)
        .execute()) as Record<string, unknown>[]
    ).map((row) => rowToRecord(ENTITY, row));
    const user = anonymousUser(t.app.registry.declarations.roles);
    const data = { user, whiteLabel: { id: null, domain: null, modules: {} } };
    // Finding 14: the rule engine itself uses json-logic's truthiness, not JavaScript's: an empty
    // list is false (Boolean([]) is true), an empty object and the text "0" are true.
    const values = [[], [0], {}, 0, '', '0', false, null];
    expect(values.map((v) => holds({ var: 'record.v' }, { ...data, record: { v } }))).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      false,
      false,
    ]);
    for (const rule of RULES) {
      const expected = stored.filter((record) => holds(rule, { ...data, record })).map((r) => r.pk);
      const filter = compileFilter(rule, data);
      const selected = (
        (await db
          .selectFrom('rule_probe' as never)
          .select('pk' as never)
          .where((eb) => filterToSql(eb, filter, ENTITY, dialect))
          .orderBy('pk' as never)
          .execute()) as { pk: number }[]
      ).map((r) => r.pk);
      expect({ rule, selected }).toEqual({ rule, selected: expected });
      // The in-memory filter (records not yet stored) agrees too.
      expect({ rule, matched: stored.filter((r) => matchesFilter(filter, r)).map((r) => r.pk) }).toEqual({
        rule,
        matched: expected,
      });
    }
    await sql`drop table rule_probe`.execute(db);
  });
});
