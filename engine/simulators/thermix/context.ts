import { HEATING_NETWORK } from '../reference/identifiers';
import { productionSystemByIdentifier } from '../reference/production-system-lookup';
import { isMultiUnitCategory, multiUnitSizeClass } from '../reference/size-class';
import type { HousingProfile } from '../reference/system-defaults';
import type { ReferenceData } from '../reference/types';
import { NETWORK, SOLAR_MAX_COVERAGE } from './constants';
import type { ThermixRequest } from './request-types';

/** What every solution of one request shares (reference/simulators.md §3 step 1). */
export interface ThermixContext {
  data: ReferenceData;
  year: number;
  needs: { heating: number; hotWater: number };
  housing: HousingProfile;
  solarProdByM2: number;
  /** Share of each need thermal solar may cover at most. */
  solarMaxCoverage: { heating: number; hotWater: number };
  metroEnabled: boolean;
  /** kg CO2 per kWh of the metropole network (its override, else the reference constant). */
  networkGhgRatio: number;
  heatingNetworkId: number | null;
}

/** Identifier of the heating network's energy (key of the metropole overrides). */
export const NETWORK_ENERGY = 'network';

export function buildContext(request: ThermixRequest, data: ReferenceData): ThermixContext {
  const { needs } = request;
  const isMultiUnit = isMultiUnitCategory(needs.housingCategory);
  return {
    data,
    year: request.year,
    // A missing need is a use the household does not manage (spec 02 §4: need 0).
    needs: { heating: needs.heating ?? 0, hotWater: needs.hotWater ?? 0 },
    housing: {
      isMultiUnit,
      sizeClass: multiUnitSizeClass(needs.housingCategory, needs.dwellingsNumber),
      dwellingsNumber: needs.dwellingsNumber ?? null,
    },
    solarProdByM2: request.thermalSolarProdByM2 ?? 0,
    // The user's settings when the request carries them (docs/simulators.md: made effective).
    solarMaxCoverage: {
      heating: request.thermalSolarMaxProdRatioHeating ?? SOLAR_MAX_COVERAGE.heating,
      hotWater: request.thermalSolarMaxProdRatioHotWater ?? SOLAR_MAX_COVERAGE.hotWater,
    },
    metroEnabled: request.metroGrenoble?.enabled === true,
    networkGhgRatio: request.metroGrenoble?.energiesOverridedData?.[NETWORK_ENERGY]?.ghgRatio ?? NETWORK.ghgRatio,
    heatingNetworkId: productionSystemByIdentifier(data, HEATING_NETWORK)?.id ?? null,
  };
}
