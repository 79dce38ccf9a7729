import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { recordToRow, rowToRecord, type ApiRecord } from '../../db/row-mapper';

function entity(app: AppContext, name: string) {
  const e = app.registry.entities.get(name);
  if (!e) throw new Error(`unknown entity ${name}`);
  return e;
}

/** The records of an entity whose property equals one of `values` (all of them without `values`). */
export async function recordsOf(
  app: AppContext,
  db: Kysely<AppDatabase>,
  name: string,
  where?: { property: string; values: unknown[] },
): Promise<ApiRecord[]> {
  const e = entity(app, name);
  if (where && where.values.length === 0) return [];
  let qb = db.selectFrom(e.schema['x-entity'].table as never).selectAll();
  if (where) qb = qb.where(e.columnByProperty.get(where.property)!.column as never, 'in', where.values as never);
  const rows = (await qb.execute()) as Record<string, unknown>[];
  return rows.map((r) => rowToRecord(e, r));
}

/** Writes server-computed fields (read-only through the API) of one record. */
export async function setFields(
  app: AppContext,
  db: Kysely<AppDatabase>,
  name: string,
  pk: number,
  changes: ApiRecord,
): Promise<void> {
  const e = entity(app, name);
  await db
    .updateTable(e.schema['x-entity'].table as never)
    .set(recordToRow(e, changes, Object.keys(changes)) as never)
    .where('pk' as never, '=', pk as never)
    .execute();
}
