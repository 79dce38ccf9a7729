import type { ThermixResponse, TherminixPropositionResult } from '../simulators';

// The figures of a saved heating simulation that a visit report's appendix shows: one line per
// solution (Thermix) or proposition (Therminix), and the cumulated cost over the years when the
// simulator gives it. The same shape for both simulators, so the PDF draws one table and one chart.

export type HeatingSimulator = 'thermix' | 'therminix';

export interface HeatingSolutionFigures {
  name: string;
  /** « chauffage : … ; eau chaude : … ». */
  systems: string;
  /** € over the 20-year period, investment included. */
  periodTotalCost: number;
  /** € of investment (after aids for Thermix). */
  investment: number;
  /** kg CO₂ per year. */
  carbonReport: number;
  /** kWh per year. */
  finalEnergyConsumption: number;
}

export interface HeatingFigures {
  simulator: HeatingSimulator;
  solutions: HeatingSolutionFigures[];
  /** Cumulated cost of each solution, year by year (Thermix only). */
  evolution: { years: string[]; series: { name: string; points: number[] }[] } | null;
  /** Why there is nothing to compare, in French, or null. */
  notice: string | null;
}

const trim = (labels: string[]) => labels.map((l) => l.trim()).join(' + ');

function systemsText(heating: string, hotWater: string): string {
  return [heating && `chauffage : ${heating}`, hotWater && `eau chaude : ${hotWater}`].filter(Boolean).join(' ; ');
}

/** Thermix: the solutions that have a system, numbered as the simulator's screen numbers them. */
export function thermixFigures(response: ThermixResponse): HeatingFigures {
  const shown = response.solutionsResults
    .map((result, position) => ({ result, position }))
    .filter((s) => s.result.systemsResults.length > 0);
  const solutions = shown.map(({ result, position }) => ({
    name: `Solution ${position + 1}`,
    systems: systemsText(trim(result.systemsLabels.heating), trim(result.systemsLabels.hotWater)),
    periodTotalCost: result.periodTotalCost,
    investment: response.periodTotalCostSeries.investment[position] ?? 0,
    carbonReport: result.carbonReport,
    finalEnergyConsumption: result.finalEnergyConsumption,
  }));
  const curves = shown.map(({ position }) => response.periodCostEvolutionSeries[position] ?? []);
  const years = curves[0]?.map((point) => String(point.year)) ?? [];
  return {
    simulator: 'thermix',
    solutions,
    evolution: years.length
      ? {
          years,
          series: solutions.map((s, i) => ({ name: s.name, points: curves[i].map((point) => point.cumulatedCost) })),
        }
      : null,
    notice: solutions.length ? null : "Aucune solution n'a de système de chauffage ou d'eau chaude.",
  };
}

/** Therminix: the propositions by rank. */
export function therminixFigures(result: TherminixPropositionResult): HeatingFigures {
  return {
    simulator: 'therminix',
    solutions: result.propositions.map((p) => ({
      name: `Proposition ${p.rank}`,
      systems: systemsText(
        p.heatingSystem?.label.trim() ?? '',
        p.hotWaterSystem
          ? p.hotWaterSystem.sharedWithHeating
            ? 'le même système'
            : p.hotWaterSystem.label.trim()
          : '',
      ),
      periodTotalCost: p.periodTotalCost,
      investment: p.investment,
      carbonReport: p.carbonReport,
      finalEnergyConsumption: p.finalEnergyConsumption,
    })),
    evolution: null,
    notice: result.propositions.length ? null : result.notice,
  };
}
