import type { Kysely } from 'kysely';
import type { EntityRuntime } from '../../../engine/schema/registry';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { filterToSql } from '../../db/apply-filter';
import { columnOf } from '../../db/row-mapper';
import type { EntityHook } from '../hook-types';

/**
 * What hangs on a file-area record goes with it (reference: CASCADE): the records of the same
 * module attached to it (a contact's notes, and the notes' reminders, its documents,
 * memberships, consent history…) are deleted, and it leaves the lists that name it (a list's
 * contacts, a contact's tags). Records of other modules that point to it (an appointment) still
 * refuse the deletion: the generic delete lists them.
 */
export const deleteDependents: EntityHook = {
  async beforeDelete({ ctx, entity, record, db }) {
    await cascade(ctx.app, db, entity, record.pk as number, 0);
  },
};

async function cascade(
  app: AppContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  pk: number,
  depth: number,
): Promise<void> {
  if (depth > 4) return;
  const module = entity.schema['x-entity'].module;
  const dialect = app.database.dialect;
  for (const other of app.registry.entities.values()) {
    if (other.schema['x-entity'].module !== module) continue;
    const table = other.schema['x-entity'].table;
    for (const [field, p] of Object.entries(other.schema.properties)) {
      if (p['x-relation']?.entity !== entity.name || p['x-storage']?.virtual) continue;
      const column = columnOf(other, field);
      if (p.type === 'array') {
        const rows = (await db
          .selectFrom(table as never)
          .select(['pk' as never, column as never])
          .where((eb) => filterToSql(eb, { contains: field, value: pk }, other, dialect))
          .execute()) as Record<string, unknown>[];
        for (const row of rows) {
          const raw = row[column];
          const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[];
          await db
            .updateTable(table as never)
            .set({ [column]: JSON.stringify(list.filter((v) => v !== pk)) } as never)
            .where('pk' as never, '=', row.pk as never)
            .execute();
        }
        continue;
      }
      // A nullable link marked `onDelete: setNull` (an action's linked contact) is emptied, the record kept.
      if (p['x-relation']?.onDelete === 'setNull') {
        await db
          .updateTable(table as never)
          .set({ [column]: null } as never)
          .where(column as never, '=', pk as never)
          .execute();
        continue;
      }
      const rows = (await db
        .selectFrom(table as never)
        .select('pk' as never)
        .where(column as never, '=', pk as never)
        .execute()) as { pk: number }[];
      for (const row of rows) await cascade(app, db, other, row.pk, depth + 1);
      if (rows.length)
        await db
          .deleteFrom(table as never)
          .where(column as never, '=', pk as never)
          .execute();
    }
  }
}
