/** A status of a folder model (reference file area 3.3): higher order = further in the journey. */
export interface StatusStep {
  pk: number;
  order: number;
}

/** What the status computation needs of one of the folder's actions. */
export interface ActionMilestone {
  done: boolean;
  /** YYYY-MM-DD; a done action always has one (the lifecycle dates it). */
  date: string | null;
  /** The action model's trigger status (pk), if any. */
  triggerStatus: number | null;
}

/**
 * The status of a folder at a date (reference 8.9): among the statuses triggered by its actions
 * done on or before `at`, the furthest (highest order); none triggered → the model's first
 * status; a model without statuses → null. Statuses are cumulative milestones: reaching one
 * implies the earlier ones. Ties on `order` are broken by pk, so the answer never depends on
 * the order rows come from the database.
 */
export function folderStatus(statuses: StatusStep[], actions: ActionMilestone[], at?: string): number | null {
  if (!statuses.length) return null;
  const byStep = [...statuses].sort((a, b) => a.order - b.order || a.pk - b.pk);
  const reached = new Set(
    actions
      .filter((a) => a.done && a.triggerStatus !== null && (at === undefined || (a.date !== null && a.date <= at)))
      .map((a) => a.triggerStatus),
  );
  const furthest = byStep.filter((s) => reached.has(s.pk)).pop();
  return (furthest ?? byStep[0]).pk;
}
