/**
 * Department outlines from the server's offline raster (GET /api/v1/territories/departement-map/):
 * each department's cells become rings of [lat, lon] points that Leaflet draws as one polygon.
 *
 * Every cell side where the neighbour belongs to another department is a boundary edge, oriented
 * clockwise around its cell; the edges of one department then join head to tail into closed rings
 * (outer borders, islands and holes alike). Drawn with the even-odd rule — Leaflet's default —
 * the rings fill exactly the department's cells, whichever way a ring turns at a corner where two
 * cells touch diagonally. Straight runs are kept as one segment.
 */

// The server's raster type (type-only import): what GET /territories/departement-map/ answers.
import type { DepartmentRaster } from '../../../server/modules/actimmo-map/department-raster';

export type { DepartmentRaster };

export type Ring = [number, number][];

const RAD = Math.PI / 180;
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));
const latOfMercatorY = (y: number) => (2 * Math.atan(Math.exp(y)) - Math.PI / 2) / RAD;

export function decodeRuns(raster: DepartmentRaster): Uint8Array {
  const grid = new Uint8Array(raster.cols * raster.rows);
  let at = 0;
  for (let i = 0; i < raster.runs.length; i += 2) {
    grid.fill(raster.runs[i], at, at + raster.runs[i + 1]);
    at += raster.runs[i + 1];
  }
  return grid;
}

/** Rings per department, in grid coordinates (x to the east, y to the south, in cells). */
export function traceGrid(grid: Uint8Array, cols: number, rows: number): Map<number, [number, number][][]> {
  const W = cols + 1;
  // Outgoing edges per department and start vertex: vertex id = y * W + x.
  const edges = new Map<number, Map<number, number[]>>();
  const add = (value: number, from: number, to: number) => {
    let byVertex = edges.get(value);
    if (!byVertex) edges.set(value, (byVertex = new Map()));
    const list = byVertex.get(from);
    if (list) list.push(to);
    else byVertex.set(from, [to]);
  };
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const v = grid[y * cols + x];
      if (!v) continue;
      const tl = y * W + x;
      const tr = tl + 1;
      const bl = tl + W;
      const br = bl + 1;
      if (y === 0 || grid[(y - 1) * cols + x] !== v) add(v, tl, tr);
      if (x === cols - 1 || grid[y * cols + x + 1] !== v) add(v, tr, br);
      if (y === rows - 1 || grid[(y + 1) * cols + x] !== v) add(v, br, bl);
      if (x === 0 || grid[y * cols + x - 1] !== v) add(v, bl, tl);
    }
  }
  const out = new Map<number, [number, number][][]>();
  for (const [value, byVertex] of edges) {
    const rings: [number, number][][] = [];
    for (const [start, outgoing] of byVertex) {
      while (outgoing.length) {
        // Every vertex has as many edges in as out, so a walk always finds a way back to its start.
        const walk = [start];
        let at = outgoing.pop()!;
        while (at !== start) {
          walk.push(at);
          at = byVertex.get(at)!.pop()!;
        }
        rings.push(corners(walk, W));
      }
    }
    out.set(value, rings);
  }
  return out;
}

/** The corners of a closed walk of unit steps (vertex ids), as [x, y]. */
function corners(walk: number[], W: number): [number, number][] {
  const n = walk.length;
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const before = walk[i] - walk[(i + n - 1) % n];
    const after = walk[(i + 1) % n] - walk[i];
    if (before !== after) out.push([walk[i] % W, Math.floor(walk[i] / W)]);
  }
  return out;
}

/** Rings per department code, as [lat, lon] points on the raster's Web-Mercator grid. */
export function traceOutlines(raster: DepartmentRaster): Map<string, Ring[]> {
  const { cols, rows, west, east } = raster;
  const yNorth = mercatorY(raster.north);
  const cellY = (yNorth - mercatorY(raster.south)) / rows;
  const cellX = (east - west) / cols;
  const out = new Map<string, Ring[]>();
  for (const [value, rings] of traceGrid(decodeRuns(raster), cols, rows)) {
    const code = raster.codes[value - 1];
    if (!code) continue;
    out.set(
      code,
      rings.map((ring) =>
        ring.map(([x, y]) => [
          Math.round(latOfMercatorY(yNorth - y * cellY) * 1e5) / 1e5,
          Math.round((west + x * cellX) * 1e5) / 1e5,
        ]),
      ),
    );
  }
  return out;
}
