import {
  energyOfSystem,
  isThermalSolar,
  multiUnitSizeClass,
  systemEntryDefaults,
  SOLAR_SYSTEM_COMBINED,
  type HousingProfile,
  type ProductionSystem,
} from '../../../../../engine/simulators';
import { metropoleOverrides } from '../tables/metropole-overrides';
import { SYNCED_WITH_HEATING, type Needs, type Solution, type SystemDefinition, type Use } from '../state/types';
import { managesHeating, type RuleContext } from './context';
import { heatingFollowedBy } from './linked-systems';
import { defaultShare } from './shares';
import { systemOf } from './allowed-systems';

/** Spec 02 §9: a multi-unit project without a dwelling count is taken as 15 dwellings. */
export const DEFAULT_DWELLINGS = 15;

export const NUMERIC_FIELDS = [
  'share',
  'efficiency',
  'estimatedInvestment',
  'maintenanceCost',
  'provisionsCost',
  'energyPrice',
  'energyPriceVariation',
  'ghgRatio',
  'solarPanelsSurface',
  'greenEnergyShare',
  'greenEnergyPrice',
  'greenEnergyGhgRatio',
] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];
export type EntryNumbers = Record<NumericField, number>;

/** A structure's or the reference's price for an energy, as GET /thermix/settings/ serves it. */
export interface EnergyPriceSetting {
  price: number | null;
  priceMultiUnit: number | null;
  priceVariation: number;
}

export interface ValueContext extends RuleContext {
  energyPrices?: Record<string, EnergyPriceSetting> | null;
}

export interface ResolvedEntry {
  /** The appliance (for a synced hot-water entry: its heating system); null for an empty slot. */
  system: ProductionSystem | null;
  synced: boolean;
  isSolar: boolean;
  /** What the calculation receives (the user's value, else the default). */
  values: EntryNumbers;
  defaults: EntryNumbers;
  /** Fields fixed by a link (a shared appliance is priced once, a combined system has one surface). */
  fixed: ReadonlySet<NumericField>;
  /** Price and ghg ratio after the green-energy share (what the calculation receives). */
  sentEnergyPrice: number;
  sentGhgRatio: number;
}

export function housingProfile(needs: Needs): HousingProfile {
  const isMultiUnit = needs.housingCategory === 'multi_unit';
  const dwellingsNumber = isMultiUnit ? (needs.dwellingsNumber ?? DEFAULT_DWELLINGS) : null;
  return { isMultiUnit, sizeClass: multiUnitSizeClass(needs.housingCategory, dwellingsNumber), dwellingsNumber };
}

function listOf(solution: Solution, use: Use): readonly SystemDefinition[] {
  return use === 'heating' ? solution.heatingSystems : solution.hotWaterSystems;
}

/** The system identifier a definition stands for (a synced hot-water entry: its heating's). */
export function effectiveIdentifier(solution: Solution, use: Use, rank: number): string | null {
  const def = listOf(solution, use)[rank];
  if (use === 'hotWater' && def.identifier === SYNCED_WITH_HEATING) return heatingFollowedBy(solution, rank).identifier;
  return def.identifier;
}

function tableDefaults(ctx: ValueContext, system: ProductionSystem, use: Use): Omit<EntryNumbers, 'share'> {
  const housing = housingProfile(ctx.needs);
  const d = systemEntryDefaults(ctx.data, system, use, housing);
  const energy = energyOfSystem(ctx.data, system);
  const setting = ctx.energyPrices?.[energy.identifier];
  const settingPrice = housing.isMultiUnit ? setting?.priceMultiUnit : setting?.price;
  const override = ctx.metropoleOn ? metropoleOverrides([energy.identifier])[energy.identifier] : null;
  const energyPrice = typeof settingPrice === 'number' ? settingPrice : d.energyPrice;
  const ghgRatio = override?.ghgRatio ?? d.ghgRatio;
  return {
    efficiency: d.efficiency,
    estimatedInvestment: d.estimatedInvestment,
    maintenanceCost: d.maintenanceCost,
    provisionsCost: d.provisionsCost,
    energyPrice,
    energyPriceVariation: override ? override.priceVariation : (setting?.priceVariation ?? d.energyPriceVariation),
    ghgRatio,
    solarPanelsSurface: d.solarPanelsSurface,
    greenEnergyShare: 1,
    greenEnergyPrice: energyPrice,
    greenEnergyGhgRatio: ghgRatio,
  };
}

const ZEROS: EntryNumbers = Object.fromEntries(NUMERIC_FIELDS.map((f) => [f, 0])) as EntryNumbers;

/**
 * The figures of one entry: defaults from the reference table (or the structure's prices, or the
 * metropole overrides), the user's values over them, and what links fix. Pure; the screen shows
 * `values` and the request builder sends them.
 */
export function resolveEntry(solution: Solution, use: Use, rank: number, ctx: ValueContext): ResolvedEntry {
  const def = listOf(solution, use)[rank];
  const synced = use === 'hotWater' && def.identifier === SYNCED_WITH_HEATING;
  const system = systemOf(ctx, effectiveIdentifier(solution, use, rank));
  if (!system) {
    return {
      system: null,
      synced,
      isSolar: false,
      values: ZEROS,
      defaults: ZEROS,
      fixed: new Set(),
      sentEnergyPrice: 0,
      sentGhgRatio: 0,
    };
  }
  const identifiers = listOf(solution, use).map((_d, i) => effectiveIdentifier(solution, use, i));
  const share = defaultShare(identifiers, rank);
  const defaults: EntryNumbers = { share, ...tableDefaults(ctx, system, use) };
  const fixed = new Set<NumericField>();
  const values = { ...defaults };
  for (const field of NUMERIC_FIELDS) {
    const own = def[field];
    if (typeof own === 'number') values[field] = own;
  }
  if (synced) {
    const followed = heatingFollowedBy(solution, rank);
    const heatingRank = solution.heatingSystems[rank].identifier ? rank : 0;
    // One appliance, priced once: with the heating entry when heating is computed. When heating is
    // not managed its entry is not sent, and this entry carries the appliance's hot-water costs.
    if (managesHeating(ctx.needs) && followed.identifier) {
      for (const field of ['estimatedInvestment', 'maintenanceCost', 'provisionsCost'] as const) {
        defaults[field] = 0;
        values[field] = 0;
        fixed.add(field);
      }
    }
    if (system.identifier === SOLAR_SYSTEM_COMBINED) {
      // The combined system has one field of panels: the hot-water side uses the heating's.
      const heatingSurface = resolveEntry(solution, 'heating', heatingRank, ctx).values.solarPanelsSurface;
      defaults.solarPanelsSurface = heatingSurface;
      values.solarPanelsSurface = heatingSurface;
      fixed.add('solarPanelsSurface');
    }
  }
  const green = def.useGreenEnergy;
  const greenShare = Math.min(1, Math.max(0, values.greenEnergyShare));
  const sentEnergyPrice = green
    ? values.energyPrice * (1 - greenShare) + values.greenEnergyPrice * greenShare
    : values.energyPrice;
  const sentGhgRatio = green
    ? values.ghgRatio * (1 - greenShare) + values.greenEnergyGhgRatio * greenShare
    : values.ghgRatio;
  return {
    system,
    synced,
    isSolar: isThermalSolar(system.identifier),
    values,
    defaults,
    fixed,
    sentEnergyPrice,
    sentGhgRatio,
  };
}
