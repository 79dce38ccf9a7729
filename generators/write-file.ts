import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';

/** `--check`: report what would change instead of writing (the CI drift check). */
export const CHECK_ONLY = process.argv.includes('--check');
export const stale: string[] = [];

/** Writes only when the content changes, and says so: the CI drift check relies on stable output. */
export function writeIfChanged(file: string, content: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return false;
  if (CHECK_ONLY) {
    stale.push(file.replace(process.cwd() + '/', ''));
    return true;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`  wrote ${file.replace(process.cwd() + '/', '')}`);
  return true;
}

export function json(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}
