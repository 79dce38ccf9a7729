/** The blocks of a scenario's printed summary (reference 10.6 `ScenarioSummary`: a block code and « selected »). */
export const SUMMARY_BLOCKS = ['works', 'financial-aids', 'financings', 'remaining-cost'] as const;
export type SummaryBlock = (typeof SUMMARY_BLOCKS)[number];

/**
 * The blocks of a scenario the PDF prints, in their order: each unless the scenario's `scenarioSummaries`
 * lists it unticked. A report saved before the summaries existed (no list) prints them all, as it did.
 */
export function printedBlocks(scenario: { scenarioSummaries?: unknown } | null | undefined): SummaryBlock[] {
  const list = Array.isArray(scenario?.scenarioSummaries) ? (scenario.scenarioSummaries as unknown[]) : [];
  const unticked = new Set(
    list
      .filter((s): s is { nature: unknown; selected?: unknown } => typeof s === 'object' && s !== null)
      .filter((s) => s.selected === false)
      .map((s) => s.nature),
  );
  return SUMMARY_BLOCKS.filter((b) => !unticked.has(b));
}

/** A consumption list's lines (lighting, auxiliaries) and their total, blank lines left out. */
export function consumptionLines(value: unknown): { lines: { label: string; consumption: number }[]; total: number } {
  const lines = (Array.isArray(value) ? value : [])
    .filter((l): l is { label?: unknown; consumption?: unknown } => typeof l === 'object' && l !== null)
    .map((l) => ({
      label: typeof l.label === 'string' ? l.label.trim() : '',
      consumption: typeof l.consumption === 'number' && Number.isFinite(l.consumption) ? l.consumption : 0,
    }))
    .filter((l) => l.label !== '' || l.consumption !== 0);
  return { lines, total: lines.reduce((sum, l) => sum + l.consumption, 0) };
}
