/**
 * The statistics of a programme (reference file area 8.12), assembled from what SQL counted. The
 * server aggregates (folders per status, actions per act × price × structure, objectives, costs
 * per month); this function only arranges those totals into the answer, so that every rule of
 * the answer is tested here with worked numbers and the database never sends one row per action.
 */

export interface StatsStatus {
  pk: number;
  name: string;
  folderModel: number;
  order: number;
  color: string | null;
}

export interface StatsActionModel {
  pk: number;
  name: string;
  categoryModel: number;
  order: number;
  /** « Activer la répartition des valorisations »: structures with a coefficient below 1 get their own line. */
  coefficientEnabled: boolean;
  /** Its prices (valuation pks). */
  valuations: number[];
}

/** A price, with the name of its valuation type (the line's label). */
export interface StatsValuation {
  pk: number;
  act: boolean;
  amount: number;
  valuationType: number;
  valuationTypeName: string;
  period: number;
}

export interface StatsGroup {
  pk: number;
  name: string;
  coefficient: number;
}

/** The programme's configuration and the selection. */
export interface StatsConfig {
  folderModels: { pk: number; name: string }[];
  statuses: StatsStatus[];
  categories: { pk: number; name: string; folderModel: number; order: number }[];
  actionModels: StatsActionModel[];
  valuations: StatsValuation[];
  /** Valuation types applied by at least one selected structure. */
  valuationTypes: number[];
  /** The selected structures. */
  groups: StatsGroup[];
  /** The selected period (pk and bounds), or null. */
  period: { pk: number; dateStart: string; dateEnd: string } | null;
  /** The range of the counted actions (YYYY-MM-DD, bounds included); null: open. */
  dateStart: string | null;
  dateEnd: string | null;
}

/** What SQL counted. */
export interface StatsFacts {
  /** Folders of the selected structures by model and by the order of the furthest status reached (null: none). */
  folders: { model: number; order: number | null; count: number }[];
  /** Done actions in range, by act, price (null: none) and the folder's structure. */
  actions: { model: number; valuation: number | null; group: number; count: number; hours: number; cost: number }[];
  /** Sums of the selected structures' objectives for the period. */
  statusObjectives: { status: number; count: number }[];
  actionObjectives: { actionModel: number; count: number }[];
  /** Sum of the selected structures' budgets of the programme for the period (null: none). */
  envelope: number | null;
  /** Costs of done actions from the start date to the end date, by month (YYYY-MM). */
  monthlyCosts: { month: string; cost: number }[];
  /** Costs of done actions from the period's start to the day before the start date. */
  costBeforeStart: number;
  /** The last date of a done action counted in `monthlyCosts`, or null. */
  lastActionDate: string | null;
}

export interface StatusFigures {
  pk: number;
  name: string;
  color: string | null;
  /** Folders exactly at this status at the end date (or today). */
  nbStatus: number;
  /** nbStatus × 100 / folders of the model; 0 without folders. */
  percentage: number;
  /** Folders at this status or a later one. */
  nbCumulated: number;
  objective: number | null;
  /** nbCumulated × 100 / objective; null without objective. */
  progression: number | null;
}

export interface ValuationLine {
  /** The valuation type's name, a structure's name (weighted line) or « Non valorisé ». */
  label: string;
  valuation: number | null;
  /** The structure of a weighted line. */
  group: number | null;
  isAct: boolean;
  /** Acts, or hours for an hourly rate. */
  quantity: number;
  unitValorisation: number;
  totalValorisation: number;
}

export interface ActionFigures {
  model: number;
  name: string;
  total: number;
  objective: number | null;
  progression: number | null;
  lines: ValuationLine[];
}

export interface CategoryFigures {
  pk: number;
  name: string;
  totalActions: number;
  objective: number | null;
  progression: number | null;
  totalExpenses: number;
  actions: ActionFigures[];
}

export interface FolderModelFigures {
  pk: number;
  name: string;
  folders: number;
  totalExpenses: number;
  hasStatusObjectives: boolean;
  hasActionObjectives: boolean;
  statuses: StatusFigures[];
  categories: CategoryFigures[];
}

export interface BudgetTracking {
  /** End of each month from the start date's, then the last action's date: costs since the period's start. */
  graphData: { date: string; cumulatedExpenses: number }[];
  totalEnvelope: number;
  /** Costs from the period's start to the end date. */
  totalExpenses: number;
  /** The same from the start date. */
  expensesInSelectedTimeLapse: number;
  periodStart: string;
  periodEnd: string;
  /** totalExpenses × 100 / totalEnvelope; 0 without envelope. */
  percentExpenses: number;
}

export interface ProgrammeStatistics {
  dateStart: string | null;
  dateEnd: string | null;
  folderModels: FolderModelFigures[];
  budgetTracking: BudgetTracking | null;
}

export const NOT_VALUED = 'Non valorisé';

