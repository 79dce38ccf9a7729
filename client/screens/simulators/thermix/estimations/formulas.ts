import type { BuildingHeatingConsumption, EnergyVector } from '../../../../../engine/simulators';
import { formatNumberFr } from '../../../../../engine/simulators/shared/format-fr';
import { frenchPlural } from '../../../../../engine/format/plural';

// The estimation pages of the needs tab (spec 02 §2). Each returns the yearly heating and hot-water
// needs and the French lines that show how they were obtained, with the actual numbers.
// Constants (spec 02 §9): 650 kWh of hot water per person and per year; 0.9 = the part of a
// measured or tabulated consumption that is counted as need (« hotWaterAndHeatingConsumptionRatio »);
// new buildings: a base of 50 kWh/m² (48 in metropole mode) raised by the altitude bonus.

export interface Estimate {
  heating: number;
  hotWater: number;
  /** French formula lines, in reading order. */
  lines: string[];
}

export const HOT_WATER_PER_PERSON = 650;
export const CONSUMPTION_RATIO = 0.9;
export const NEW_BUILDING_BASE = 50;
export const NEW_BUILDING_BASE_METROPOLE = 48;

const n = (value: number, digits = 2) => formatNumberFr(value, digits);
const kwh = (value: number) => `${formatNumberFr(Math.round(value), 0)} kWh/an`;

export interface HotWaterInput {
  persons: number;
  perPerson?: number;
}

/** Hot water: persons × 650 kWh. */
export function hotWaterNeed({ persons, perPerson = HOT_WATER_PER_PERSON }: HotWaterInput): {
  value: number;
  line: string;
} {
  const value = Math.max(0, persons) * perPerson;
  // The word agrees with the number shown (rounded): "1 personne" for 1.4, as for 0 or 1.
  const word = frenchPlural(Math.round(persons)) === 'one' ? 'personne' : 'personnes';
  return { value, line: `Eau chaude : ${n(persons, 0)} ${word} × ${n(perPerson, 0)} kWh = ${kwh(value)}` };
}

/** Thermal calculation: the study's heating need per m² × the heated surface. */
export function estimateFromThermalStudy(input: { surface: number; needPerM2: number } & HotWaterInput): Estimate {
  const heating = input.surface * input.needPerM2;
  const hot = hotWaterNeed(input);
  return {
    heating,
    hotWater: hot.value,
    lines: [`Chauffage : ${n(input.surface)} m² × ${n(input.needPerM2)} kWh/m² = ${kwh(heating)}`, hot.line],
  };
}

/**
 * Altitude bonus of a new building, in % of the base (spec 02 §9, first reading): below 400 m 0,
 * from 400 to 800 m 10, above 800 m 20. The metropole reading (0 / 400 / 800) gives the lower bound
 * of the same bands; we apply the same percentages in both modes.
 */
export function altitudeBonus(altitude: number): number {
  if (altitude < 400) return 0;
  if (altitude <= 800) return 10;
  return 20;
}

/** New construction: surface × base × (1 + altitude bonus). */
export function estimateNewBuilding(
  input: { surface: number; altitude: number; metropole: boolean } & HotWaterInput,
): Estimate {
  const base = input.metropole ? NEW_BUILDING_BASE_METROPOLE : NEW_BUILDING_BASE;
  const bonus = altitudeBonus(input.altitude);
  const perM2 = base * (1 + bonus / 100);
  const heating = input.surface * perM2;
  const hot = hotWaterNeed(input);
  return {
    heating,
    hotWater: hot.value,
    lines: [
      `Besoin de référence d'un bâtiment neuf : ${n(base, 0)} kWh/m²${input.metropole ? ' (mode métropole)' : ''}`,
      `Majoration d'altitude (${n(input.altitude, 0)} m) : ${n(bonus, 0)} %, ` +
        `soit ${n(base, 0)} × ${n(1 + bonus / 100)} = ${n(perM2)} kWh/m²`,
      `Chauffage : ${n(input.surface)} m² × ${n(perM2)} kWh/m² = ${kwh(heating)}`,
      hot.line,
    ],
  };
}

