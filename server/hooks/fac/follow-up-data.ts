import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import { columnOf, rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { isRecordKey } from '../../db/record-key';
import { linkedRecord } from './linked-records';
import { folderStatus } from '../../../engine/follow-up/folder-status';
import type { Price } from '../../../engine/follow-up/action-cost';
import { parisDate } from '../../../engine/time/paris-time';

type Db = Kysely<AppDatabase>;

/** One record of an entity as the API reads it (no rights: hooks read what the rules already allowed). */
export function recordOf(app: AppContext, db: Db, entity: string, pk: unknown): Promise<ApiRecord | undefined> {
  return linkedRecord(app, db, entity, pk);
}

/** The records of `entity` whose single relation `property` is `pk`, in pk order. */
export async function recordsWhere(
  app: AppContext,
  db: Db,
  entity: string,
  property: string,
  pk: number,
): Promise<ApiRecord[]> {
  const runtime = app.registry.entities.get(entity)!;
  const rows = (await db
    .selectFrom(runtime.schema['x-entity'].table as never)
    .selectAll()
    .where(columnOf(runtime, property) as never, '=', pk as never)
    .orderBy('pk' as never)
    .execute()) as Record<string, unknown>[];
  return rows.map((r) => rowToRecord(runtime, r));
}

/** The folder model an action model belongs to (through its category), or undefined. */
export async function folderModelOfActionModel(app: AppContext, db: Db, actionModel: ApiRecord): Promise<unknown> {
  const category = await recordOf(app, db, 'category-model', actionModel.categoryModel);
  return category?.folderModel;
}

/** The prices of an action model with their periods, as the cost calculation reads them. */
export async function pricesOf(app: AppContext, db: Db, actionModel: ApiRecord): Promise<Price[]> {
  const out: Price[] = [];
  for (const pk of (actionModel.valuations as number[] | undefined) ?? []) {
    const v = await recordOf(app, db, 'valuation', pk);
    const period = v && (await recordOf(app, db, 'period', v.period));
    if (!v || !period) continue;
    out.push({
      pk: v.pk as number,
      act: Boolean(v.act),
      amount: Number(v.amount),
      valuationType: v.valuationType as number,
      period: { dateStart: String(period.dateStart), dateEnd: String(period.dateEnd) },
    });
  }
  return out;
}

/**
 * Recomputes a folder's status from its actions (reference 8.9) and stores it, so that lists
 * filter and sort on it like any column. `without`: an action being deleted. Only the acts done on
 * or before `today` (Paris) count: an act dated three weeks ahead moves the folder when that day
 * comes (the daily job `fac.folder-status-calendar`), not when it is typed (issue 28 row 16).
 */
export async function storeFolderStatus(
  app: AppContext,
  db: Db,
  folderPk: unknown,
  without?: number,
  today: string = parisDate(Date.now()),
): Promise<void> {
  if (!isRecordKey(folderPk)) return;
  const folder = await recordOf(app, db, 'folder', folderPk);
  if (!folder) return;
  const statuses = await recordsWhere(app, db, 'folder-status', 'folderModel', folder.model as number);
  const actions = (await recordsWhere(app, db, 'action', 'folder', folderPk)).filter((a) => a.pk !== without);
  const triggers = new Map<number, number | null>();
  for (const a of actions) {
    const model = a.model as number;
    if (!triggers.has(model))
      triggers.set(model, ((await recordOf(app, db, 'action-model', model))?.triggerStatus as number | null) ?? null);
  }
  const status = folderStatus(
    statuses.map((s) => ({ pk: s.pk as number, order: Number(s.order) })),
    actions.map((a) => ({
      done: Boolean(a.done),
      date: (a.date as string | null) ?? null,
      triggerStatus: triggers.get(a.model as number) ?? null,
    })),
    today,
  );
  if (status === (folder.status ?? null)) return;
  const runtime = app.registry.entities.get('folder')!;
  await db
    .updateTable(runtime.schema['x-entity'].table as never)
    .set({ [columnOf(runtime, 'status')]: status } as never)
    .where('pk' as never, '=', folderPk as never)
    .execute();
}

/** A folder's status as answers show it: `{pk, name, color}` or null. */
export async function statusSummary(app: AppContext, db: Db, statusPk: unknown): Promise<ApiRecord | null> {
  const s = await recordOf(app, db, 'folder-status', statusPk);
  return s ? { pk: s.pk, name: s.name, color: s.color, order: s.order } : null;
}
