import { productionSystemByIdentifier } from '../reference/production-system-lookup';
import { multiUnitSizeClass } from '../reference/size-class';
import type { HousingProfile } from '../reference/system-defaults';
import type { ProductionSystem, ReferenceData } from '../reference/types';
import { DEFAULT_THERMAL_SOLAR_PROD_BY_M2 } from '../thermix/constants';
import { computeResults } from '../thermix/compute-results';
import type { ThermixRequest, ThermixSolution } from '../thermix/request-types';
import type { ThermixSolutionResult } from '../thermix/result-types';
import { buildCandidates, candidateSolution, type Candidate } from './candidates';
import { TherminixInvalidPropositionError } from './errors';
import { hotWaterApplies } from './hot-water-applies';
import { propositionReasons } from './reasons';
import type { TherminixInput, TherminixOptions, TherminixProposition, TherminixPropositionResult } from './types';
import { validateTherminixProposition } from './validate-proposition';

const DEFAULT_MAX_PROPOSITIONS = 3;
const DEFAULT_DWELLINGS = 15;

interface Costed {
  candidate: Candidate;
  result: ThermixSolutionResult;
}

/**
 * Therminix proposition: every sensible combination of systems for the housing and project is costed
 * with the thermix calculation (table defaults, current prices), the best combination of each heating
 * system is kept, and the cheapest over 20 years are proposed, plus the lowest-carbon one when it is
 * not among them. Throws TherminixInvalidPropositionError when the informations step is not valid.
 */
export function proposeTherminix(
  input: TherminixInput,
  data: ReferenceData,
  options: TherminixOptions = {},
): TherminixPropositionResult {
  const errors = validateTherminixProposition(input, data);
  if (errors.length > 0) throw new TherminixInvalidPropositionError(errors);

  const isMultiUnit = input.housingType === 'multi_unit';
  const dwellingsNumber = isMultiUnit ? (input.dwellingsNumber ?? DEFAULT_DWELLINGS) : null;
  const housing: HousingProfile = {
    isMultiUnit,
    sizeClass: multiUnitSizeClass(input.housingType, dwellingsNumber),
    dwellingsNumber,
  };
  const needs = { heating: input.heatingNeeds ?? 0, hotWater: hotWaterApplies(input) ? (input.hotWaterNeeds ?? 0) : 0 };
  const empty: TherminixPropositionResult = {
    propositions: [],
    baseline: null,
    consideredCount: 0,
    needs,
    notice: null,
  };
  if (needs.heating <= 0 && needs.hotWater <= 0) {
    return {
      ...empty,
      notice: "Indiquez vos besoins de chauffage ou d'eau chaude sanitaire pour obtenir des propositions chiffrées.",
    };
  }

  const candidates = buildCandidates(data, housing, { heating: needs.heating > 0, hotWater: needs.hotWater > 0 });
  const baselineSolution = baselineOf(input, data, needs);
  const currentYear = options.currentYear ?? new Date().getFullYear();
  const request: ThermixRequest = {
    year: options.year ?? currentYear,
    thermalSolarProdByM2: options.thermalSolarProdByM2 ?? DEFAULT_THERMAL_SOLAR_PROD_BY_M2,
    needs: { ...needs, housingCategory: input.housingType, dwellingsNumber },
    solutions: [...candidates.map((candidate) => candidate.solution), ...(baselineSolution ? [baselineSolution] : [])],
  };
  const response = computeResults(request, data, { currentYear });
  const costed: Costed[] = candidates.map((candidate, position) => ({
    candidate,
    result: response.solutionsResults[position],
  }));
  const baseline = baselineSolution ? response.solutionsResults[candidates.length] : null;
  if (costed.length === 0) return { ...empty, notice: 'Aucun système de notre base ne correspond à ce logement.' };

  const ranked = bestPerHeatingSystem(costed).sort(byCostThenCarbon);
  const lowestCarbon = [...ranked].sort(
    (a, b) => a.result.carbonReport - b.result.carbonReport || byCostThenCarbon(a, b),
  )[0];
  const chosen = ranked.slice(0, Math.max(1, options.maxPropositions ?? DEFAULT_MAX_PROPOSITIONS));
  if (!chosen.includes(lowestCarbon)) chosen.push(lowestCarbon);

  return {
    propositions: chosen.map((item) => proposition(item, ranked, lowestCarbon, costed.length, baseline)),
    baseline: baseline && {
      heatingSystem: describe(systemOf(data, input.heatingSystem)),
      hotWaterSystem: describe(needs.hotWater > 0 ? systemOf(data, input.hotWaterSystem) : null),
      periodTotalCost: baseline.periodTotalCost,
      carbonReport: baseline.carbonReport,
    },
    consideredCount: costed.length,
    needs,
    notice: null,
  };
}

