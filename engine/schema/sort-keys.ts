/** One key of a list order: a property, ascending unless `desc`. */
export interface SortKey {
  property: string;
  desc: boolean;
}

/**
 * A list order as written in a declaration or a query: keys separated by commas, each
 * `-`-prefixed for descending (`-validationPending,name`: pending first, then by name).
 */
export function sortKeys(sort: string | undefined): SortKey[] {
  return (sort ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '' && k !== '-')
    .map((k) => ({ property: k.replace(/^-/, ''), desc: k.startsWith('-') }));
}

/** The properties an order names (to check or index them). */
export function sortProperties(sort: string | undefined): string[] {
  return sortKeys(sort).map((k) => k.property);
}
