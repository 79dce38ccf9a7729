import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { createArrayIndex } from '../array-index';

// The public directory's search (docs/directory.md) matches an activity and a sub-mission in the
// published presentations' two lists: indexed, so that a search reads the few thousand rows that
// list both instead of every presentation (issue 13 item 2, p95 ≤ 30 ms at 10,000 sheets).
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const column of ['activities', 'sub_missions'])
    await createArrayIndex(db, dialect, 'listepro_presentation', column);
}
