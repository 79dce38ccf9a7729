import type { ReferenceData } from '../reference/types';
import { buildContext } from './context';
import { computeSolution, type SolutionComputation } from './compute-solution';
import { metropoleRequiredEnergyProduction } from './metropole-requirement';
import type { ComputeOptions, ThermixRequest } from './request-types';
import type { ThermixResponse, ThermixSolutionResult, ThermixSystemResult } from './result-types';
import { yearlyEnergiesPricesSeries } from './yearly-prices';

/**
 * Results of the heating and hot-water simulator (reference/simulators.md). Pure: the reference
 * data comes from the caller and the current year from the options (clock year by default).
 * Throws UnknownProductionSystemError when an entry names a system absent from the data.
 */
export function computeResults(
  request: ThermixRequest,
  data: ReferenceData,
  options: ComputeOptions = {},
): ThermixResponse {
  const ctx = buildContext(request, data);
  const computations = request.solutions.map((solution, position) =>
    computeSolution(ctx, solution, `/solutions/${position}`),
  );
  return {
    solutionsResults: computations.map(solutionResult),
    periodTotalCostSeries: {
      combustibleCost: computations.map((c) => c.totals.combustibleCost),
      maintenanceCost: computations.map((c) => c.totals.maintenanceCost),
      provisionsCost: computations.map((c) => c.totals.provisionsCost),
      investment: computations.map((c) => c.totals.investment),
      periodTotalCostWithoutSolar: computations.map((c) => c.periodTotalCostWithoutSolar),
      financialSupportAmount: computations.map((c) => c.totals.financialSupportAmount),
    },
    periodCostEvolutionSeries: computations.map((c) => c.evolution),
    environmentalIndicatorsSeries: {
      totalRenewableProduction: computations.map((c) => c.indicators.totalRenewableProduction),
      renewableHeatingProduction: computations.map((c) => c.indicators.renewableHeatingProduction),
      renewableHeatingProductionWithoutNetwork: computations.map(
        (c) => c.indicators.renewableHeatingProductionWithoutNetwork,
      ),
      renewableHeatingProductionNetworkOnly: computations.map(
        (c) => c.indicators.renewableHeatingProductionNetworkOnly,
      ),
      totalRenewableProductionWithoutNetwork: computations.map(
        (c) => c.indicators.totalRenewableProductionWithoutNetwork,
      ),
      renewableElectricity: computations.map((c) => c.indicators.renewableElectricity),
      primaryEnergyConsumption: computations.map((c) => c.indicators.primaryEnergyConsumption),
      carbonReport: computations.map((c) => c.indicators.carbonReport),
      // Filled, unlike the reference's always-empty array.
      carbonReportKmEquivalent: computations.map((c) => c.indicators.carbonReportKmEquivalent),
    },
    yearlyEnergiesPricesSeries: yearlyEnergiesPricesSeries(data, {
      currentYear: options.currentYear ?? new Date().getFullYear(),
      isMultiUnit: ctx.housing.isMultiUnit,
      metroGrenoble: request.metroGrenoble,
    }),
    metroGrenobleRequiredEnergyProd: metropoleRequiredEnergyProduction(request.metroGrenoble),
    needs: request.needs,
    metroGrenoble: request.metroGrenoble ?? null,
  };
}

function solutionResult(computation: SolutionComputation): ThermixSolutionResult {
  const { systems, totals, indicators } = computation;
  return {
    systemsLabels: systemsLabels(systems),
    systemsResults: systems,
    renewableHeatingProductionRatio: indicators.renewableHeatingProductionRatio,
    renewableProductionRatio: indicators.renewableProductionRatio,
    periodTotalCost: totals.overallTotal,
    periodTotalCostByYear: totals.overallTotalByYear,
    primaryEnergyConsumption: indicators.primaryEnergyConsumption,
    finalEnergyConsumption: indicators.finalEnergyConsumption,
    carbonReport: indicators.carbonReport,
    carbonReportKmEquivalent: indicators.carbonReportKmEquivalent,
    uncoveredNeeds: computation.uncoveredNeeds,
  };
}

function systemsLabels(systems: readonly ThermixSystemResult[]): ThermixSolutionResult['systemsLabels'] {
  const labels: ThermixSolutionResult['systemsLabels'] = { heating: [], hotWater: [] };
  for (const system of systems) (system.type === 'heating' ? labels.heating : labels.hotWater).push(system.label);
  return labels;
}
