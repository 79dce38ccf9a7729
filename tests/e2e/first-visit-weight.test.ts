import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';

// Issue 3, item 11: a public page ships at most 150 KB of gzipped JavaScript on its first load;
// staff screens, the form editor, the simulators and the maps load on demand. A size is a budget,
// so it is a test (timings are benchmarks).
const BUDGET = 150 * 1024;
const DIST = process.env.TEST_CLIENT_DIST ?? resolve(import.meta.dirname, '../../client/dist');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function manifest(): Record<string, Chunk> {
  const file = join(DIST, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the client first (npm test does it)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

/** Files a browser downloads for a chunk: the chunk and, transitively, its static imports. */
function closure(chunks: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  const c = chunks[key];
  if (!c || seen.has(c.file)) return seen;
  seen.add(c.file);
  for (const i of c.imports ?? []) closure(chunks, i, seen);
  return seen;
}

function weigh(files: Set<string>): number {
  let total = 0;
  for (const f of files) if (f.endsWith('.js')) total += gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length;
  return total;
}

function firstVisit(screen: string): { bytes: number; files: string[] } {
  const chunks = manifest();
  const entry = Object.entries(chunks).find(([, c]) => c.isEntry)!;
  const screenKey = Object.keys(chunks).find((k) => k.endsWith(`/${screen}.tsx`));
  if (!screenKey) throw new Error(`no chunk for ${screen}`);
  const files = closure(chunks, entry[0]);
  closure(chunks, screenKey, files);
  return { bytes: weigh(files), files: [...files] };
}

describe('weight of a first visit', () => {
  for (const screen of ['LoginScreen', 'HomeScreen']) {
    it(`${screen}: at most 150 KB of gzipped JavaScript, and no staff, editor, simulator or map code`, () => {
      const { bytes, files } = firstVisit(screen);
      const scripts = files.filter((f) => f.endsWith('.js')).length;
      console.log(`${screen}: ${(bytes / 1024).toFixed(1)} KB gzipped JavaScript in ${scripts} files`);
      expect(bytes).toBeLessThanOrEqual(BUDGET);
      expect(
        files.filter((f) => /GenericEdit|GenericList|FormEditor|thermix|therminix|ecorenover|leaflet|Map/i.test(f)),
      ).toEqual([]);
    });
  }
});
