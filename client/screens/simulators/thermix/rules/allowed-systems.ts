import {
  HEATING_NETWORK,
  SOLAR_SYSTEM_COMBINED,
  productionSystemByIdentifier,
  type ProductionSystem,
} from '../../../../../engine/simulators';
import type { SystemDefinition, Use } from '../state/types';
import { managesHeating, managesHotWater, type RuleContext } from './context';

/** The heating choice « PAC hybride »: an air/water heat pump with a condensing gas boiler beside it. */
export const HYBRID_CHOICE = 'hybrid_heat_pump';
export const HYBRID_HEAT_PUMP = 'heat_pump_air_water';
export const HYBRID_BOILER = 'gaz_boiler_condensing';

export function systemOf(ctx: RuleContext, identifier: string | null | undefined): ProductionSystem | null {
  if (!identifier) return null;
  try {
    return productionSystemByIdentifier(ctx.data, identifier) ?? null;
  } catch {
    return null;
  }
}

/**
 * May this system be chosen for this use in this project? Its use and housing category (spec 02
 * §4: a system no longer allowed for the housing category is cleared); the heating network only in
 * metropole mode (spec 02 §9: excluded by default); combined solar only for heating, and only
 * when both heating and hot water are managed (its hot-water side comes through the link).
 */
export function isAllowed(ctx: RuleContext, system: ProductionSystem, use: Use): boolean {
  if (use === 'heating' ? !system.isHeating : !system.isHotWater) return false;
  if (ctx.needs.housingCategory === 'multi_unit' ? !system.isMultiUnit : !system.isIndividual) return false;
  if (system.identifier === HEATING_NETWORK && !ctx.metropoleOn) return false;
  if (system.identifier === SOLAR_SYSTEM_COMBINED) {
    if (use === 'hotWater') return false;
    if (!managesHeating(ctx.needs) || !managesHotWater(ctx.needs)) return false;
  }
  return true;
}

/** The systems a definition may name, by French label. */
export function allowedSystems(ctx: RuleContext, use: Use, definition?: SystemDefinition): ProductionSystem[] {
  const limited = definition?.limitedTo ? new Set(definition.limitedTo) : null;
  return ctx.data.productionSystems
    .filter((s) => isAllowed(ctx, s, use) && (!limited || limited.has(s.identifier)))
    .sort((a, b) => a.label.trim().localeCompare(b.label.trim(), 'fr'));
}

/** A hybrid heat pump needs both of its appliances to be allowed for heating here. */
export function hybridAllowed(ctx: RuleContext): boolean {
  const pump = systemOf(ctx, HYBRID_HEAT_PUMP);
  const boiler = systemOf(ctx, HYBRID_BOILER);
  return Boolean(pump && boiler && isAllowed(ctx, pump, 'heating') && isAllowed(ctx, boiler, 'heating'));
}

/**
 * Can a hot-water entry be « the same appliance » as this heating system? It must make hot water
 * and be allowed for the housing; combined solar and the network are linked this way on purpose.
 */
export function canShareWithHotWater(ctx: RuleContext, heating: ProductionSystem | null): boolean {
  if (!heating || !heating.isHotWater) return false;
  if (ctx.needs.housingCategory === 'multi_unit' ? !heating.isMultiUnit : !heating.isIndividual) return false;
  return heating.identifier !== HEATING_NETWORK || ctx.metropoleOn;
}
