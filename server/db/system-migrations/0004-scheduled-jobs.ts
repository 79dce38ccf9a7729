import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { primaryKeyType } from '../column-types';

// Work the server does later or on a schedule (delayed notifications, hold expiry, reminders),
// claimed row by row so that several server processes never run one job twice (ADR 0006).
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('scheduled_job')
    .ifNotExists()
    .addColumn('pk', primaryKeyType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('scheduled_job_due_idx')
    .ifNotExists()
    .on('scheduled_job')
    .columns(['status', 'run_at'])
    .execute();
  // Several NULLs are allowed by both databases: only jobs that name a key are deduplicated.
  await db.schema
    .createIndex('scheduled_job_dedupe_key_uq')
    .ifNotExists()
    .on('scheduled_job')
    .column('dedupe_key')
    .unique()
    .execute();
}