function byCostThenCarbon(a: Costed, b: Costed): number {
  return a.result.periodTotalCost - b.result.periodTotalCost || a.result.carbonReport - b.result.carbonReport;
}

/** Keeps, for each heating system, its cheapest way of producing hot water, so propositions differ. */
function bestPerHeatingSystem(costed: readonly Costed[]): Costed[] {
  const best = new Map<number | string, Costed>();
  for (const item of costed) {
    const key = item.candidate.heating?.id ?? `water:${item.candidate.hotWater?.id}`;
    const known = best.get(key);
    if (!known || byCostThenCarbon(item, known) < 0) best.set(key, item);
  }
  return [...best.values()];
}

function proposition(
  item: Costed,
  ranked: readonly Costed[],
  lowestCarbon: Costed,
  consideredCount: number,
  baseline: ThermixSolutionResult | null,
): TherminixProposition {
  const { candidate, result } = item;
  const rank = ranked.indexOf(item) + 1;
  const highlights: TherminixProposition['highlights'] = [];
  if (rank === 1) highlights.push('lowestCost');
  if (item === lowestCarbon) highlights.push('lowestCarbon');
  return {
    rank,
    heatingSystem: describe(candidate.heating),
    hotWaterSystem: candidate.hotWater && { ...describe(candidate.hotWater)!, sharedWithHeating: candidate.shared },
    periodTotalCost: result.periodTotalCost,
    periodTotalCostByYear: result.periodTotalCostByYear,
    investment: result.systemsResults.reduce((sum, system) => sum + system.estimatedInvestment, 0),
    carbonReport: result.carbonReport,
    finalEnergyConsumption: result.finalEnergyConsumption,
    primaryEnergyConsumption: result.primaryEnergyConsumption,
    renewableProductionRatio: result.renewableProductionRatio,
    highlights,
    reasons: propositionReasons({
      result,
      rank,
      cheapest: ranked[0].result.periodTotalCost,
      consideredCount,
      isLowestCarbon: item === lowestCarbon,
      shared: candidate.shared,
      baseline,
    }),
    solution: candidate.solution,
  };
}

function systemOf(data: ReferenceData, identifier: string | null | undefined): ProductionSystem | null {
  return identifier ? (productionSystemByIdentifier(data, identifier) ?? null) : null;
}

function describe(system: ProductionSystem | null) {
  return system ? { identifier: system.identifier, label: system.label.trim() } : null;
}

/**
 * The declared installation, kept as it is: for a renovation the appliances exist, so no investment;
 * for a new building the declared systems are what would be installed, so the table investment applies.
 */
function baselineOf(
  input: TherminixInput,
  data: ReferenceData,
  needs: { heating: number; hotWater: number },
): ThermixSolution | null {
  const heating = needs.heating > 0 ? systemOf(data, input.heatingSystem) : null;
  const hotWater = needs.hotWater > 0 ? systemOf(data, input.hotWaterSystem) : null;
  if (!heating && !hotWater) return null;
  const shared = heating !== null && hotWater !== null && heating.id === hotWater.id;
  const solution = candidateSolution(heating, hotWater, shared);
  if (input.renovationType !== 'new_building') {
    for (const entry of [...(solution.heatingSystems ?? []), ...(solution.hotWaterSystems ?? [])])
      entry.estimatedInvestment = 0;
  }
  return solution;
}
