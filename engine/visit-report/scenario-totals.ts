// The figures of a visit report's two scenarios, computed once for the report screen and its PDF
// (docs/visit-report.md): the works each scenario includes, its aids and financings by nature,
// and what is left for the household to pay.

export type ScenarioNature = 'primary' | 'secondary';

export interface MoneyLine {
  nature: string;
  customLabel?: string | null;
  amount: number;
  /** Unticked lines are kept in the report but count in no total (reference 10.6 `selected`). */
  selected?: boolean;
}

export interface ScenarioInput {
  label?: string | null;
  customSummary?: string | null;
  financialAids?: MoneyLine[] | null;
  financings?: MoneyLine[] | null;
}

export interface WorkRecommendationInput {
  category: string;
  nature: string;
  name?: string | null;
  cost: number;
  comment?: string | null;
  selectedScenarioPrimary?: boolean;
  selectedScenarioSecondary?: boolean;
}

export interface ReportFigures {
  workRecommendations?: WorkRecommendationInput[] | null;
  primaryScenario?: ScenarioInput | null;
  secondaryScenario?: ScenarioInput | null;
  isSecondaryScenarioDisplayed?: boolean;
}

export interface ByNature {
  nature: string;
  /** The custom label of the first line of that nature that has one, else null (the caller names the nature). */
  customLabel: string | null;
  amount: number;
}

export interface ScenarioTotals {
  nature: ScenarioNature;
  label: string;
  works: WorkRecommendationInput[];
  worksCost: number;
  aids: ByNature[];
  aidsTotal: number;
  financings: ByNature[];
  financingsTotal: number;
  /** Works cost minus aids, never below 0: what the household finances, by loans or savings. */
  remainingAfterAids: number;
  /** Works cost minus aids and financings, never below 0: what the household pays from its savings. */
  remainingCost: number;
  /** Aids and financings above the works cost (an input to check), 0 when they fit. */
  excess: number;
  /** Share of the works cost the aids cover, 0 to 1 (0 when there are no works). */
  aidsShare: number;
}

/** Whole euros: amounts are integers in the report, but a payload may carry anything. */
function euros(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** Selected lines summed per nature, in the order natures first appear. */
export function byNature(lines: MoneyLine[] | null | undefined): ByNature[] {
  const out = new Map<string, ByNature>();
  for (const line of lines ?? []) {
    if (line.selected === false) continue;
    const found = out.get(line.nature) ?? { nature: line.nature, customLabel: null, amount: 0 };
    found.amount += euros(line.amount);
    if (!found.customLabel && line.customLabel && line.customLabel.trim()) found.customLabel = line.customLabel.trim();
    out.set(line.nature, found);
  }
  return [...out.values()];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function totalsOf(
  nature: ScenarioNature,
  scenario: ScenarioInput | null | undefined,
  works: WorkRecommendationInput[],
): ScenarioTotals {
  const worksCost = sum(works.map((w) => euros(w.cost)));
  const aids = byNature(scenario?.financialAids);
  const financings = byNature(scenario?.financings);
  const aidsTotal = sum(aids.map((a) => a.amount));
  const financingsTotal = sum(financings.map((f) => f.amount));
  return {
    nature,
    label: scenario?.label?.trim() || (nature === 'primary' ? 'Scénario prioritaire' : 'Scénario secondaire'),
    works,
    worksCost,
    aids,
    aidsTotal,
    financings,
    financingsTotal,
    remainingAfterAids: Math.max(0, worksCost - aidsTotal),
    remainingCost: Math.max(0, worksCost - aidsTotal - financingsTotal),
    excess: Math.max(0, aidsTotal + financingsTotal - worksCost),
    aidsShare: worksCost > 0 ? Math.min(1, aidsTotal / worksCost) : 0,
  };
}

/**
 * The primary scenario, then the secondary one unless the report hides it: each with the work
 * recommendations ticked for it (reference 10.5 `selectedScenarioPrimary/Secondary`).
 */
export function scenarioTotals(report: ReportFigures): ScenarioTotals[] {
  const recommendations = report.workRecommendations ?? [];
  const out = [
    totalsOf(
      'primary',
      report.primaryScenario,
      recommendations.filter((w) => w.selectedScenarioPrimary),
    ),
  ];
  if (report.isSecondaryScenarioDisplayed !== false)
    out.push(
      totalsOf(
        'secondary',
        report.secondaryScenario,
        recommendations.filter((w) => w.selectedScenarioSecondary),
      ),
    );
  return out;
}
