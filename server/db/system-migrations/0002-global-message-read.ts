import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { primaryKeyType } from '../column-types';

// Who acknowledged which global message (spec 01 §4: new until acknowledged, then seen).
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('global_message_read')
    .ifNotExists()
    .addColumn('pk', primaryKeyType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('message', 'integer', (c) => c.notNull())
    .addColumn('user_pk', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('global_message_read_uq', ['message', 'user_pk'])
    .execute();
}
