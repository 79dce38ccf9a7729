import { communeCentre, territories, type Commune } from '../territories';

/**
 * A drawable map of the metropolitan departments, made offline from what the server already has:
 * the commune centres (server/modules/territories/commune-centres.ts). No department outline ships
 * with the administrative-division package, and this machine reaches no tile server, so the
 * outlines are approximated: metropolitan France is cut into a grid of about 4 km cells and each
 * cell goes to the department of the nearest commune centre, if one lies within REACH_KM (the sea
 * and the far side of the borders stay empty). Holes inside the land (a large commune whose centre
 * is far from its edges) take their neighbours' department. The browser traces the outlines.
 *
 * Rows are evenly spaced in Web Mercator y (not in latitude), so that the grid lies exactly on a
 * Leaflet map in its default projection, cell for cell. Built on first use (about 0.3 s with the
 * centres), then kept.
 */

export const BOUNDS = { west: -5.3, east: 9.7, south: 41.25, north: 51.2 } as const;
/** Cell width in degrees of longitude (about 3.9 km at 45° N). */
export const CELL_DEG = 0.05;
export const REACH_KM = 11;

export interface DepartmentRaster {
  west: number;
  east: number;
  south: number;
  north: number;
  cols: number;
  rows: number;
  /** Value v in `runs` stands for codes[v - 1]; 0 is no department. */
  codes: string[];
  /** Row after row, from north to south: value, run length, value, run length… */
  runs: number[];
}

export interface DepartmentCentroid {
  code: string;
  name: string;
  lat: number;
  lon: number;
}

const RAD = Math.PI / 180;
export const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));
export const latOfMercatorY = (y: number) => (2 * Math.atan(Math.exp(y)) - Math.PI / 2) / RAD;

/** A metropolitan department code: two characters (01…95, 2A, 2B); overseas ones have three. */
export const isMetropolitan = (code: string) => code.length === 2;

interface Point {
  lat: number;
  lon: number;
  dep: number;
}

/** Grid dimensions for the bounds: square cells at the map's middle latitude. */
export function gridShape() {
  const cols = Math.round((BOUNDS.east - BOUNDS.west) / CELL_DEG);
  const cellY = CELL_DEG * RAD;
  const rows = Math.round((mercatorY(BOUNDS.north) - mercatorY(BOUNDS.south)) / cellY);
  return { cols, rows, cellY };
}

/**
 * Builds the raster from points (commune centres) labelled with a department index (1-based).
 * Pure, for tests: `buildRaster(points, codes)`.
 */
export function buildRaster(points: Point[], codes: string[]): DepartmentRaster {
  const { cols, rows, cellY } = gridShape();
  const yNorth = mercatorY(BOUNDS.north);
  // Points in buckets of BUCKET degrees, so that a cell looks at its 3×3 neighbourhood only.
  const BUCKET = 0.15;
  const buckets = new Map<number, Point[]>();
  const key = (bLon: number, bLat: number) => (bLon + 1000) * 10_000 + bLat;
  for (const p of points) {
    const k = key(Math.floor(p.lon / BUCKET), Math.floor(p.lat / BUCKET));
    const list = buckets.get(k);
    if (list) list.push(p);
    else buckets.set(k, [p]);
  }
  const grid = new Uint8Array(cols * rows);
  const reachDeg2 = (REACH_KM / 111.2) ** 2;
  for (let r = 0; r < rows; r++) {
    const lat = latOfMercatorY(yNorth - (r + 0.5) * cellY);
    const kx = Math.cos(lat * RAD);
    const bLat = Math.floor(lat / BUCKET);
    for (let c = 0; c < cols; c++) {
      const lon = BOUNDS.west + (c + 0.5) * CELL_DEG;
      const bLon = Math.floor(lon / BUCKET);
      let best = reachDeg2;
      let dep = 0;
      for (let i = -1; i <= 1; i++) {
        for (let j = -1; j <= 1; j++) {
          for (const p of buckets.get(key(bLon + i, bLat + j)) ?? []) {
            const dx = (p.lon - lon) * kx;
            const dy = p.lat - lat;
            const d2 = dx * dx + dy * dy;
            if (d2 < best) {
              best = d2;
              dep = p.dep;
            }
          }
        }
      }
      grid[r * cols + c] = dep;
    }
  }
  fillHoles(grid, cols, rows);
  return { ...BOUNDS, cols, rows, codes, runs: runLengths(grid, cols, rows) };
}

