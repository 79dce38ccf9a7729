import { CAR_KG_CO2_PER_KM } from './constants';
import type { ThermixSolution } from './request-types';
import type { ThermixSystemResult } from './result-types';

/** Yearly energy and carbon figures of one solution (reference/simulators.md §9). */
export interface EnvironmentalIndicators {
  primaryEnergyConsumption: number;
  finalEnergyConsumption: number;
  carbonReport: number;
  carbonReportKmEquivalent: number;
  /** Σ O: heat leaving the production systems (solar entries count 0). */
  totalHeatingProduction: number;
  renewableHeatingProduction: number;
  renewableHeatingProductionNetworkOnly: number;
  renewableHeatingProductionWithoutNetwork: number;
  renewableElectricity: number | null;
  totalRenewableProduction: number;
  totalRenewableProductionWithoutNetwork: number;
  renewableHeatingProductionRatio: number;
  renewableProductionRatio: number;
}

/** Kilometres an average car drives to emit `kgCo2` (kg ÷ kg per km). */
export function carKilometresEquivalent(kgCo2: number): number {
  return kgCo2 / CAR_KG_CO2_PER_KM;
}

export function renewableElectricityOf(solution: ThermixSolution): number | null {
  if (solution.renewableElectricity !== true) return null;
  return solution.renewableElectricityProduction ?? solution.renewableElectricityProd ?? 0;
}

export function computeEnvironmentalIndicators(
  systems: readonly ThermixSystemResult[],
  renewableElectricity: number | null,
  heatingNetworkId: number | null,
): EnvironmentalIndicators {
  let primary = 0;
  let final = 0;
  let carbon = 0;
  let output = 0;
  let renewableNetwork = 0;
  let renewableOthers = 0;
  for (const system of systems) {
    primary += system.primaryEnergyConsumption;
    final += system.finalEnergyConsumption;
    carbon += system.carbonEmission;
    output += system.systemOutputHeatingProduction;
    // The split is by system, whatever the mode (the network path only applies in metropole mode).
    if (system.productionSystem === heatingNetworkId) renewableNetwork += system.renewableHeatingProduction;
    else renewableOthers += system.renewableHeatingProduction;
  }
  const electricity = renewableElectricity ?? 0;
  const renewableHeating = renewableNetwork + renewableOthers;
  const totalRenewable = renewableHeating + electricity;
  const denominator = output + electricity;
  return {
    primaryEnergyConsumption: primary,
    finalEnergyConsumption: final,
    carbonReport: carbon,
    carbonReportKmEquivalent: carKilometresEquivalent(carbon),
    totalHeatingProduction: output,
    renewableHeatingProduction: renewableHeating,
    renewableHeatingProductionNetworkOnly: renewableNetwork,
    renewableHeatingProductionWithoutNetwork: renewableOthers,
    renewableElectricity,
    totalRenewableProduction: totalRenewable,
    totalRenewableProductionWithoutNetwork: renewableOthers + electricity,
    renewableHeatingProductionRatio: output !== 0 ? renewableHeating / output : 0,
    renewableProductionRatio: denominator !== 0 ? totalRenewable / denominator : 0,
  };
}
