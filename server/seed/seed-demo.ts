import { recomputeIncompleteEntries } from '../hooks/fac/incomplete-entries';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppContext } from '../context';
import { hashPassword } from '../modules/auth/passwords';
import { insertFixture, resetSequences } from './insert-record';
import { systemContext } from './system-context';
import { invalidateWhiteLabels } from '../modules/white-labels/resolve-white-label';
import { resolveRelativeDates } from './relative-dates';

const ROOT = resolve(import.meta.dirname, '../..');

/** White labels from white-labels/*.json (also needed outside the demo: they are the domains). */
export async function seedWhiteLabels(app: AppContext, dir = join(ROOT, 'white-labels')): Promise<number> {
  const ctx = systemContext(app);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  let count = 0;
  for (const f of files) {
    const data = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
    const exists = await app.database.db
      .selectFrom('white_label')
      .select('pk')
      .where('domain', '=', String(data.domain))
      .executeTakeFirst();
    if (exists) continue;
    await insertFixture(ctx, 'white-label', data);
    count += 1;
  }
  await resetSequences(ctx);
  invalidateWhiteLabels();
  return count;
}

/**
 * The demo data of fixtures/demo (fictitious people), in the order of its index. "$date(…)"
 * values are dates relative to `seedDay` (server/seed/relative-dates.ts).
 */
export async function seedDemo(
  app: AppContext,
  dir = join(ROOT, 'fixtures/demo'),
  seedDay: Date = new Date(),
): Promise<void> {
  const ctx = systemContext(app);
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { entities: string[]; password: string };
  await app.database.db.transaction().execute(async (trx) => {
    const tctx = { ...ctx, app: { ...app, database: { ...app.database, db: trx } } };
    for (const entity of index.entities) {
      const records = JSON.parse(readFileSync(join(dir, `${entity}.json`), 'utf8')) as Record<string, unknown>[];
      for (const r of records) await insertFixture(tctx, entity, resolveRelativeDates(r, seedDay));
    }
    const hash = await hashPassword(index.password);
    await trx.updateTable('account_user').set({ password_hash: hash }).execute();
    await resetSequences(tctx);
  });
  // The demo's incomplete entries (its badge in the menu), as a full recompute finds them.
  await recomputeIncompleteEntries(ctx);
}

export async function isEmpty(app: AppContext): Promise<boolean> {
  const row = await app.database.db
    .selectFrom('account_user')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