/** Empty cells not reachable from the grid's edge are inland holes: they take a neighbour's value. */
function fillHoles(grid: Uint8Array, cols: number, rows: number): void {
  const outside = new Uint8Array(grid.length);
  const queue: number[] = [];
  const visit = (i: number) => {
    if (grid[i] === 0 && !outside[i]) {
      outside[i] = 1;
      queue.push(i);
    }
  };
  for (let c = 0; c < cols; c++) {
    visit(c);
    visit((rows - 1) * cols + c);
  }
  for (let r = 0; r < rows; r++) {
    visit(r * cols);
    visit(r * cols + cols - 1);
  }
  while (queue.length) {
    const i = queue.pop()!;
    const r = Math.floor(i / cols);
    const c = i % cols;
    if (c > 0) visit(i - 1);
    if (c < cols - 1) visit(i + 1);
    if (r > 0) visit(i - cols);
    if (r < rows - 1) visit(i + cols);
  }
  // Grow the land into the holes, one ring of cells at a time.
  let pending = [...grid.keys()].filter((i) => grid[i] === 0 && !outside[i]);
  while (pending.length) {
    const next: number[] = [];
    const fills: [number, number][] = [];
    for (const i of pending) {
      const c = i % cols;
      const around = [
        c > 0 ? grid[i - 1] : 0,
        c < cols - 1 ? grid[i + 1] : 0,
        i >= cols ? grid[i - cols] : 0,
        i + cols < grid.length ? grid[i + cols] : 0,
      ];
      const value = around.find((v) => v !== 0);
      if (value) fills.push([i, value]);
      else next.push(i);
    }
    if (!fills.length) break;
    for (const [i, v] of fills) grid[i] = v;
    pending = next;
  }
}

function runLengths(grid: Uint8Array, cols: number, rows: number): number[] {
  const runs: number[] = [];
  for (let r = 0; r < rows; r++) {
    let value = grid[r * cols];
    let length = 0;
    for (let c = 0; c < cols; c++) {
      const v = grid[r * cols + c];
      if (v === value) length += 1;
      else {
        runs.push(value, length);
        value = v;
        length = 1;
      }
    }
    runs.push(value, length);
  }
  return runs;
}

/** Centroid of each department's cells (the centre of its drawn area), in degrees. */
export function rasterCentroids(raster: DepartmentRaster): Map<string, { lat: number; lon: number }> {
  const { cols, cellY } = gridShape();
  const yNorth = mercatorY(raster.north);
  const sums = raster.codes.map(() => ({ lon: 0, y: 0, n: 0 }));
  let i = 0;
  for (let k = 0; k < raster.runs.length; k += 2) {
    const [value, length] = [raster.runs[k], raster.runs[k + 1]];
    if (value) {
      const r = Math.floor(i / cols);
      const c0 = i % cols;
      const s = sums[value - 1];
      s.lon += length * (BOUNDS.west + (c0 + length / 2) * CELL_DEG);
      s.y += length * (yNorth - (r + 0.5) * cellY);
      s.n += length;
    }
    i += length;
  }
  const out = new Map<string, { lat: number; lon: number }>();
  sums.forEach((s, idx) => {
    if (s.n) out.set(raster.codes[idx], { lat: round(latOfMercatorY(s.y / s.n)), lon: round(s.lon / s.n) });
  });
  return out;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

let raster: DepartmentRaster | null = null;
let centroids: DepartmentCentroid[] | null = null;

/** The raster of the metropolitan departments from the commune centres (built once). */
export function departmentRaster(): DepartmentRaster {
  if (!raster) {
    const t = territories();
    const codes = [...t.departements.keys()].filter(isMetropolitan).sort();
    const index = new Map(codes.map((code, i) => [code, i + 1]));
    const points: Point[] = [];
    for (const c of t.communeList as Commune[]) {
      const dep = index.get(c.departement);
      const centre = dep ? communeCentre(c.code) : null;
      if (dep && centre) points.push({ lat: centre.lat, lon: centre.lon, dep });
    }
    raster = buildRaster(points, codes);
  }
  return raster;
}

/**
 * Every department's centroid: for the metropolitan ones the centre of their drawn area (the
 * raster above), for the others the mean of their commune centres.
 */
export function departmentCentroids(): DepartmentCentroid[] {
  if (!centroids) {
    const t = territories();
    const drawn = rasterCentroids(departmentRaster());
    centroids = [];
    for (const d of [...t.departements.values()].sort((a, b) => a.code.localeCompare(b.code))) {
      let point = drawn.get(d.code) ?? null;
      if (!point) {
        const centres = (t.communesByDepartement.get(d.code) ?? [])
          .map((c) => communeCentre(c.code))
          .filter((c) => c !== null);
        if (centres.length)
          point = {
            lat: round(centres.reduce((s, c) => s + c.lat, 0) / centres.length),
            lon: round(centres.reduce((s, c) => s + c.lon, 0) / centres.length),
          };
      }
      if (point) centroids.push({ code: d.code, name: d.name, ...point });
    }
  }
  return centroids;
}
