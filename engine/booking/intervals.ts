// Time intervals as half-open [start, end) in ms since the epoch: back-to-back intervals do not
// overlap, equal ones do (the reference's test missed that case, see docs/booking.md).

export interface Interval {
  start: number;
  end: number;
}

export function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** The largest number of intervals covering one same instant of [from, to). */
export function maxDepth(intervals: readonly Interval[], from: number, to: number): number {
  const edges: [number, number][] = [];
  for (const { start, end } of intervals) {
    if (!overlaps(start, end, from, to)) continue;
    edges.push([Math.max(start, from), 1], [Math.min(end, to), -1]);
  }
  // At one instant, an end comes before a start: [a, b) and [b, c) never stack.
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let depth = 0;
  let deepest = 0;
  for (const [, step] of edges) {
    depth += step;
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}
