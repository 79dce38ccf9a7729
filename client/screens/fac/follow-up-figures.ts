const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** 1 234,50 € (fr-FR). */
export function euros(n: number): string {
  return EUROS.format(n);
}

/** 3,5 ; 1 234 (fr-FR, at most two decimals). */
export function decimal(n: number): string {
  return DECIMAL.format(n);
}

/** A percentage the server gives as 0–100 (33,33 %); « — » without one. */
export function hundredths(p: number | null): string {
  return p === null ? '—' : `${DECIMAL.format(p)} %`;
}
