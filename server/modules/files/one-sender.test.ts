import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const SERVER = resolve(import.meta.dirname, '../..');

/**
 * The places that read a stored file's bytes, each reviewed (docs/files.md, « Sending a file »):
 * only sendStoredFile sends them to a browser as they are.
 */
const READERS: Record<string, string> = {
  'modules/files/send-stored-file.ts': 'the one sender',
  'modules/files/file-routes.ts': 'the ZIP of several files: an archive, sent as an attachment (application/zip)',
  'modules/listepro/public-detail.ts': 'logos drawn into the directory PDF, PNG or JPEG by their bytes',
  'modules/visit-report/print-data.ts': 'the structure logo drawn into the report PDF, PNG or JPEG by its bytes',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one function sends every stored file', () => {
  it('finds a stored file read only in the reviewed places', () => {
    const readers = sources(SERVER)
      .filter((file) => /fileStorage\([^)]*\)\s*\.get\(|\bstorage\.get\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SERVER, file).split('\\').join('/'))
      .filter((file) => !file.startsWith('storage/'));
    expect(readers.sort()).toEqual(Object.keys(READERS).sort());
  });
});
