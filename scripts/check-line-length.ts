import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_LINE_LENGTH, isGenerated, longLines } from './long-lines';

// `npm run check:lines`: every TypeScript line at most 120 characters. Prettier keeps the code within its printWidth
// but leaves long strings, comments, JSX text and regular expressions as they are; this check catches those.
// Reports `file:line: length` for each longer line and exits 1 when there is any.
const ROOT = resolve(import.meta.dirname, '..');

// Tracked files, and new ones not yet added (git's ignore rules apply), so a check before a commit sees them too.
const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'],
  { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
)
  .split('\0')
  .filter((path) => path && !isGenerated(path));

let count = 0;
let checked = 0;
for (const path of [...new Set(files)].sort()) {
  const file = resolve(ROOT, path);
  // A file deleted but not yet staged is still listed by git.
  if (!existsSync(file)) continue;
  checked += 1;
  for (const { line, length } of longLines(readFileSync(file, 'utf8'))) {
    console.log(`${path}:${line}: ${length}`);
    count += 1;
  }
}

if (count > 0) {
  console.error(
    `${count} line${count === 1 ? '' : 's'} longer than ${MAX_LINE_LENGTH} characters: split long strings ` +
      "into concatenated pieces, move long texts to constants, wrap comments (then run 'npm run format').",
  );
  process.exit(1);
}
console.log(`${checked} files checked: no line longer than ${MAX_LINE_LENGTH} characters.`);
