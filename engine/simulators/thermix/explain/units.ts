import { formatNumberFr, formatPercentFr } from '../../shared/format-fr';

export const UNIT = {
  euro: '€',
  euroPerYear: '€/an',
  kwhPerYear: 'kWh/an',
  kgCo2PerYear: 'kg CO₂/an',
  km: 'km',
  percent: '%',
  centsPerKwh: 'c€/kWh',
  euroPerMwh: '€/MWh',
  kgCo2PerKwh: 'kg CO₂/kWh',
  kwhPerM2: 'kWh/m²/an',
  m2: 'm²',
  none: '',
} as const;

export const SOURCE = {
  method: 'Méthode de calcul du simulateur (valeur fixe)',
  distribution: 'Données de référence : rendements de distribution',
  energies: 'Données de référence : énergies',
  network: 'Conditions du réseau de chaleur de la métropole (valeur fixe)',
  request: 'Valeur saisie dans la solution',
  settings: 'Paramètres de calcul du simulateur',
  metropoleOverride: 'Valeur propre à la métropole (paramètres du mode métropole)',
} as const;

/** Amounts in euros keep their cents. */
export function euros(value: number): string {
  return `${formatNumberFr(value, 2)}\u00a0€`;
}

/** Energies and masses: whole units once large, a few decimals when small. */
export function quantity(value: number, unit: string): string {
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : 4;
  return `${formatNumberFr(value, digits)}\u00a0${unit}`;
}

/** Ratios such as efficiencies, COPs and shares, written as plain decimals. */
export function ratio(value: number): string {
  return formatNumberFr(value, 4);
}

export function percent(value: number): string {
  return formatPercentFr(value, 2);
}
