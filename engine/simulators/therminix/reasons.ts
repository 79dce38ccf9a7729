import { formatNumberFr, formatPercentFr } from '../shared/format-fr';
import type { ThermixSolutionResult } from '../thermix/result-types';

const euros = (value: number) => `${formatNumberFr(Math.round(value), 0)}\u00a0€`;
const kgCo2 = (value: number) => `${formatNumberFr(Math.round(value), 0)}\u00a0kg de CO₂`;

export interface ReasonContext {
  result: ThermixSolutionResult;
  rank: number;
  cheapest: number;
  consideredCount: number;
  isLowestCarbon: boolean;
  shared: boolean;
  baseline: ThermixSolutionResult | null;
}

/** Why a solution is proposed, in French, from its figures and how they compare. */
export function propositionReasons(context: ReasonContext): string[] {
  const { result } = context;
  const reasons: string[] = [];
  reasons.push(
    context.rank === 1
      ? `Coût global sur 20 ans le plus bas des ${context.consideredCount} combinaisons étudiées : ` +
          `${euros(result.periodTotalCost)}.`
      : `Coût global sur 20 ans : ${euros(result.periodTotalCost)}, ` +
          `soit ${euros(result.periodTotalCost - context.cheapest)} de plus que la solution la moins chère.`,
  );
  reasons.push(
    context.isLowestCarbon
      ? `Émissions les plus faibles des combinaisons étudiées : ${kgCo2(result.carbonReport)} par an.`
      : `Émissions : ${kgCo2(result.carbonReport)} par an.`,
  );
  reasons.push(`Part d'énergie renouvelable : ${formatPercentFr(result.renewableProductionRatio, 0)}.`);
  if (context.shared) reasons.push("Le même appareil produit le chauffage et l'eau chaude sanitaire.");
  if (context.baseline) reasons.push(...comparisonWithBaseline(result, context.baseline));
  return reasons;
}

function comparisonWithBaseline(result: ThermixSolutionResult, baseline: ThermixSolutionResult): string[] {
  const costDifference = baseline.periodTotalCost - result.periodTotalCost;
  const sentences = [
    costDifference >= 0
      ? `Sur 20 ans, ${euros(costDifference)} de moins que votre installation actuelle, investissement compris.`
      : `Sur 20 ans, ${euros(-costDifference)} de plus que votre installation actuelle, investissement compris.`,
  ];
  if (baseline.carbonReport > 0) {
    const change = (result.carbonReport - baseline.carbonReport) / baseline.carbonReport;
    sentences.push(
      change <= 0
        ? `Émissions réduites de ${formatPercentFr(-change, 0)} par rapport à votre installation actuelle.`
        : `Émissions augmentées de ${formatPercentFr(change, 0)} par rapport à votre installation actuelle.`,
    );
  }
  return sentences;
}
