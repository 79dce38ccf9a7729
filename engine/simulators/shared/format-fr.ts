// Intl.NumberFormat objects are costly to build; explanations format many numbers.
const formatters = new Map<number, Intl.NumberFormat>();

function formatter(maximumFractionDigits: number): Intl.NumberFormat {
  let found = formatters.get(maximumFractionDigits);
  if (!found) {
    found = new Intl.NumberFormat('fr-FR', { maximumFractionDigits });
    formatters.set(maximumFractionDigits, found);
  }
  return found;
}

/** French number text, e.g. 13071.895 → "13 071,9" with one decimal. */
export function formatNumberFr(value: number, maximumFractionDigits = 2): string {
  return formatter(maximumFractionDigits).format(value);
}

/** Number followed by its unit, separated by a no-break space as French typography asks. */
export function formatWithUnit(value: number, unit: string, maximumFractionDigits = 2): string {
  const text = formatNumberFr(value, maximumFractionDigits);
  return unit ? `${text}\u00a0${unit}` : text;
}

/** Share as a French percentage, e.g. 0.355 → "35,5 %". */
export function formatPercentFr(ratio: number, maximumFractionDigits = 2): string {
  return `${formatNumberFr(ratio * 100, maximumFractionDigits)}\u00a0%`;
}
