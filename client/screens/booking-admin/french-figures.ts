const COUNT = new Intl.NumberFormat('fr-FR');
const PERCENT = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

/** 1 234 (fr-FR digit groups). */
export function frenchCount(n: number): string {
  return COUNT.format(n);
}

/** 33,3 % ; « — » when there is nothing to divide by. */
export function frenchPercent(rate: number | null): string {
  return rate === null ? '—' : PERCENT.format(rate);
}

/** 2031-03-28 → 28/03/2031. */
export function frenchDay(day: string): string {
  return day.split('-').reverse().join('/');
}
