import type { TherminixInput } from './types';

/** Only a heating-system renovation leaves hot water out of the project (spec 02 §4). */
export function hotWaterApplies(input: TherminixInput): boolean {
  return input.renovationType !== 'heating_system_renovation';
}
