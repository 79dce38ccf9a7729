// Numbers in French running text: a decimal comma, and digits grouped by three only from five
// digits on ("2019", "1234", but "12 345"), which is what Intl's useGrouping 'min2' does
// (fr-FR's own rule in CLDR). The group separator is the narrow no-break space.

const formatters = new Map<number, Intl.NumberFormat>();

function formatter(maximumFractionDigits: number): Intl.NumberFormat {
  let found = formatters.get(maximumFractionDigits);
  if (!found) {
    found = new Intl.NumberFormat('fr-FR', { maximumFractionDigits, useGrouping: 'min2' });
    formatters.set(maximumFractionDigits, found);
  }
  return found;
}

/** 1234 → "1234", 12345 → "12 345", 1234.5 → "1234,5". */
export function formatNumber(value: number, maximumFractionDigits = 6): string {
  return formatter(maximumFractionDigits).format(value);
}
