import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { columnType, primaryKeyType } from '../column-types';

// Sessions, settings, white-label overlays and the login log. Raw schema builder calls on the
// shape of their own time (never the current app code), so that old migrations keep working.
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pk = primaryKeyType(dialect);
  const autoPk = (c: import('kysely').ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema
    .createTable('app_setting')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_refresh_token')
    .ifNotExists()
    .addColumn('pk', pk, autoPk)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('user_pk', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('auth_refresh_token_family_idx')
    .ifNotExists()
    .on('auth_refresh_token')
    .column('family')
    .execute();

  await db.schema
    .createTable('white_label_overlay')
    .ifNotExists()
    .addColumn('pk', pk, autoPk)
    .addColumn('white_label', 'integer', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('ops', columnType('json', dialect), (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('author', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('white_label_overlay_version_uq', ['white_label', 'target', 'version'])
    .execute();

  await db.schema
    .createTable('login_log')
    .ifNotExists()
    .addColumn('pk', pk, autoPk)
    .addColumn('user_pk', 'integer', (c) => c.notNull())
    .addColumn('white_label', 'integer')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
