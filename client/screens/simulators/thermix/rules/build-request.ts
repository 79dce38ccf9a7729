import type { ThermixRequest, ThermixSolution, ThermixSystemEntry } from '../../../../../engine/simulators';
import { metropoleOverrides } from '../tables/metropole-overrides';
import type { Solution, ThermixState, Use } from '../state/types';
import { managesOf } from './context';
import { DEFAULT_DWELLINGS, resolveEntry, type ValueContext } from './entry-values';
import { metropoleOn } from './metropole';
import { validSlots } from './solutions';

/** The thermix settings of the caller (GET /thermix/settings/), what the request needs of them. */
export interface ServerSettings {
  year: number;
  thermalSolarProdByM2: number;
  /** The user's solar ceilings (made effective: the engine reads them, docs/simulators.md). */
  thermalSolarMaxProdRatioHeating?: number;
  thermalSolarMaxProdRatioHotWater?: number;
  energyPrices?: ValueContext['energyPrices'];
}

export const DEFAULT_SOLAR_PRODUCTION = 450;

function entries(solution: Solution, use: Use, ctx: ValueContext): ThermixSystemEntry[] {
  const list: ThermixSystemEntry[] = [0, 1].map((rank) => {
    const r = resolveEntry(solution, use, rank, ctx);
    if (!r.system) return { index: rank, identifier: null };
    const def = (use === 'heating' ? solution.heatingSystems : solution.hotWaterSystems)[rank];
    const v = r.values;
    const entry: ThermixSystemEntry = {
      // Numbered from 0: the network rule then compares entries of the same rank (docs/simulators.md).
      index: rank,
      identifier: r.system.identifier,
      productionShare: v.share,
      efficiency: v.efficiency,
      estimatedInvestment: v.estimatedInvestment,
      maintenanceCost: v.maintenanceCost,
      provisionsCost: v.provisionsCost,
      energyPrice: r.sentEnergyPrice,
      energyPriceVariation: v.energyPriceVariation,
      ghgRatio: r.sentGhgRatio,
      useGreenEnergy: def.useGreenEnergy,
    };
    if (r.isSolar) entry.solarPanelsSurface = v.solarPanelsSurface;
    if (def.useGreenEnergy) {
      entry.greenEnergyShare = v.greenEnergyShare;
      entry.greenEnergyPrice = v.greenEnergyPrice;
      entry.greenEnergyGhgRatio = v.greenEnergyGhgRatio;
    }
    return entry;
  });
  // An empty second entry is left out; an empty first one stays as a placeholder so that ranks hold.
  if (!list[1].identifier) list.pop();
  if (list.length === 1 && !list[0].identifier) list.pop();
  return list;
}

export function solutionRequest(solution: Solution, ctx: ValueContext): ThermixSolution {
  const manages = managesOf(ctx.needs);
  return {
    // Unmanaged uses are not computed: their entries stay in the screen but are not sent.
    heatingSystems: manages.heating ? entries(solution, 'heating', ctx) : [],
    hotWaterSystems: manages.hotWater ? entries(solution, 'hotWater', ctx) : [],
    renewableElectricity: solution.renewableElectricity,
    renewableElectricityProduction: solution.renewableElectricity ? (solution.renewableElectricityProd ?? 0) : null,
    financialSupport: solution.financialSupport,
    financialSupportAmount: solution.financialSupport ? (solution.financialSupportAmount ?? 0) : null,
    isMetroGrenoble: solution.isMetroGrenoble,
  };
}

export interface BuiltRequest {
  request: ThermixRequest;
  /** Slot (0-based) of each solution of the request: only valid solutions are computed. */
  slots: number[];
}

/** The POST /thermix/compute_results body for the screen's state. */
export function buildThermixRequest(
  state: ThermixState,
  ctx: Omit<ValueContext, 'needs' | 'metropoleOn'>,
  settings: ServerSettings,
): BuiltRequest {
  const on = metropoleOn(state.metropole);
  const vctx: ValueContext = {
    ...ctx,
    needs: state.needs,
    metropoleOn: on,
    energyPrices: settings.energyPrices ?? ctx.energyPrices,
  };
  const manages = managesOf(state.needs);
  const slots = validSlots(state.solutions, manages);
  const n = state.needs;
  const multi = n.housingCategory === 'multi_unit';
  const m = state.metropole;
  const request: ThermixRequest = {
    year: state.settings.year ?? settings.year,
    thermalSolarProdByM2:
      state.settings.thermalSolarProdByM2 ?? settings.thermalSolarProdByM2 ?? DEFAULT_SOLAR_PRODUCTION,
    ...(typeof settings.thermalSolarMaxProdRatioHeating === 'number'
      ? { thermalSolarMaxProdRatioHeating: settings.thermalSolarMaxProdRatioHeating }
      : {}),
    ...(typeof settings.thermalSolarMaxProdRatioHotWater === 'number'
      ? { thermalSolarMaxProdRatioHotWater: settings.thermalSolarMaxProdRatioHotWater }
      : {}),
    needs: {
      heating: manages.heating ? n.heating : 0,
      hotWater: manages.hotWater ? n.hotWater : 0,
      housingCategory: n.housingCategory,
      dwellingsNumber: multi ? (n.dwellingsNumber ?? DEFAULT_DWELLINGS) : null,
      renovationType: n.renovationType,
    },
    solutions: slots.map((slot) => ({ index: slot, ...solutionRequest(state.solutions[slot], vctx) })),
    metroGrenoble: on
      ? {
          enabled: true,
          renovationType: n.renovationType,
          floorSurface: m.floorSurface,
          groundSurface: m.groundSurface,
          requiredEnergyProductionByM2: m.requiredEnergyProductionByM2,
          energiesOverridedData: metropoleOverrides(ctx.data.energies.map((e) => e.identifier)),
          // The screen's other state, accepted and ignored by the calculation.
          area: m.area,
          inseeCode: m.inseeCode,
          altitude: m.altitude,
          boilerPower: m.boilerPower,
        }
      : { enabled: false },
  };
  return { request, slots };
}