const cents = (x: number): number => Math.round((x + Number.EPSILON) * 100) / 100;
const percent = (part: number, whole: number | null): number | null =>
  whole ? Math.round((part * 10000) / whole) / 100 : null;
const byOrder = <T extends { order: number; pk: number }>(a: T, b: T) => a.order - b.order || a.pk - b.pk;

/**
 * The range of counted actions (8.12): with a period, the asked dates clamped inside it (start =
 * max(period start, asked start), end = min(period end, asked end)); without, the asked dates.
 */
export function statisticsRange(
  period: { dateStart: string; dateEnd: string } | null,
  askedStart: string | null,
  askedEnd: string | null,
): { dateStart: string | null; dateEnd: string | null } {
  if (!period) return { dateStart: askedStart, dateEnd: askedEnd };
  return {
    dateStart: askedStart && askedStart > period.dateStart ? askedStart : period.dateStart,
    dateEnd: askedEnd && askedEnd < period.dateEnd ? askedEnd : period.dateEnd,
  };
}

/**
 * The status of a folder whose done actions reached statuses up to `order` (8.9): of equal
 * orders, the one the (order, pk) sort puts last; nothing reached (null) → the model's first.
 */
export function statusAtOrder<T extends { pk: number; order: number }>(
  steps: T[],
  order: number | null,
): T | undefined {
  const sorted = [...steps].sort(byOrder);
  return order === null ? sorted[0] : sorted.filter((s) => s.order === order).pop();
}

/** Statuses of a model with their counts: a folder counts once at its status, cumulated in the earlier ones. */
function statusFigures(config: StatsConfig, facts: StatsFacts, model: number): StatusFigures[] {
  const steps = config.statuses.filter((s) => s.folderModel === model).sort(byOrder);
  const counts = new Map<number, number>();
  for (const f of facts.folders.filter((x) => x.model === model)) {
    const at = statusAtOrder(steps, f.order);
    if (at) counts.set(at.pk, (counts.get(at.pk) ?? 0) + f.count);
  }
  const folders = facts.folders.filter((x) => x.model === model).reduce((s, x) => s + x.count, 0);
  let later = 0;
  const out: StatusFigures[] = [];
  for (const s of [...steps].reverse()) {
    const nbStatus = counts.get(s.pk) ?? 0;
    later += nbStatus;
    const objective = objectiveOf(facts.statusObjectives, (o) => o.status === s.pk);
    out.unshift({
      pk: s.pk,
      name: s.name,
      color: s.color,
      nbStatus,
      percentage: percent(nbStatus, folders) ?? 0,
      nbCumulated: later,
      objective,
      progression: percent(later, objective),
    });
  }
  return out;
}

function objectiveOf<T extends { count: number }>(list: T[], match: (o: T) => boolean): number | null {
  const found = list.filter(match);
  return found.length ? found.reduce((s, o) => s + o.count, 0) : null;
}

/**
 * The valuation lines of an act (8.12): one per price of a valuation type the selection applies
 * (and of the period, when one is chosen); for a model with « répartition », one more per selected
 * structure whose coefficient is below 1, with the weighted unit amount (only those when that
 * structure alone is selected); « Non valorisé » for done actions without a price; one empty line
 * when there is nothing at all. Counted actions whose price is not among those lines (a price
 * since removed from the model) get a line of their own, so that lines always add up to the total.
 */
function valuationLines(config: StatsConfig, facts: StatsFacts, model: StatsActionModel): ValuationLine[] {
  const weighted = new Map(
    config.groups.filter((g) => model.coefficientEnabled && g.coefficient < 1).map((g) => [g.pk, g]),
  );
  const onlyWeighted = config.groups.length === 1 && weighted.size === 1;
  const prices = new Map(config.valuations.map((v) => [v.pk, v]));
  const plain: ValuationLine[] = [];
  const byGroup: ValuationLine[] = [];
  const line = (v: StatsValuation, group: StatsGroup | null): ValuationLine => ({
    label: group ? group.name : v.valuationTypeName,
    valuation: v.pk,
    group: group?.pk ?? null,
    isAct: v.act,
    quantity: 0,
    unitValorisation: cents(v.amount * (group ? group.coefficient : 1)),
    totalValorisation: 0,
  });
  for (const pk of model.valuations) {
    const v = prices.get(pk);
    if (!v || !config.valuationTypes.includes(v.valuationType)) continue;
    if (config.period && v.period !== config.period.pk) continue;
    if (!onlyWeighted) plain.push(line(v, null));
    for (const g of weighted.values()) byGroup.push(line(v, g));
  }
  const lines = [...plain, ...byGroup];
  let notValued: ValuationLine | null = null;
  for (const a of facts.actions.filter((x) => x.model === model.pk)) {
    const group = weighted.get(a.group) ?? null;
    let target = lines.find((l) => l.valuation === a.valuation && l.group === (group?.pk ?? null));
    if (!target && a.valuation === null) {
      notValued ??= {
        label: NOT_VALUED,
        valuation: null,
        group: null,
        isAct: true,
        quantity: 0,
        unitValorisation: 0,
        totalValorisation: 0,
      };
      target = notValued;
    }
    if (!target) {
      const v = prices.get(a.valuation!);
      target = v
        ? line(v, group)
        : {
            label: NOT_VALUED,
            valuation: a.valuation,
            group: null,
            isAct: true,
            quantity: 0,
            unitValorisation: 0,
            totalValorisation: 0,
          };
      lines.push(target);
    }
    target.quantity += target.isAct ? a.count : a.hours;
    target.totalValorisation = cents(target.totalValorisation + a.cost);
  }
  if (notValued) lines.push(notValued);
  for (const l of lines) l.quantity = Math.round(l.quantity * 100) / 100;
  if (!lines.length)
    lines.push({
      label: '',
      valuation: null,
      group: null,
      isAct: true,
      quantity: 0,
      unitValorisation: 0,
      totalValorisation: 0,
    });
  return lines;
}

