import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { primaryKeyType } from '../column-types';

// A statistics workbook built in the background and mailed (`/fac/suivi`, reference 9.4): what
// the requester asked, how far the build went (the screen polls it), and the stored file with the
// hash of its secret link. The work itself is a scheduled job (claimed by one process only).
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('fac_statistics_export')
    .ifNotExists()
    .addColumn('pk', primaryKeyType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('user_pk', 'integer', (c) => c.notNull())
    .addColumn('project', 'integer', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('white_label', 'integer')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('file_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('token_hash', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('fac_statistics_export_user_idx')
    .ifNotExists()
    .on('fac_statistics_export')
    .column('user_pk')
    .execute();
  await db.schema
    .createIndex('fac_statistics_export_expires_idx')
    .ifNotExists()
    .on('fac_statistics_export')
    .column('expires_at')
    .execute();
}
