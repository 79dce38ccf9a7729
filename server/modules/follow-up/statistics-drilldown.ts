import { notFound, type RequestContext } from '../../context';
import { parsePk } from '../../operations/find-one';
import { reachedOrders, statisticsConfig } from './statistics';
import type { StatisticsSelection } from './statistics-query';
import { statusAtOrder } from '../../../engine/follow-up/statistics';

/** At most this many rows in a drill-down: it is read, not exported (the workbook has every action). */
const MAX_ROWS = 1000;

export interface StatusHolder {
  folder: number;
  name: string;
  group: string;
  contact: number | null;
  organization: number | null;
}

export interface ActionDoer {
  action: number;
  folder: number;
  folderName: string;
  group: string;
  date: string | null;
  doneBy: string;
}

/** « Qui a ce statut » (8.12 drill-down): the selection's folders exactly at a status at the end date. */
export async function statusHolders(
  ctx: RequestContext,
  sel: StatisticsSelection,
  statusPk: unknown,
): Promise<{ status: string; folders: StatusHolder[]; truncated: boolean }> {
  const db = ctx.app.database.db;
  const config = await statisticsConfig(ctx, sel);
  const status = config.statuses.find((s) => s.pk === parsePk(statusPk));
  if (!status) throw notFound(ctx);
  const steps = config.statuses.filter((s) => s.folderModel === status.folderModel);
  const rows = await db
    .selectFrom('fac_folder as f')
    .leftJoin(reachedOrders(db, sel.dateEnd).as('r'), 'r.folder', 'f.pk')
    .select(['f.pk', 'f.name', 'f.owning_group', 'f.contact', 'f.organization', 'r.reached'])
    .where('f.model', '=', status.folderModel)
    .where('f.owning_group', 'in', sel.groups.length ? sel.groups.map((g) => g.pk) : [-1])
    .orderBy('f.name')
    .orderBy('f.pk')
    .execute();
  const names = new Map(sel.groups.map((g) => [g.pk, g.name]));
  const at = rows.filter(
    (r) =>
      statusAtOrder(steps, r.reached === null || r.reached === undefined ? null : Number(r.reached))?.pk === status.pk,
  );
  return {
    status: status.name,
    truncated: at.length > MAX_ROWS,
    folders: at.slice(0, MAX_ROWS).map((r) => ({
      folder: r.pk,
      name: r.name ?? `Dossier n° ${r.pk}`,
      group: names.get(r.owning_group as number) ?? '',
      contact: r.contact ?? null,
      organization: r.organization ?? null,
    })),
  };
}

/** « Qui a réalisé cet acte » (8.12 drill-down): the selection's done actions of an act in the range, by date. */
export async function actionDoers(
  ctx: RequestContext,
  sel: StatisticsSelection,
  actionModelPk: unknown,
): Promise<{ actionModel: string; actions: ActionDoer[]; truncated: boolean }> {
  const db = ctx.app.database.db;
  const config = await statisticsConfig(ctx, sel);
  const model = config.actionModels.find((m) => m.pk === parsePk(actionModelPk));
  if (!model) throw notFound(ctx);
  let q = db
    .selectFrom('fac_action as a')
    .innerJoin('fac_folder as f', 'f.pk', 'a.folder')
    .leftJoin('account_user as u', 'u.pk', 'a.done_by')
    .select(['a.pk', 'a.folder', 'f.name', 'a.owning_group', 'a.date', 'u.first_name', 'u.last_name', 'u.email'])
    .where('a.done', '=', 1)
    .where('a.model', '=', model.pk)
    .where('a.owning_group', 'in', sel.groups.length ? sel.groups.map((g) => g.pk) : [-1]);
  if (sel.dateStart) q = q.where('a.date', '>=', sel.dateStart);
  if (sel.dateEnd) q = q.where('a.date', '<=', sel.dateEnd);
  const rows = await q
    .orderBy('a.date')
    .orderBy('a.pk')
    .limit(MAX_ROWS + 1)
    .execute();
  const names = new Map(sel.groups.map((g) => [g.pk, g.name]));
  return {
    actionModel: model.name,
    truncated: rows.length > MAX_ROWS,
    actions: rows.slice(0, MAX_ROWS).map((r) => ({
      action: r.pk,
      folder: r.folder as number,
      folderName: r.name ?? `Dossier n° ${r.folder}`,
      group: names.get(r.owning_group as number) ?? '',
      date: r.date ?? null,
      doneBy: [r.first_name, r.last_name].filter(Boolean).join(' ') || (r.email ?? ''),
    })),
  };
}
