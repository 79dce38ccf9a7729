import type pg from 'pg';
import { quoteIdentifier } from './copy-rows';

// Loading a million rows into indexed tables: every secondary index (b-trees, the trigram GIN of
// the search columns) is dropped before the COPY and built again once after it, which is several
// times faster than maintaining it row by row; unique indexes and primary keys stay, so a
// duplicate still fails. The global search's side tables (server/db/global-search-index.ts) are
// kept by a per-row trigger; it is switched off during the COPY and the dictionary and postings
// of the new rows are then filled by two set-based statements, which give the same rows as the
// trigger (distinct values, one posting per record and value).

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
): Promise<void> {
  const values = `${table}_gsearch_value`;
  const postings = `${table}_gsearch_posting`;
  const trigger = `${values}_sync`;
  const withSideTables = globalColumn !== null && (await tableExists(client, values));
  const { rows } = await client.query<{ high: number }>(
    `select coalesce(max(pk), 0)::integer as high from ${quoteIdentifier(table)}`,
  );
  const high = rows[0]!.high;
  const dropped = await dropSecondaryIndexes(client, table);
  if (withSideTables) {
    dropped.push(...(await dropSecondaryIndexes(client, values)), ...(await dropSecondaryIndexes(client, postings)));
    await client.query(`alter table ${quoteIdentifier(table)} disable trigger ${quoteIdentifier(trigger)}`);
  }
  try {
    await load();
  } finally {
    if (withSideTables)
      await client.query(`alter table ${quoteIdentifier(table)} enable trigger ${quoteIdentifier(trigger)}`);
  }
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
    await client.query(
      `insert into ${quoteIdentifier(postings)} (value_id, pk)
         select distinct v.id, t.pk from ${t} t cross join lateral ${entries} e
           join ${quoteIdentifier(values)} v on md5(v.value) = md5(e) and v.value = e
         where t.pk > $1
         on conflict do nothing`,
      [high],
    );
  }
  for (const index of dropped) await client.query(index.definition);
  for (const t of withSideTables ? [table, values, postings] : [table])
    await client.query(`analyze ${quoteIdentifier(t)}`);
}
