import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { primaryKeyType } from '../column-types';

// The history of every workflow (docs/directory.md "Workflows"): one table for all entities, so
// that an entity declaring a workflow needs no history entity of its own. Written in the same
// transaction as the state change.
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('workflow_history')
    .ifNotExists()
    .addColumn('pk', primaryKeyType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_pk', 'integer', (c) => c.notNull())
    .addColumn('transition', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('actor', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_history_record_idx')
    .ifNotExists()
    .on('workflow_history')
    .columns(['entity', 'record_pk'])
    .execute();
}
