import type { HousingCategory, MetropoleArea, RenovationType } from '../state/types';

// The solutions metropole mode forces (spec 02 §4 and §9: « a solution table per class, housing
// type and renovation type »). No data exists for it: this small table is our design, written as
// data so that a network can replace it. Reading of the areas (from the metropole's energy
// master plan: which networks serve the place):
//   A  heart of the urban heating network    B  network extension area
//   C  natural-gas network, no heat network  D  neither gas nor heat network
//   E  mountain communes (altitude, wood resource)
// « Some systems are locked to a solar water heater unless the heating uses wood or granulated
// fuel »: `solarUnlessWood`. Heating kinds resolve to systems allowed for the housing category and,
// for wood in multi-unit housing, to the boiler power (see rules/metropole.ts).

export type ForcedHeating = 'network' | 'wood' | 'gas' | 'heatPump' | 'logs';
export type ForcedHotWater = 'same' | 'solarUnlessWood';
export interface ForcedSolutionSpec {
  heating: ForcedHeating;
  hotWater: ForcedHotWater;
}
export type ProjectKind = 'new' | 'renovation';

export function projectKind(renovationType: RenovationType): ProjectKind {
  return renovationType === 'new_building' ? 'new' : 'renovation';
}

const s = (heating: ForcedHeating, hotWater: ForcedHotWater = 'same'): ForcedSolutionSpec => ({ heating, hotWater });

export const METROPOLE_SOLUTIONS: Record<
  MetropoleArea,
  Record<HousingCategory, Record<ProjectKind, ForcedSolutionSpec[]>>
> = {
  A: {
    multi_unit: { new: [s('network'), s('wood')], renovation: [s('network'), s('gas', 'solarUnlessWood')] },
    individual: { new: [s('heatPump'), s('wood')], renovation: [s('wood'), s('heatPump', 'solarUnlessWood')] },
  },
  B: {
    multi_unit: { new: [s('network'), s('wood')], renovation: [s('network'), s('wood'), s('gas', 'solarUnlessWood')] },
    individual: {
      new: [s('heatPump', 'solarUnlessWood'), s('wood')],
      renovation: [s('wood'), s('heatPump', 'solarUnlessWood')],
    },
  },
  C: {
    multi_unit: { new: [s('gas', 'solarUnlessWood'), s('wood')], renovation: [s('gas', 'solarUnlessWood'), s('wood')] },
    individual: {
      new: [s('heatPump'), s('gas', 'solarUnlessWood')],
      renovation: [s('gas', 'solarUnlessWood'), s('wood')],
    },
  },
  D: {
    multi_unit: { new: [s('wood'), s('heatPump')], renovation: [s('wood'), s('heatPump')] },
    individual: {
      new: [s('heatPump', 'solarUnlessWood'), s('wood')],
      renovation: [s('wood'), s('heatPump', 'solarUnlessWood')],
    },
  },
  E: {
    multi_unit: { new: [s('wood')], renovation: [s('wood')] },
    individual: { new: [s('wood'), s('logs')], renovation: [s('wood'), s('logs')] },
  },
};

export const AREA_LABELS: Record<MetropoleArea, string> = {
  A: 'Zone A : cœur du réseau de chaleur',
  B: 'Zone B : extension du réseau de chaleur',
  C: 'Zone C : desservie par le gaz naturel',
  D: 'Zone D : ni gaz ni réseau de chaleur',
  E: 'Zone E : communes de montagne',
};
