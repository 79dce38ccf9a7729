// Axis helpers of the simulators' SVG charts.

/** Round tick values covering [min, max]: 1, 2, 2.5 or 5 times a power of ten, about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  if (hi === lo) return [0, 1];
  const raw = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const start = Math.floor(lo / step) * step;
  const end = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = start; v <= end + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}

/** Linear map from [d0, d1] to [r0, r1]. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** Short French axis labels: 12 500 → "12,5 k", 1 250 000 → "1,25 M". */
export function shortNumber(v: number): string {
  const abs = Math.abs(v);
  const f = (x: number, d: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: d }).format(x);
  if (abs >= 1_000_000) return `${f(v / 1_000_000, 2)} M`;
  if (abs >= 10_000) return `${f(v / 1000, 1)} k`;
  return f(v, abs < 10 ? 2 : 0);
}
