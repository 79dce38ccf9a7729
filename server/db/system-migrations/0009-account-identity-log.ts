import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { primaryKeyType } from '../column-types';

// Who changed an account's identity (sign-in e-mail, active flag, type, structure), when, from what
// to what (docs/security.md, « Account identity »): written in the transaction of the change, kept
// until the account is erased.
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('account_identity_log')
    .ifNotExists()
    .addColumn('pk', primaryKeyType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('user_pk', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('actor', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_identity_log_user_idx')
    .ifNotExists()
    .on('account_identity_log')
    .column('user_pk')
    .execute();
}
