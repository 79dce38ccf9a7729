import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// `npm start`: build the client when its sources are newer than the last build, then run the
// server (which migrates the database and seeds the demo data into an empty one).
const ROOT = resolve(import.meta.dirname, '..');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const builtAt = newest(join(ROOT, 'client/dist/index.html'));
const sourcesAt = Math.max(...['client', 'engine', 'schemas', 'package.json'].map((p) => newest(join(ROOT, p))));
if (!builtAt || sourcesAt > builtAt) {
  console.log('Building the client…');
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
}
await import('../server/main');
