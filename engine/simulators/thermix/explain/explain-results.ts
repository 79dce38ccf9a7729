import type { ReferenceData } from '../../reference/types';
import { renewableElectricityOf } from '../environmental-indicators';
import type { ThermixRequest } from '../request-types';
import type { ThermixResponse } from '../result-types';
import {
  explainFuelCost,
  explainInvestment,
  explainMaintenanceCost,
  explainPeriodTotalCost,
  explainPeriodTotalCostByYear,
  explainProvisionsCost,
  type SolutionCostView,
} from './cost-explanations';
import {
  explainCarbon,
  explainCarKilometres,
  explainFinalEnergyTotal,
  explainPrimaryEnergy,
} from './energy-explanations';
import { explainRenewableHeatingRatio, explainRenewableRatio } from './ratio-explanations';
import { explainSystems } from './system-explanations';
import type { SolutionExplanations, ThermixExplanations } from './types';

/**
 * "Comment est-ce calculé ?": for each solution, how every headline figure of `response` follows
 * from the request, the reference data and the method's constants. Separate from computeResults so
 * that the calculation itself stays fast; call it only when the user opens the explanations.
 */
export function explainThermixResults(
  request: ThermixRequest,
  response: ThermixResponse,
  data: ReferenceData,
): ThermixExplanations {
  return {
    solutions: response.solutionsResults.map((result, position): SolutionExplanations => {
      const solution = request.solutions[position] ?? {};
      const systems = result.systemsResults;
      const view: SolutionCostView = { request, systems, response, position };
      return {
        solutionNumber: position + 1,
        explanations: [
          explainPeriodTotalCost(view),
          explainFuelCost(view),
          explainMaintenanceCost(view),
          explainProvisionsCost(view),
          explainInvestment(view),
          explainPeriodTotalCostByYear(view),
          explainFinalEnergyTotal(systems, result),
          explainPrimaryEnergy(systems, result, data),
          explainCarbon(request, systems, result, data),
          explainCarKilometres(result),
          explainRenewableHeatingRatio(systems, result),
          explainRenewableRatio(systems, result, renewableElectricityOf(solution)),
        ],
        systems: explainSystems(request, systems),
      };
    }),
  };
}
