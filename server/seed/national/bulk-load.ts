import type pg from 'pg';
import { quoteIdentifier } from './copy-rows';

// Loading a million rows into indexed tables: every secondary index (b-trees, the trigram GIN of
// the search columns) and the primary keys (of the table and of its postings) are dropped before
// the COPY and built again once after it, which is several times faster than maintaining them row
// by row; unique indexes stay, and a duplicate pk fails when its key is built again. The global
// search's side tables (server/db/global-search-index.ts) are kept by a per-row trigger; it is
// switched off during the COPY and the dictionary and postings of the new rows are then filled by
// two set-based statements, which give the same rows as the trigger (distinct values, one posting
// per record and value).

/** Seconds spent in each step of a bulk load (the seed prints them). */
export interface BulkPhases {
  copy?: number;
  dictionary?: number;
  postings?: number;
  indexes?: number;
  analyze?: number;
}

interface DroppedIndex {
  name: string;
  definition: string;
}

async function dropSecondaryIndexes(client: pg.ClientBase, table: string): Promise<DroppedIndex[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relname = $1 and t.relnamespace = 'public'::regnamespace
        and not x.indisunique and not x.indisprimary`,
    [table],
  );
  for (const r of rows) await client.query(`drop index ${quoteIdentifier(r.name)}`);
  return rows;
}

interface DroppedKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Drops a table's primary key: a b-tree filled in pk order one row at a time costs the COPY (and
 * the postings' insert) more than building it once afterwards. Put back by `restoreKey`, which
 * fails on a duplicate, so the check is not lost, only moved to the end.
 */
async function dropPrimaryKey(client: pg.ClientBase, table: string): Promise<DroppedKey[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = $1::regclass and contype = 'p'`,
    [`public.${table}`],
  );
  for (const r of rows)
    await client.query(`alter table ${quoteIdentifier(table)} drop constraint ${quoteIdentifier(r.name)}`);
  return rows.map((r) => ({ table, ...r }));
}

async function restoreKey(client: pg.ClientBase, key: DroppedKey): Promise<void> {
  await client.query(
    `alter table ${quoteIdentifier(key.table)} add constraint ${quoteIdentifier(key.name)} ${key.definition}`,
  );
}

async function tableExists(client: pg.ClientBase, table: string): Promise<boolean> {
  const { rows } = await client.query(`select to_regclass($1) as t`, [`public.${table}`]);
  return rows[0]?.t !== null;
}

/**
 * Runs `load` (COPYs into `table`) with the table's secondary indexes and global-search trigger
 * off, then fills the global search side tables for the rows above the previous highest pk and
 * builds the indexes again. `globalColumn`: the entity's global search column, if it has one.
 */
export async function bulkLoad(
  client: pg.ClientBase,
  table: string,
  globalColumn: string | null,
  load: () => Promise<void>,
  phases: BulkPhases = {},
): Promise<void> {
  let mark = performance.now();
  const lap = (phase: keyof BulkPhases) => {
    const now = performance.now();
    phases[phase] = (phases[phase] ?? 0) + (now - mark) / 1000;
    mark = now;
  };
  const values = `${table}_gsearch_value`;
  const postings = `${table}_gsearch_posting`;
  const trigger = `${values}_sync`;
  const withSideTables = globalColumn !== null && (await tableExists(client, values));
  const { rows } = await client.query<{ high: number }>(
    `select coalesce(max(pk), 0)::integer as high from ${quoteIdentifier(table)}`,
  );
  const high = rows[0]!.high;
  const dropped = await dropSecondaryIndexes(client, table);
  const keys = await dropPrimaryKey(client, table);
  if (withSideTables) {
    dropped.push(...(await dropSecondaryIndexes(client, values)), ...(await dropSecondaryIndexes(client, postings)));
    // The postings of the new records (pk above `high`) cannot already exist: the statement below
    // writes each (value, record) once, so their key is built after them too.
    keys.push(...(await dropPrimaryKey(client, postings)));
    await client.query(`alter table ${quoteIdentifier(table)} disable trigger ${quoteIdentifier(trigger)}`);
  }
  try {
    await load();
    lap('copy');
  } finally {
    if (withSideTables)
      await client.query(`alter table ${quoteIdentifier(table)} enable trigger ${quoteIdentifier(trigger)}`);
  }
  // The statements below read the new rows: without statistics of them (and without the primary
  // key, whose b-tree also tells the planner the highest pk) the planner expects none and joins
  // the dictionary by nested loops — 71 s instead of 0.2 s for 5,000 accounts.
  await client.query(`analyze ${quoteIdentifier(table)}`);
  lap('analyze');
  if (withSideTables) {
    const t = quoteIdentifier(table);
    const c = quoteIdentifier(globalColumn);
    const entries = `jsonb_array_elements_text(coalesce(t.${c}, '[]')::jsonb)`;
    await client.query(
      `insert into ${quoteIdentifier(values)} (value)
         select distinct e from ${t} t cross join lateral ${entries} e where t.pk > $1
         on conflict (md5(value)) do nothing`,
      [high],
    );
    await client.query(`analyze ${quoteIdentifier(values)}`);
    lap('dictionary');
    await client.query(
      `insert into ${quoteIdentifier(postings)} (value_id, pk)
         select distinct v.id, t.pk from ${t} t cross join lateral ${entries} e
           join ${quoteIdentifier(values)} v on md5(v.value) = md5(e) and v.value = e
         where t.pk > $1`,
      [high],
    );
  }
  if (withSideTables) lap('postings');
  for (const key of keys) await restoreKey(client, key);
  for (const index of dropped) await client.query(index.definition);
  lap('indexes');
  // VACUUM, not only ANALYZE: it sets the visibility map (without it, a count over one structure's
  // contacts reads every heap page instead of only the index) and the rows' hint bits (without it,
  // the first reads after the seed write every page back).
  for (const t of withSideTables ? [table, values, postings] : [table])
    await client.query(`vacuum (analyze) ${quoteIdentifier(t)}`);
  lap('analyze');
}
