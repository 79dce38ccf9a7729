import { recomputeIncompleteEntries } from '../hooks/fac/incomplete-entries';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppContext, RequestContext } from '../context';
import { inTransaction } from '../db/transaction';
import { getEntity } from '../../engine/schema/registry';
import { loadUser } from '../modules/auth/load-user';
import { create, update } from '../operations/write';
import { hashPassword } from '../modules/auth/passwords';
import { insertFixture, resetSequences } from './insert-record';
import { systemContext } from './system-context';
import { invalidateWhiteLabels } from '../modules/white-labels/resolve-white-label';
import { resolveRelativeDates } from './relative-dates';
import { checkOverlay } from '../modules/white-labels/overlay-store';
import { nowIso } from '../db/column-types';

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
  invalidateWhiteLabels(ctx.app);
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
  // inTransaction: the generic writes of hooks (a folder's default actions) join this transaction.
  await inTransaction(ctx, async (tctx, trx) => {
    await seedCustomForms(tctx, trx, dir);
    for (const entity of index.entities) {
      const records = JSON.parse(readFileSync(join(dir, `${entity}.json`), 'utf8')) as Record<string, unknown>[];
      for (const r of records) {
        const data = resolveRelativeDates(r, seedDay);
        if (data.$as === undefined) await insertFixture(tctx, entity, data);
        else await writeAs(tctx, entity, data);
      }
    }
    const hash = await hashPassword(index.password);
    await trx.updateTable('account_user').set({ password_hash: hash }).execute();
    await resetSequences(tctx);
  });
  invalidateWhiteLabels();
  // The demo's incomplete entries (its badge in the menu), as a full recompute finds them.
  await recomputeIncompleteEntries(ctx);
}

/**
 * The demo's custom forms (`custom-forms.json`: white-label domain, scoped target, ops), checked
 * as the overlay editor checks them and stored as their version 1, as if an administrator had
 * typed them in the form editor (docs/custom-forms.md).
 */
async function seedCustomForms(
  ctx: RequestContext,
  trx: Parameters<Parameters<typeof inTransaction>[1]>[1],
  dir: string,
) {
  const file = join(dir, 'custom-forms.json');
  if (!existsSync(file)) return;
  const forms = JSON.parse(readFileSync(file, 'utf8')) as {
    domain: string;
    target: string;
    comment?: string;
    ops: unknown;
  }[];
  for (const f of forms) {
    const wl = await trx.selectFrom('white_label').select('pk').where('domain', '=', f.domain).executeTakeFirst();
    if (!wl) throw new Error(`custom form ${f.target}: unknown white label ${f.domain}`);
    const overlay = checkOverlay(ctx, f.target, { ops: f.ops, comment: f.comment });
    await trx
      .insertInto('white_label_overlay')
      .values({
        white_label: wl.pk,
        target: f.target,
        version: 1,
        ops: JSON.stringify(overlay.ops),
        comment: overlay.comment ?? null,
        author: null,
        created_at: nowIso(),
      })
      .execute();
  }
}

/**
 * A fixture record written `$as` a demo user, through the generic API write (rights, hooks, the
 * rules of who did it): created, or with `$match` (field names) the one stored record with those
 * values updated — e.g. a default action that opening its folder created, marked done.
 */
async function writeAs(ctx: RequestContext, entity: string, data: Record<string, unknown>): Promise<void> {
  const { $as, $match, ...input } = data;
  const user = await loadUser(ctx.app, Number($as));
  if (!user) throw new Error(`fixture ${entity}: unknown $as user ${String($as)}`);
  const asCtx: RequestContext = { ...ctx, user: user.rule };
  if (!Array.isArray($match)) {
    await create(asCtx, entity, input);
    return;
  }
  const runtime = getEntity(ctx.app.registry, entity);
  let query = ctx.app.database.db.selectFrom(runtime.schema['x-entity'].table as never).select('pk' as never);
  for (const field of $match as string[]) {
    const column = runtime.columnByProperty.get(field)?.column;
    if (!column) throw new Error(`fixture ${entity}: unknown $match field ${field}`);
    query = query.where(column as never, '=', input[field] as never);
  }
  const rows = (await query.execute()) as { pk: number }[];
  if (rows.length !== 1) throw new Error(`fixture ${entity} ${JSON.stringify($match)}: ${rows.length} matches`);
  const changes = Object.fromEntries(Object.entries(input).filter(([k]) => !($match as string[]).includes(k)));
  await update(asCtx, entity, rows[0]!.pk, changes);
}

export async function isEmpty(app: AppContext): Promise<boolean> {
  const row = await app.database.db
    .selectFrom('account_user')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
