import { formatNumberFr, formatPercentFr, formatWithUnit } from '../../../../engine/simulators/shared/format-fr';

// fr-FR figures as the simulators show them, the same functions as the PDF reports use, so that a
// total reads the same on screen and on paper: euros without cents, energies in whole kWh.

export const euros = (v: number | null | undefined) => (typeof v === 'number' ? formatWithUnit(v, '€', 0) : '–');
const cents = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** « 1 211,50 € »: amounts of money to the cent (loan payments). */
export const eurosCents = (v: number | null | undefined) => (typeof v === 'number' ? `${cents.format(v)}\u00a0€` : '–');
export const eurosPerYear = (v: number | null | undefined) =>
  typeof v === 'number' ? formatWithUnit(v, '€/an', 0) : '–';
export const kwhPerYear = (v: number | null | undefined) =>
  typeof v === 'number' ? formatWithUnit(v, 'kWh/an', 0) : '–';
export const kgCo2PerYear = (v: number | null | undefined) =>
  typeof v === 'number' ? formatWithUnit(v, 'kg CO₂/an', 0) : '–';
export const percent = (ratio: number | null | undefined, digits = 0) =>
  typeof ratio === 'number' ? formatPercentFr(ratio, digits) : '–';
export const number = (v: number | null | undefined, digits = 2) =>
  typeof v === 'number' ? formatNumberFr(v, digits) : '–';
export const withUnit = (v: number | null | undefined, unit: string, digits = 2) =>
  typeof v === 'number' ? formatWithUnit(v, unit, digits) : '–';

/** "12,5" for an input: no thousands separators (the user edits it), a comma for decimals. */
export function inputText(value: number | null | undefined, digits = 6): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, useGrouping: false }).format(value);
}

/** "12,5", "12.5", "1 200" → number; "" → null; anything else → NaN. */
export function parseInput(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (s === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}
