import { formatNumberFr, formatPercentFr, formatWithUnit } from '../../../engine/simulators/shared/format-fr';

// fr-FR figures as the simulator screens show them: euros without cents, energies in whole kWh.

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
const isoDate = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/Paris',
});

/** « 28 100 € » (narrow no-break space between thousands, no-break space before the unit). */
export function euros(value: number | null | undefined): string {
  return typeof value === 'number' ? formatWithUnit(value, '€', 0) : '-';
}

export function eurosPerYear(value: number | null | undefined): string {
  return typeof value === 'number' ? formatWithUnit(value, '€/an', 0) : '-';
}

export function kwhPerYear(value: number | null | undefined): string {
  return typeof value === 'number' ? formatWithUnit(value, 'kWh/an', 0) : '-';
}

export function kgCo2PerYear(value: number | null | undefined): string {
  return typeof value === 'number' ? formatWithUnit(value, 'kg CO₂/an', 0) : '-';
}

export function percent(ratio: number | null | undefined, digits = 0): string {
  return typeof ratio === 'number' ? formatPercentFr(ratio, digits) : '-';
}

export function number(value: number | null | undefined, digits = 2, unit = ''): string {
  if (typeof value !== 'number') return '-';
  return unit ? formatWithUnit(value, unit, digits) : formatNumberFr(value, digits);
}

/** « 21 novembre 2026 ». */
export function longDate(date: Date): string {
  return dateFormat.format(date);
}

/** « 2026-11-21 », the day in Paris, for file names. */
export function fileDate(date: Date): string {
  return isoDate.format(date);
}
