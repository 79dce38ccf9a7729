import type { ThermixSolution } from '../thermix/request-types';

export const HOUSING_TYPES = ['individual', 'multi_unit'] as const;
export const RENOVATION_TYPES = [
  'new_building',
  'global_renovation',
  'systems_renovation',
  'heating_system_renovation',
] as const;
export type TherminixHousingType = (typeof HOUSING_TYPES)[number];
export type RenovationType = (typeof RENOVATION_TYPES)[number];

/** The "Votre projet" informations step. Systems are production-system identifiers; needs in kWh per year. */
export interface TherminixInput {
  housingType?: string | null;
  renovationType?: string | null;
  /** m². */
  floorSurface?: number | null;
  /** Current (or, for a new building, intended) heating system. */
  heatingSystem?: string | null;
  hotWaterSystem?: string | null;
  heatingNeeds?: number | null;
  hotWaterNeeds?: number | null;
  /** Multi-unit housing only; 15 when absent (spec 02 §9). */
  dwellingsNumber?: number | null;
}

export interface ProposedSystem {
  identifier: string;
  label: string;
}

export interface TherminixProposition {
  /** 1 = lowest 20-year cost. */
  rank: number;
  heatingSystem: ProposedSystem | null;
  hotWaterSystem: (ProposedSystem & { sharedWithHeating: boolean }) | null;
  periodTotalCost: number;
  periodTotalCostByYear: number;
  /** Investment over the whole solution, €. */
  investment: number;
  carbonReport: number;
  finalEnergyConsumption: number;
  primaryEnergyConsumption: number;
  renewableProductionRatio: number;
  highlights: ('lowestCost' | 'lowestCarbon')[];
  /** French sentences explaining why this solution is proposed. */
  reasons: string[];
  /** The thermix solution behind the figures, so the screen can open it in the simulator. */
  solution: ThermixSolution;
}

export interface TherminixBaseline {
  heatingSystem: ProposedSystem | null;
  hotWaterSystem: ProposedSystem | null;
  periodTotalCost: number;
  carbonReport: number;
}

export interface TherminixPropositionResult {
  propositions: TherminixProposition[];
  /** The declared installation, costed without new investment for a renovation; null without one. */
  baseline: TherminixBaseline | null;
  /** Number of system combinations compared. */
  consideredCount: number;
  needs: { heating: number; hotWater: number };
  /** French notice when nothing can be proposed. */
  notice: string | null;
}

export interface TherminixOptions {
  /** First year of the projection; defaults to currentYear. */
  year?: number;
  /** Calendar year; defaults to the clock's year. */
  currentYear?: number;
  /** Best-cost propositions returned, 3 by default (the lowest-carbon one may be added). */
  maxPropositions?: number;
  thermalSolarProdByM2?: number;
}
