import { describe, expect, it } from 'vitest';
import { BOUNDS, buildRaster, gridShape, latOfMercatorY, mercatorY, rasterCentroids } from './department-raster';
import { metropolitanDepartments, SCHEMA_FILE, withDepartments } from '../../../scripts/actimmo-departments';
import { readFileSync } from 'node:fs';

/** Cells of a raster as a grid of values (north row first). */
function decode(runs: number[], cols: number): number[][] {
  const flat: number[] = [];
  for (let i = 0; i < runs.length; i += 2) for (let k = 0; k < runs[i + 1]; k++) flat.push(runs[i]);
  return Array.from({ length: flat.length / cols }, (_, r) => flat.slice(r * cols, (r + 1) * cols));
}

/** Points every ~2 km over a lon/lat box, labelled dep. */
function square(west: number, south: number, size: number, dep: number) {
  const points = [];
  for (let lon = west; lon <= west + size; lon += 0.025)
    for (let lat = south; lat <= south + size; lat += 0.02) points.push({ lon, lat, dep });
  return points;
}

describe('offline department raster', () => {
  it('projects latitudes to Web Mercator and back', () => {
    for (const lat of [41.25, 45.1885, 51.2]) expect(latOfMercatorY(mercatorY(lat))).toBeCloseTo(lat, 9);
  });

  it(
    'gives each cell the department of the nearest centre within reach, ' +
      'leaves the sea empty and fills inland holes',
    () => {
      // Two departments side by side, the first with a hole (no centre) in its middle.
      const west = square(2, 46, 1, 1).filter((p) => Math.abs(p.lon - 2.5) > 0.2 || Math.abs(p.lat - 46.5) > 0.2);
      const raster = buildRaster([...west, ...square(3.0125, 46, 1, 2)], ['01', '02']);
      const { cols, rows } = gridShape();
      expect([raster.cols, raster.rows]).toEqual([cols, rows]);
      const grid = decode(raster.runs, cols);
      expect(grid).toHaveLength(rows);
      const cell = (lon: number, lat: number) => {
        const c = Math.floor((lon - BOUNDS.west) / 0.05);
        const r = Math.floor((mercatorY(BOUNDS.north) - mercatorY(lat)) / ((0.05 * Math.PI) / 180));
        return grid[r][c];
      };
      expect(cell(2.2, 46.2)).toBe(1);
      expect(cell(3.7, 46.8)).toBe(2);
      // The hole is about 40 km across, farther than REACH_KM from any centre: filled from around.
      expect(cell(2.5, 46.5)).toBe(1);
      // Far from every centre: empty.
      expect(cell(0, 44)).toBe(0);
      expect(cell(8, 50)).toBe(0);
      const centroids = rasterCentroids(raster);
      // Each area reaches REACH_KM (0.14° of longitude here) past its outer centres; they meet halfway.
      expect(centroids.get('01')!.lon).toBeCloseTo((2 - 0.142 + 3.006) / 2, 1);
      expect(centroids.get('02')!.lon).toBeCloseTo((3.006 + 4.0125 + 0.142) / 2, 1);
      expect(centroids.get('01')!.lat).toBeCloseTo(46.5, 1);
    },
  );
});

describe('the department list of actimmo-department.schema.json', () => {
  it('is the 96 metropolitan departments of the official code, as scripts/actimmo-departments.ts writes it', () => {
    const departments = metropolitanDepartments();
    expect(departments).toHaveLength(96);
    expect(departments.map((d) => d.code)).toEqual(expect.arrayContaining(['01', '2A', '2B', '38', '95']));
    expect(departments.map((d) => d.code)).not.toContain('20');
    expect(departments.find((d) => d.code === '2A')!.name).toBe('Corse-du-Sud');
    const text = readFileSync(SCHEMA_FILE, 'utf8');
    expect(withDepartments(text, departments)).toBe(text);
  });
});
