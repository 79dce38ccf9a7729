import { describe, expect, it } from 'vitest';
import { decodeRuns, traceGrid, traceOutlines, type DepartmentRaster } from './trace-outlines';

/** Even-odd rule: is the point inside the rings? (what SVG and Leaflet fill) */
function inside(rings: [number, number][][], px: number, py: number): boolean {
  let odd = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

/** A small deterministic random generator (the same grids on every run). */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('department outlines from the raster', () => {
  it('outlines one cell with its four corners and a straight block with four corners too', () => {
    expect(traceGrid(Uint8Array.from([1]), 1, 1).get(1)).toEqual([
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
    ]);
    const block = traceGrid(Uint8Array.from([2, 2, 2, 2, 2, 2]), 3, 2).get(2)!;
    expect(block).toHaveLength(1);
    expect(block[0]).toHaveLength(4);
  });

  it('gives a department with a hole an outer ring and an inner ring', () => {
    const grid = Uint8Array.from([1, 1, 1, 1, 2, 1, 1, 1, 1]);
    const rings = traceGrid(grid, 3, 3);
    expect(
      rings
        .get(1)!
        .map((r) => r.length)
        .sort(),
    ).toEqual([4, 4]);
    expect(inside(rings.get(1)!, 1.5, 1.5)).toBe(false);
    expect(inside(rings.get(2)!, 1.5, 1.5)).toBe(true);
  });

  it('fills exactly the cells of each department, cells touching by a corner included (random grids)', () => {
    const next = random(7);
    for (let n = 0; n < 40; n++) {
      const cols = 3 + Math.floor(next() * 9);
      const rows = 3 + Math.floor(next() * 7);
      const grid = Uint8Array.from({ length: cols * rows }, () => Math.floor(next() * 4));
      const rings = traceGrid(grid, cols, rows);
      for (let y = 0; y < rows; y++) {
        for (let x = 0; x < cols; x++) {
          for (const value of [1, 2, 3]) {
            expect(inside(rings.get(value) ?? [], x + 0.5, y + 0.5)).toBe(grid[y * cols + x] === value);
          }
        }
      }
    }
  });

  it('decodes the run lengths and places corners on the Web-Mercator grid, north-west first', () => {
    const raster: DepartmentRaster = {
      west: 2,
      east: 4,
      south: 45,
      north: 47,
      cols: 2,
      rows: 2,
      codes: ['38', '73'],
      runs: [1, 2, 2, 1, 0, 1],
    };
    expect([...decodeRuns(raster)]).toEqual([1, 1, 2, 0]);
    const outlines = traceOutlines(raster);
    expect(outlines.get('38')).toEqual([[[47, 2], [47, 4], expect.anything(), [expect.anything(), 2]]]);
    const [, , [midLat, east]] = outlines.get('38')![0];
    expect(east).toBe(4);
    // Halfway in Mercator y between 45° and 47°, a little north of 46°.
    expect(midLat).toBeGreaterThan(46);
    expect(midLat).toBeLessThan(46.02);
    expect(outlines.get('73')![0]).toHaveLength(4);
  });
});
