import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { primaryKeyType } from '../column-types';

// Files uploaded for a `format: file` property and not yet attached to a record (docs/files.md):
// a record's save accepts only a key listed here for the same user, entity and property, so a
// client can never point a record at a file it did not upload. Rows left behind are purged,
// with their files, by the files.purge-pending job.
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('file_upload')
    .ifNotExists()
    .addColumn('pk', primaryKeyType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('property', 'text', (c) => c.notNull())
    .addColumn('user_pk', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_upload_created_idx').ifNotExists().on('file_upload').column('created_at').execute();
}