/** A consumption per m² from the building table, counted at 90 % as need. */
function fromTable(
  surface: number,
  row: BuildingHeatingConsumption,
  ratio: number,
  title: string,
): { heating: number; lines: string[] } {
  const heating = surface * row.heatingConsumption * ratio;
  return {
    heating,
    lines: [
      `${title} : ${row.label}, ${n(row.heatingConsumption, 0)} kWh/m² de consommation de chauffage`,
      `Chauffage : ${n(surface)} m² × ${n(row.heatingConsumption, 0)} kWh/m² × ${n(ratio)} = ${kwh(heating)}`,
    ],
  };
}

/** Global renovation: the consumption of the target level (BBC or passive) from the building table. */
export function estimateGlobalRenovation(
  input: { surface: number; target: BuildingHeatingConsumption; ratio?: number } & HotWaterInput,
): Estimate {
  const t = fromTable(input.surface, input.target, input.ratio ?? CONSUMPTION_RATIO, 'Niveau visé');
  const hot = hotWaterNeed(input);
  return { heating: t.heating, hotWater: hot.value, lines: [...t.lines, hot.line] };
}

/** Systems renovation by building era: the era's consumption from the building table. */
export function estimateByEra(
  input: { surface: number; era: BuildingHeatingConsumption; ratio?: number } & HotWaterInput,
): Estimate {
  const t = fromTable(input.surface, input.era, input.ratio ?? CONSUMPTION_RATIO, 'Époque de construction');
  const hot = hotWaterNeed(input);
  return { heating: t.heating, hotWater: hot.value, lines: [...t.lines, hot.line] };
}

export interface ConsumptionPart {
  label: string;
  kwh: number;
  line: string;
}

/** An invoice in euros: amount ÷ price (c€/kWh) × 100 = kWh bought. */
export function consumptionFromEuros(label: string, amount: number, priceCents: number): ConsumptionPart {
  const value = priceCents > 0 ? (amount / priceCents) * 100 : 0;
  return { label, kwh: value, line: `${label} : ${n(amount)} € ÷ ${n(priceCents)} c€/kWh × 100 = ${kwh(value)}` };
}

/** A quantity bought: quantity × PCI of its unit (energy vector). */
export function consumptionFromQuantity(quantity: number, vector: EnergyVector): ConsumptionPart {
  const label = vector.label ?? vector.vector;
  const value = quantity * vector.pci;
  const unit = vector.buyingUnit === 'kWh' ? 'kWh' : vector.buyingUnit;
  return { label, kwh: value, line: `${label} : ${n(quantity)} ${unit} × ${n(vector.pci, 3)} kWh = ${kwh(value)}` };
}

/**
 * Needs from what was bought: total × 0.9. When the invoices include hot water, its estimate
 * (persons × 650) is taken out of that total, never below 0; otherwise it comes on top.
 */
export function estimateFromConsumption(
  input: { parts: ConsumptionPart[]; includesHotWater: boolean; ratio?: number } & HotWaterInput,
): Estimate {
  const ratio = input.ratio ?? CONSUMPTION_RATIO;
  const total = input.parts.reduce((sum, p) => sum + p.kwh, 0);
  const needs = total * ratio;
  const hot = hotWaterNeed(input);
  const lines = input.parts.map((p) => p.line);
  lines.push(`Consommation totale : ${kwh(total)} ; besoins = ${kwh(total)} × ${n(ratio)} = ${kwh(needs)}`);
  if (input.includesHotWater) {
    const hotWater = Math.min(hot.value, needs);
    const heating = needs - hotWater;
    lines.push(hot.line + (hotWater < hot.value ? `, ramenée à ${kwh(hotWater)} (les besoins facturés)` : ''));
    lines.push(`Chauffage : ${kwh(needs)} − ${kwh(hotWater)} = ${kwh(heating)}`);
    return { heating, hotWater, lines };
  }
  lines.push(`Chauffage : ${kwh(needs)}`, hot.line);
  return { heating: needs, hotWater: hot.value, lines };
}
