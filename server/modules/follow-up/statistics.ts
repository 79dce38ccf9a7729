import { sql, type Kysely } from 'kysely';
import type { RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';
import type { ApiRecord } from '../../db/row-mapper';
import { allRecords, type StatisticsSelection } from './statistics-query';
import { parisDate } from '../../../engine/time/paris-time';
import {
  programmeStatistics,
  type ProgrammeStatistics,
  type StatsConfig,
  type StatsFacts,
} from '../../../engine/follow-up/statistics';

type Db = Kysely<AppDatabase>;

export interface StatisticsAnswer extends ProgrammeStatistics {
  project: { pk: number; name: string };
  period: { pk: number; name: string; dateStart: string; dateEnd: string } | null;
  groups: { pk: number; name: string }[];
}

const num = (v: unknown): number => Number(v ?? 0) || 0;
const pkList = (v: unknown): number[] => (Array.isArray(v) ? (v as number[]) : []);

/** The programme's configuration (a few hundred rows at most), read as records. */
export async function statisticsConfig(ctx: RequestContext, sel: StatisticsSelection): Promise<StatsConfig> {
  const db = ctx.app.database.db;
  const all = async (entity: string) => allRecords(ctx, db, entity);
  const folderModels = (await all('folder-model')).filter((m) => m.project === sel.project.pk);
  const modelPks = folderModels.map((m) => m.pk as number);
  const categories = (await all('category-model')).filter((c) => modelPks.includes(c.folderModel as number));
  const categoryPks = categories.map((c) => c.pk as number);
  const types = (await all('valuation-type')).filter((t) => sel.project.valuationTypes.includes(t.pk as number));
  const selected = sel.groups.map((g) => g.pk);
  return {
    folderModels: folderModels.map((m) => ({ pk: m.pk as number, name: String(m.name ?? '') })),
    statuses: (await all('folder-status'))
      .filter((s) => modelPks.includes(s.folderModel as number))
      .map((s) => ({
        pk: s.pk as number,
        name: String(s.name ?? ''),
        folderModel: s.folderModel as number,
        order: num(s.order),
        color: (s.color as string | null) ?? null,
      })),
    categories: categories.map((c) => ({
      pk: c.pk as number,
      name: String(c.name ?? ''),
      folderModel: c.folderModel as number,
      order: num(c.order),
    })),
    actionModels: (await all('action-model'))
      .filter((m) => categoryPks.includes(m.categoryModel as number))
      .map((m) => ({
        pk: m.pk as number,
        name: String(m.name ?? ''),
        categoryModel: m.categoryModel as number,
        order: num(m.order),
        coefficientEnabled: m.coefficientEnabled === true,
        valuations: pkList(m.valuations),
      })),
    valuations: (await all('valuation')).map((v: ApiRecord) => ({
      pk: v.pk as number,
      act: v.act === true,
      amount: num(v.amount),
      valuationType: v.valuationType as number,
      valuationTypeName: String(types.find((t) => t.pk === v.valuationType)?.name ?? ''),
      period: v.period as number,
    })),
    valuationTypes: types.filter((t) => pkList(t.groups).some((g) => selected.includes(g))).map((t) => t.pk as number),
    groups: sel.groups,
    period: sel.period,
    dateStart: sel.dateStart,
    dateEnd: sel.dateEnd,
  };
}

/**
 * Per folder of the programme's models, the order of the furthest status its done actions reached
 * on or before `dateEnd` (rule 8.9 in SQL: the status at a date, without reading the folders' actions).
 * Without an end date, on or before today (Paris), as the folder's stored status: an act dated ahead
 * counts from its day on.
 */
export function reachedOrders(db: Db, dateEnd: string | null, today: string = parisDate(Date.now())) {
  let q = db
    .selectFrom('fac_action as a')
    .innerJoin('fac_action_model as m', 'm.pk', 'a.model')
    .innerJoin('fac_status as s', 's.pk', 'm.trigger_status')
    .select(['a.folder as folder', (eb) => eb.fn.max('s.order').as('reached')])
    .where('a.done', '=', 1)
    .groupBy('a.folder');
  return q.where('a.date', '<=', dateEnd ?? today);
}

/** Done actions of the selection's structures in the range, restricted to some acts. */
function doneActions(db: Db, sel: StatisticsSelection, actionModels: number[], from: string | null, to: string | null) {
  let q = db
    .selectFrom('fac_action')
    .where('done', '=', 1)
    .where('model', 'in', actionModels.length ? actionModels : [-1])
    // An action's structure is its folder's (set by the server on create), so no join is needed.
    .where('owning_group', 'in', sel.groups.length ? sel.groups.map((g) => g.pk) : [-1]);
  if (from) q = q.where('date', '>=', from);
  if (to) q = q.where('date', '<=', to);
  return q;
}

/** What the statistics count, aggregated by the database (one row per group of the answer, never per action). */
export async function statisticsFacts(
  ctx: RequestContext,
  sel: StatisticsSelection,
  config: StatsConfig,
): Promise<StatsFacts> {
  const db = ctx.app.database.db;
  const groups = sel.groups.length ? sel.groups.map((g) => g.pk) : [-1];
  const models = config.folderModels.map((m) => m.pk);
  const acts = config.actionModels.map((m) => m.pk);
  const folders = models.length
    ? await db
        .selectFrom('fac_folder as f')
        .leftJoin(reachedOrders(db, sel.dateEnd).as('r'), 'r.folder', 'f.pk')
        .select(['f.model as model', 'r.reached as reached', (eb) => eb.fn.countAll().as('count')])
        .where('f.model', 'in', models)
        .where('f.owning_group', 'in', groups)
        .groupBy(['f.model', 'r.reached'])
        .execute()
    : [];
  const actions = await doneActions(db, sel, acts, sel.dateStart, sel.dateEnd)
    .select([
      'model',
      'valuation',
      'owning_group',
      (eb) => eb.fn.countAll().as('count'),
      (eb) => eb.fn.sum(eb.fn.coalesce('duration', sql.lit(0))).as('hours'),
      (eb) => eb.fn.sum(eb.fn.coalesce('cost', sql.lit(0))).as('cost'),
    ])
    .groupBy(['model', 'valuation', 'owning_group'])
    .execute();
  const statusPks = config.statuses.map((s) => s.pk);
  const statusObjectives =
    sel.period && statusPks.length
      ? await db
          .selectFrom('fac_objective_status')
          .select(['status', (eb) => eb.fn.sum('nb_statuses').as('count')])
          .where('period', '=', sel.period.pk)
          .where('group', 'in', groups)
          .where('status', 'in', statusPks)
          .groupBy('status')
          .execute()
      : [];
  const actionObjectives =
    sel.period && acts.length
      ? await db
          .selectFrom('fac_objective_action')
          .select(['action_model', (eb) => eb.fn.sum('nb_actions').as('count')])
          .where('period', '=', sel.period.pk)
          .where('group', 'in', groups)
          .where('action_model', 'in', acts)
          .groupBy('action_model')
          .execute()
      : [];
  const budget = sel.period
    ? await db
        .selectFrom('fac_budget')
        .select([(eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('total_envelope').as('envelope')])
        .where('project', '=', sel.project.pk)
        .where('period', '=', sel.period.pk)
        .where('group', 'in', groups)
        .executeTakeFirst()
    : undefined;
  const tracked = Boolean(sel.period && budget && num(budget.n) > 0);
  const start = sel.dateStart ?? sel.period?.dateStart ?? null;
  const month = sql<string>`substr(${sql.ref('date')}, 1, 7)`;
  const monthly = tracked
    ? await doneActions(db, sel, acts, start, sel.dateEnd)
        .select([month.as('month'), (eb) => eb.fn.sum(eb.fn.coalesce('cost', sql.lit(0))).as('cost')])
        .groupBy(month)
        .execute()
    : [];
  const before =
    tracked && start && start > sel.period!.dateStart
      ? await doneActions(db, sel, acts, sel.period!.dateStart, null)
          .where('date', '<', start)
          .select((eb) => eb.fn.sum(eb.fn.coalesce('cost', sql.lit(0))).as('cost'))
          .executeTakeFirst()
      : undefined;
  const last = tracked
    ? await doneActions(db, sel, acts, start, sel.dateEnd)
        .select((eb) => eb.fn.max('date').as('last'))
        .executeTakeFirst()
    : undefined;
  return {
    folders: folders.map((f) => ({
      model: f.model as number,
      order: f.reached === null || f.reached === undefined ? null : num(f.reached),
      count: num(f.count),
    })),
    actions: actions.map((a) => ({
      model: a.model as number,
      valuation: a.valuation ?? null,
      group: a.owning_group as number,
      count: num(a.count),
      hours: num(a.hours),
      cost: num(a.cost),
    })),
    statusObjectives: statusObjectives.map((o) => ({ status: o.status as number, count: num(o.count) })),
    actionObjectives: actionObjectives.map((o) => ({ actionModel: o.action_model as number, count: num(o.count) })),
    envelope: tracked ? num(budget!.envelope) : null,
    monthlyCosts: monthly.map((m) => ({ month: String(m.month), cost: num(m.cost) })),
    costBeforeStart: num(before?.cost),
    lastActionDate: (last?.last as string | null | undefined) ?? null,
  };
}

/** The statistics of a checked selection (reference 8.12). */
export async function programmeStatisticsOf(ctx: RequestContext, sel: StatisticsSelection): Promise<StatisticsAnswer> {
  const config = await statisticsConfig(ctx, sel);
  const facts = await statisticsFacts(ctx, sel, config);
  return {
    project: { pk: sel.project.pk, name: sel.project.name },
    period: sel.period,
    groups: sel.groups.map((g) => ({ pk: g.pk, name: g.name })),
    ...programmeStatistics(config, facts),
  };
}