function categoryFigures(config: StatsConfig, facts: StatsFacts, model: number): CategoryFigures[] {
  return config.categories
    .filter((c) => c.folderModel === model)
    .sort(byOrder)
    .map((c) => {
      const actions = config.actionModels
        .filter((m) => m.categoryModel === c.pk)
        .sort(byOrder)
        .map((m): ActionFigures => {
          const total = facts.actions.filter((a) => a.model === m.pk).reduce((s, a) => s + a.count, 0);
          const objective = objectiveOf(facts.actionObjectives, (o) => o.actionModel === m.pk);
          return {
            model: m.pk,
            name: m.name,
            total,
            objective,
            progression: percent(total, objective),
            lines: valuationLines(config, facts, m),
          };
        });
      const totalActions = actions.reduce((s, a) => s + a.total, 0);
      const withObjective = actions.filter((a) => a.objective !== null);
      const objective = withObjective.length ? withObjective.reduce((s, a) => s + a.objective!, 0) : null;
      const totalExpenses = cents(
        actions.reduce((s, a) => s + a.lines.reduce((t, l) => t + l.totalValorisation, 0), 0),
      );
      return {
        pk: c.pk,
        name: c.name,
        totalActions,
        objective,
        progression: percent(totalActions, objective),
        totalExpenses,
        actions,
      };
    });
}

function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Budget tracking (8.12), only with a period and an envelope: the costs since the period's start
 * at the end of each month from the start date's month, up to the last action's date (a last
 * point on that date), and the totals since the period's start and since the start date.
 */
export function budgetTracking(config: StatsConfig, facts: StatsFacts): BudgetTracking | null {
  if (!config.period || facts.envelope === null) return null;
  const start = config.dateStart ?? config.period.dateStart;
  const startMonth = start.slice(0, 7);
  const before = cents(facts.costBeforeStart);
  const totalExpenses = cents(facts.monthlyCosts.reduce((s, m) => s + m.cost, before));
  const graphData: BudgetTracking['graphData'] = [];
  if (facts.lastActionDate && facts.lastActionDate >= start) {
    const lastMonth = facts.lastActionDate.slice(0, 7);
    let running = before;
    for (let month = startMonth; month <= lastMonth; month = nextMonth(month)) {
      running = cents(running + (facts.monthlyCosts.find((m) => m.month === month)?.cost ?? 0));
      const date = month === lastMonth ? facts.lastActionDate : lastDayOfMonth(month);
      graphData.push({ date, cumulatedExpenses: running });
    }
  }
  return {
    graphData,
    totalEnvelope: facts.envelope,
    totalExpenses,
    expensesInSelectedTimeLapse: cents(totalExpenses - before),
    periodStart: config.period.dateStart,
    periodEnd: config.period.dateEnd,
    percentExpenses: percent(totalExpenses, facts.envelope) ?? 0,
  };
}

/** The statistics answer of a programme (8.12) from its configuration and the SQL totals. */
export function programmeStatistics(config: StatsConfig, facts: StatsFacts): ProgrammeStatistics {
  const folderModels = [...config.folderModels]
    .sort((a, b) => a.pk - b.pk)
    .map((m): FolderModelFigures => {
      const statuses = statusFigures(config, facts, m.pk);
      const categories = categoryFigures(config, facts, m.pk);
      return {
        pk: m.pk,
        name: m.name,
        folders: facts.folders.filter((f) => f.model === m.pk).reduce((s, f) => s + f.count, 0),
        totalExpenses: cents(categories.reduce((s, c) => s + c.totalExpenses, 0)),
        hasStatusObjectives: statuses.some((s) => s.objective !== null),
        hasActionObjectives: categories.some((c) => c.actions.some((a) => a.objective !== null)),
        statuses,
        categories,
      };
    });
  return {
    dateStart: config.dateStart,
    dateEnd: config.dateEnd,
    folderModels,
    budgetTracking: budgetTracking(config, facts),
  };
}
